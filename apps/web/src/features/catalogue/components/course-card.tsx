import { COURSE_CARD_IMAGE_SIZES, type Course } from '@shop/shared';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/stores/hooks';
import { CourseImage, uploadedCopies } from '@/components/ui/course-image';
import { CartAddIcon } from '@/components/ui/icons';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { categoryLabel } from '@/lib/i18n/category';
import { useCourseText } from '@/lib/i18n/course-text';
import { formatShortDay, nextSessionOf } from '@/lib/sessions';

import { cartItemAdded, cartLineOf } from '@/stores/cart-slice';
import './course-card.css';

interface CourseCardProps {
  course: Course;
  /** The card opens the first row: its image loads at once, the first one with high priority (the list's largest paint). */
  priority?: 'high' | 'eager';
  /** h2 under a page's h1 (catalogue), h3 under a section's h2 (home lists). */
  headingLevel?: 'h2' | 'h3';
}

/** Catalogue card: first image, name, price in Tnd, stars, add icon (qty 1), View Details. */
export function CourseCard({ course, priority, headingLevel: Heading = 'h3' }: CourseCardProps) {
  const { t } = useTranslation();
  const { name } = useCourseText(course);
  const inCart = useAppSelector((s) => s.cart.cartItems.some((line) => line.course === course._id));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Issue 33: the next session's start ("Starts 12 Jan"), or dates on request (null); a list
  // answer without the field (older cache) shows neither.
  const nextSession = nextSessionOf(course);
  const hasDates = course.nextSession !== undefined;
  const soldOut = course.availability <= 0;
  const image = course.images[0];
  const addLabel = soldOut
    ? t('catalogue.card.soldOut', { name })
    : inCart
      ? t('catalogue.card.inCart', { name })
      : t('catalogue.card.add', { name });

  return (
    <article className="course-card">
      <Link
        to={paths.course(course._id)}
        className="course-card__media"
        tabIndex={-1}
        aria-hidden="true"
      >
        <CourseImage
          className="course-card__image"
          src={image}
          {...uploadedCopies(image, COURSE_CARD_IMAGE_SIZES)}
          width={350}
          height={263}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority === 'high' ? { fetchPriority: 'high' as const } : {})}
        />
      </Link>
      <div className="course-card__body">
        {/* The badge sits beside the categories, never over the picture: course pictures carry
            their own category chip in a corner, which an overlay would hide. */}
        <div className="course-card__tags">
          <p className="course-card__categories">
            {course.category.map((category) => categoryLabel(t, category)).join(' · ')}
          </p>
          {soldOut && <span className="course-card__ribbon">{t('catalogue.detail.soldOut')}</span>}
        </div>
        <Heading className="course-card__title">
          <Link to={paths.course(course._id)}>{name}</Link>
        </Heading>
        <Stars
          value={course.rating}
          text={t('catalogue.card.reviews', { count: course.numReviews })}
        />
        {hasDates && (
          <p className="course-card__dates">
            {nextSession
              ? t('sessions.startsOn', { date: formatShortDay(nextSession.startsAt) })
              : t('sessions.onRequest')}
          </p>
        )}
        <div className="course-card__footer">
          <p className="course-card__price">{formatMoney(course.price, 'catalogue')}</p>
          <button
            type="button"
            className={`course-card__add${inCart ? ' course-card__add--in-cart' : ''}`}
            aria-label={addLabel}
            title={addLabel}
            disabled={inCart || soldOut}
            onClick={() =>
              // A course in sessions: the cart takes the first open session (the cart route).
              nextSession
                ? void navigate(paths.cart(course._id, 1))
                : dispatch(cartItemAdded(cartLineOf(course, 1)))
            }
          >
            <CartAddIcon filled={inCart} />
          </button>
        </div>
        <Link
          className="button button--ghost button--small button--block"
          to={paths.course(course._id)}
        >
          {t('catalogue.card.viewDetails')}
          <span className="visually-hidden">: {name}</span>
        </Link>
      </div>
    </article>
  );
}

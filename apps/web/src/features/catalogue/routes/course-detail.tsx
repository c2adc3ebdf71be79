import { useDeferredValue, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { CountOptions } from '@/components/ui/count-options';
import { QueryError } from '@/components/ui/query-error';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { useGetCourseQuery } from '@/lib/api/courses';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { courseText } from '@/lib/i18n/course-text';
import { categoryLabel } from '@/lib/i18n/category';

import { maxSeats } from '@/lib/seats';
import { isBookable, sessionsOf } from '@/lib/sessions';
import { SessionPicker } from '../components/session-picker';
import { SessionWaitlist } from '../components/session-waitlist';
import { useMyWaitlist, withOffers } from '@/lib/waitlist';
import { CourseDetailSkeleton } from '../components/course-detail-skeleton';
import { Gallery } from '../components/gallery';
import { ReviewForm, ReviewList } from '../components/reviews';
import { ShareLinks } from '../components/share-links';
import './course-detail.css';

export function CourseDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetCourseQuery(id);
  // The answer arrives through a store subscription, which React renders in one go: the page is
  // rendered from the deferred copy instead, in a transition that gives the main thread back
  // every few milliseconds (one task of ~100 ms on Lighthouse's phone before, issue 23).
  const course = useDeferredValue(data);
  const [qty, setQty] = useState(1);
  // The session the customer picked (issue 33); null: the first open one. `?session=` (the
  // waitlist offer mail's link, issue 34) preselects one.
  const [searchParams] = useSearchParams();
  const [pickedSession, setPickedSession] = useState<string | null>(searchParams.get('session'));
  // Issue 34: the customer's waitlists; seats held for them by an offer count with the seats left.
  const waitlist = useMyWaitlist();
  const navigate = useNavigate();
  const qtyId = useId();
  const reviewsId = useId();

  // The page's final boxes while the course loads: the footer and sections below keep their place.
  if (isLoading || (data && !course)) return <CourseDetailSkeleton />;
  if (error || !course) {
    return (
      <div className="container page">
        <QueryError error={error} onRetry={() => void refetch()} />
        <Link to={paths.courses}>{t('catalogue.detail.back')}</Link>
      </div>
    );
  }

  const { name, description } = courseText(course, currentLanguage());
  // A course with sessions sells the seats of the session chosen; without, its availability.
  const sessions = withOffers(sessionsOf(course), waitlist.offers);
  const session =
    sessions.find((s) => s._id === pickedSession && isBookable(s)) ??
    sessions.find((s) => isBookable(s));
  const seats = sessions.length > 0 ? (session?.seatsLeft ?? 0) : course.availability;
  const soldOut = seats <= 0;
  const mostSeats = maxSeats(seats);

  return (
    <article className="course-detail container page">
      <Link className="course-detail__back" to={paths.courses}>
        <span className="flip-rtl" aria-hidden="true">
          ←
        </span>{' '}
        {t('catalogue.detail.back')}
      </Link>
      <div className="course-detail__grid">
        <Gallery images={course.images} name={name} />
        <div className="course-detail__info">
          <p className="course-detail__categories">
            {course.category.map((category) => categoryLabel(t, category)).join(' · ')}
          </p>
          <h1 className="course-detail__title">{name}</h1>
          <Stars
            value={course.rating}
            text={t('catalogue.card.reviews', { count: course.numReviews })}
          />
          <p className="course-detail__price">{formatMoney(course.price, 'catalogue')}</p>

          <dl className="course-detail__facts">
            <div>
              <dt>{t('catalogue.detail.status')}</dt>
              <dd className={soldOut ? 'course-detail__status--out' : 'course-detail__status--in'}>
                {soldOut
                  ? t('catalogue.detail.soldOut')
                  : `${t('catalogue.detail.available')} · ${t('catalogue.detail.seatsLeft', { count: sessions.length > 0 ? sessions.reduce((n, s) => n + (s.status === 'cancelled' ? 0 : s.seatsLeft), 0) : course.availability })}`}
              </dd>
            </div>
            <div>
              <dt>{t('catalogue.detail.categories')}</dt>
              <dd>{course.category.map((category) => categoryLabel(t, category)).join(', ')}</dd>
            </div>
          </dl>

          <form
            className="course-detail__buy"
            onSubmit={(event) => {
              event.preventDefault();
              void navigate(paths.cart(course._id, Math.min(qty, maxSeats(seats)), session?._id));
            }}
          >
            {sessions.length > 0 && (
              <SessionPicker
                sessions={sessions}
                value={session?._id ?? null}
                onChange={(next) => {
                  setPickedSession(next._id);
                  setQty((current) => Math.min(current, Math.max(1, maxSeats(next.seatsLeft))));
                }}
              />
            )}
            {sessions.length > 0 && (
              <SessionWaitlist
                courseId={course._id}
                sessions={sessions}
                entries={waitlist.entries}
                signedIn={waitlist.signedIn}
              />
            )}
            {sessions.length > 0 && !session && (
              <p className="message message--info" role="status">
                {t('sessions.noneOpen')}
              </p>
            )}
            {!soldOut && (
              <div className="field course-detail__qty">
                <label className="field__label" htmlFor={qtyId}>
                  {t('catalogue.detail.quantity')}
                </label>
                <select
                  id={qtyId}
                  className="field__input"
                  value={Math.min(qty, mostSeats)}
                  onChange={(event) => setQty(Number(event.target.value))}
                >
                  <CountOptions max={mostSeats} />
                </select>
              </div>
            )}
            <button
              type="submit"
              className="button button--accent course-detail__add"
              disabled={soldOut}
            >
              {t('catalogue.detail.addToCart')}
            </button>
          </form>

          <ShareLinks url={window.location.href} title={name} />
        </div>
      </div>

      <section className="course-detail__section" aria-labelledby={`${reviewsId}-about`}>
        <h2 id={`${reviewsId}-about`} className="section-title">
          {t('catalogue.detail.description')}
        </h2>
        <p className="course-detail__description">{description}</p>
      </section>

      <section className="course-detail__section reviews" aria-labelledby={reviewsId}>
        <h2 id={reviewsId} className="section-title">
          {t('catalogue.detail.reviewsTitle')}
        </h2>
        <div className="reviews__grid">
          <ReviewList reviews={course.reviews} />
          <ReviewForm courseId={course._id} />
        </div>
      </section>
    </article>
  );
}

import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Review } from '@shop/shared';
import { useAppSelector } from '@/stores/hooks';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useTranslation } from 'react-i18next';

const ReviewFormFields = lazy(() =>
  import('./review-form').then((m) => ({ default: m.ReviewFormFields })),
);

/** A course's reviews; those whose author has a paid or learned order of it say "Verified learner". */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t } = useTranslation();
  if (reviews.length === 0)
    return <p className="message message--info">{t('catalogue.detail.noReviews')}</p>;
  return (
    <ul className="reviews__list">
      {reviews.map((review) => (
        <li key={review._id} className="reviews__item">
          <p className="reviews__name">
            {review.name}
            {review.verified && (
              <span className="reviews__verified">
                <span aria-hidden="true">✓ </span>
                {t('catalogue.detail.verifiedLearner')}
              </span>
            )}
          </p>
          <Stars value={review.rating} />
          <p className="reviews__date">{formatDate(review.createdAt)}</p>
          <p className="reviews__comment">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Signed-in users write a review (the form loads on demand); others get a sign-in link back to
 * this course.
 */
export function ReviewForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const signedIn = useAppSelector((s) => !!s.user.userInfo);
  if (!signedIn) {
    return (
      <p className="message message--info">
        <Link to={paths.login(`course/${courseId}`)}>{t('catalogue.detail.signInToReview')}</Link>
      </p>
    );
  }
  return (
    <Suspense fallback={null}>
      <ReviewFormFields courseId={courseId} />
    </Suspense>
  );
}

import { useId, useState } from 'react';
import { REVIEW_COMMENT_MAX, type Review } from '@shop/shared';
import { Link } from 'react-router';
import { useAppSelector } from '@/app/store';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { useCreateReviewMutation } from '@/lib/api/courses';
import { errorMessage } from '@/lib/api/errors';
import { formatDate } from '@/lib/format';
import { text } from '@/lib/i18n';

const t = text.catalogue.detail;

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="message message--info">{t.noReviews}</p>;
  return (
    <ul className="reviews__list">
      {reviews.map((review) => (
        <li key={review._id} className="reviews__item">
          <p className="reviews__name">{review.name}</p>
          <Stars value={review.rating} />
          <p className="reviews__date">{formatDate(review.createdAt)}</p>
          <p className="reviews__comment">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}

/** Signed-in users write a review; others get a sign-in link back to this course. */
export function ReviewForm({ courseId }: { courseId: string }) {
  const signedIn = useAppSelector((s) => !!s.user.userInfo);
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [createReview, { isLoading, error, reset }] = useCreateReviewMutation();
  const formId = useId();

  if (!signedIn) {
    return (
      <p className="message message--info">
        <Link to={paths.login(`course/${courseId}`)}>{t.signInToReview}</Link>
      </p>
    );
  }

  return (
    <form
      className="review-form"
      aria-labelledby={`${formId}-title`}
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await createReview({ courseId, rating: Number(rating), comment: comment.trim() });
        if ('data' in result) {
          window.alert(t.reviewSubmitted);
          setRating('');
          setComment('');
        }
      }}
    >
      <h3 id={`${formId}-title`} className="review-form__title">
        {t.writeReview}
      </h3>
      {error && (
        <p className="message message--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-rating`}>
          {t.rating}
        </label>
        <select
          id={`${formId}-rating`}
          className="field__input"
          required
          value={rating}
          onChange={(event) => {
            setRating(event.target.value);
            reset();
          }}
        >
          <option value="">{t.chooseRating}</option>
          {t.ratings.map((label, index) => (
            <option key={label} value={index + 1}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-comment`}>
          {t.comment}
        </label>
        <textarea
          id={`${formId}-comment`}
          className="field__input"
          required
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={isLoading}>
        {t.submitReview}
      </button>
    </form>
  );
}

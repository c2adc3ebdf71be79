import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { REVIEW_COMMENT_MAX, reviewBodySchema, type Review, type ReviewBody } from '@shop/shared';
import { useAppSelector } from '@/app/store';
import { SelectField, TextAreaField } from '@/components/form/choice-fields';
import { Form, FormError } from '@/components/form/form';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { useCreateReviewMutation } from '@/lib/api/courses';
import { showServerError } from '@/lib/forms/server-errors';
import { formatDate } from '@/lib/format';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The server's `reviewBodySchema`; the rating comes from a select, as text ('' until chosen). */
const reviewFormSchema = reviewBodySchema.extend({
  rating: z.string().transform(Number).pipe(reviewBodySchema.shape.rating),
});
type ReviewFormInput = z.input<typeof reviewFormSchema>;
const RATING_OPTIONS = (t: TFunction) =>
  t('catalogue.detail.ratings', { returnObjects: true }).map((label, index) => ({
    value: String(index + 1),
    label,
  }));

export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t } = useTranslation();
  if (reviews.length === 0)
    return <p className="message message--info">{t('catalogue.detail.noReviews')}</p>;
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
  const { t } = useTranslation();
  const signedIn = useAppSelector((s) => !!s.user.userInfo);
  const [createReview] = useCreateReviewMutation();
  const formId = useId();
  const form = useForm<ReviewFormInput, unknown, ReviewBody>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { rating: '', comment: '' },
  });

  if (!signedIn) {
    return (
      <p className="message message--info">
        <Link to={paths.login(`course/${courseId}`)}>{t('catalogue.detail.signInToReview')}</Link>
      </p>
    );
  }

  const submit = async (review: ReviewBody) => {
    try {
      await createReview({ courseId, ...review }).unwrap();
      window.alert(t('catalogue.detail.reviewSubmitted'));
      form.reset();
    } catch (error) {
      showServerError(form.setError, error, { fields: ['rating', 'comment'] });
    }
  };

  return (
    <Form
      className="review-form"
      aria-labelledby={`${formId}-title`}
      form={form}
      onSubmit={submit}
      // An earlier refusal ('Course already reviewed') goes once the review is changed.
      onChange={() => form.clearErrors('root.server')}
    >
      <h3 id={`${formId}-title`} className="review-form__title">
        {t('catalogue.detail.writeReview')}
      </h3>
      <FormError />
      <SelectField
        id={`${formId}-rating`}
        name="rating"
        label={t('catalogue.detail.rating')}
        placeholder={t('catalogue.detail.chooseRating')}
        options={RATING_OPTIONS(t)}
        required
      />
      <TextAreaField
        id={`${formId}-comment`}
        name="comment"
        label={t('catalogue.detail.comment')}
        required
        maxLength={REVIEW_COMMENT_MAX}
      />
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {t('catalogue.detail.submitReview')}
      </button>
    </Form>
  );
}

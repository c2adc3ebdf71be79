import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REVIEW_COMMENT_MAX, reviewBodySchema, type ReviewBody } from '@shop/shared';
import { SelectField, TextAreaField } from '@/components/form/choice-fields';
import { Form, FormError } from '@/components/form/form';
import { useCreateReviewMutation } from '@/lib/api/courses';
import { showServerError } from '@/lib/forms/server-errors';
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

/**
 * The review form of a signed-in user. Its own chunk (react-hook-form, zod and the form fields):
 * visitors, who get a sign-in link instead, never download it (issue 23).
 */
export function ReviewFormFields({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const [createReview] = useCreateReviewMutation();
  const formId = useId();
  const form = useForm<ReviewFormInput, unknown, ReviewBody>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { rating: '', comment: '' },
  });

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

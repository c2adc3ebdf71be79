import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  AVAILABILITY_MAX,
  CATEGORIES,
  COURSE_TAX_RATES,
  SIZES,
  courseUpdateBodySchema,
  type Course,
  type SeatsChangedError,
} from '@shop/shared';
import { CheckboxGroupField, SelectField, TextAreaField } from '@/components/form/choice-fields';
import { ErrorSummary, type SummaryField } from '@/components/form/error-summary';
import { FieldError, Form, useFieldError } from '@/components/form/form';
import { NumberField } from '@/components/form/number-field';
import { TextField } from '@/components/form/text-field';
import { useUpdateCourseMutation } from '@/lib/api/courses';
import { useGetShopPricingQuery } from '@/lib/api/shop';
import { showServerError } from '@/lib/forms/server-errors';
import { useTranslation } from 'react-i18next';
import { categoryLabel } from '@/lib/i18n/category';
import { sessionsOf } from '@/lib/sessions';
import { ImageUrlField } from './image-url-field';
import './admin-form.css';

const IMAGE_SLOTS = [0, 1, 2] as const;
const imageId = (slot: number) => `course-image-${slot + 1}`;

/** The server's own field rules (`courseUpdateBodySchema`), each field required in the form. */
const rules = courseUpdateBodySchema.in.shape;
const imageUrl = rules.images.unwrap().element;
/** An image box: blank (no image) or what the server takes as an image. */
const imageBox = z.string().superRefine((value, ctx) => {
  if (!value.trim()) return;
  for (const issue of imageUrl.safeParse(value).error?.issues ?? [])
    ctx.addIssue({ code: 'custom', message: issue.message });
});
const courseFormSchema = z.object({
  name: rules.name.unwrap(),
  price: rules.price.unwrap(),
  availability: rules.availability.unwrap(),
  description: rules.description.unwrap(),
  nameFr: rules.nameFr.unwrap(),
  nameAr: rules.nameAr.unwrap(),
  descriptionFr: rules.descriptionFr.unwrap(),
  descriptionAr: rules.descriptionAr.unwrap(),
  category: rules.category.unwrap(),
  sizes: rules.sizes.unwrap(),
  images: z.array(imageBox),
  /** Issue 52: '' for the shop's rate (sent as null), else one of COURSE_TAX_RATES. */
  taxRate: z.enum(['', ...COURSE_TAX_RATES.map(String)]),
});
type CourseFormInput = z.input<typeof courseFormSchema>;
type CourseFormOutput = z.output<typeof courseFormSchema>;

/** The summary's order, which is the form's. */
const SUMMARY_FIELDS: SummaryField[] = [
  { name: 'name', id: 'course-name' },
  { name: 'price', id: 'course-price' },
  { name: 'taxRate', id: 'course-tax-rate' },
  { name: 'availability', id: 'course-availability' },
  { name: 'description', id: 'course-description' },
  { name: 'nameFr', id: 'course-name-fr' },
  { name: 'descriptionFr', id: 'course-description-fr' },
  { name: 'nameAr', id: 'course-name-ar' },
  { name: 'descriptionAr', id: 'course-description-ar' },
  { name: 'category', id: 'course-category', nested: true },
  { name: 'sizes', id: 'course-sizes', nested: true },
  ...IMAGE_SLOTS.map((slot) => ({ name: `images.${slot}`, id: imageId(slot) })),
  { name: 'images', id: 'course-images' },
];

/** The seats left now, when `unwrap()` threw a 409 SEATS_CHANGED (issue 31). */
function seatsChangedOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object' || !('status' in error) || error.status !== 409) return undefined;
  const data = (error as { data?: Partial<SeatsChangedError> | null }).data;
  return data?.code === 'SEATS_CHANGED' && typeof data.availability === 'number' ? data.availability : undefined;
}

/**
 * Course edit. Update sends `images` (the server also takes the legacy `Images`), and
 * `availabilityWas`, the seats left the form started from (issue 31): unchanged seats are not
 * written, so orders placed meanwhile keep theirs; a seat change made from seats that orders
 * moved meanwhile is refused (409 SEATS_CHANGED) and the form shows the seats left now, keeps
 * every other edit, and the next Update starts from those seats.
 */
export function CourseEditForm({ course }: { course: Course }) {
  const { t } = useTranslation();
  const [updateCourse] = useUpdateCourseMutation();
  const [seatsWas, setSeatsWas] = useState(course.availability);
  // Issue 54: a save stays on this page (its sessions are below) and says so.
  const [saved, setSaved] = useState(false);
  // Issue 33: a course with sessions sells their seats; the field shows the sum, read-only
  // (its value is sent unchanged, so the server writes no seats).
  const inSessions = sessionsOf(course).some((session) => session.status !== 'cancelled');
  const form = useForm<CourseFormInput, unknown, CourseFormOutput>({
    resolver: zodResolver(courseFormSchema),
    defaultValues: {
      name: course.name,
      price: course.price,
      availability: course.availability,
      description: course.description,
      nameFr: course.nameFr,
      nameAr: course.nameAr,
      descriptionFr: course.descriptionFr,
      descriptionAr: course.descriptionAr,
      category: course.category,
      sizes: SIZES.filter((size) => course.sizes.includes(size)),
      images: IMAGE_SLOTS.map((slot) => course.images[slot] ?? ''),
      taxRate: course.taxRate == null ? '' : String(course.taxRate),
    },
  });

  const submit = async (values: CourseFormOutput) => {
    // Blank image boxes are not sent, so images.N of an answer points at box filled[N].
    const filled = IMAGE_SLOTS.filter((slot) => values.images[slot]?.trim());
    setSaved(false);
    try {
      const updated = await updateCourse({
        _id: course._id,
        name: values.name,
        price: values.price,
        taxRate: values.taxRate === '' ? null : (Number(values.taxRate) as (typeof COURSE_TAX_RATES)[number]),
        images: filled.map((slot) => values.images[slot]?.trim() ?? ''),
        // Kept in the table's order, whatever order the boxes were ticked in.
        category: CATEGORIES.filter((c) => values.category.includes(c)),
        sizes: SIZES.filter((s) => values.sizes.includes(s)),
        availability: values.availability,
        availabilityWas: seatsWas,
        description: values.description,
        nameFr: values.nameFr,
        nameAr: values.nameAr,
        descriptionFr: values.descriptionFr,
        descriptionAr: values.descriptionAr,
      }).unwrap();
      // The seats left now (orders may have moved them while seats were left as loaded) are
      // where the next Update starts from; what the admin typed stays, no longer unsaved.
      setSeatsWas(updated.availability);
      form.reset({ ...form.getValues(), availability: updated.availability });
      setSaved(true);
    } catch (error) {
      const seatsNow = seatsChangedOf(error);
      if (seatsNow !== undefined) {
        setSeatsWas(seatsNow);
        form.setError(
          'availability',
          { type: 'server', message: t('admin.courseEdit.seatsNow', { seats: seatsNow }) },
          { shouldFocus: true },
        );
        form.setError('root.server', {
          type: 'server',
          message: t('admin.courseEdit.seatsChanged', { seats: seatsNow }),
        });
        return;
      }
      showServerError(form.setError, error, {
        fields: SUMMARY_FIELDS.map((f) => f.name) as (keyof CourseFormInput)[],
        fieldOf: (path) => {
          const [field = '', index] = path.split('.');
          if (field !== 'images') return field as keyof CourseFormInput;
          const slot = filled[Number(index)];
          return (slot === undefined ? 'images' : `images.${slot}`) as keyof CourseFormInput;
        },
      });
    }
  };
  const { isSubmitting } = form.formState;
  // The shop's own rate, named in the first choice (issue 52).
  const { data: pricing } = useGetShopPricingQuery();

  return (
    <Form className="admin-form" form={form} onSubmit={submit} withSummary>
      <ErrorSummary className="admin-form__summary" fields={SUMMARY_FIELDS} />
      <TextField
        id="course-name"
        name="name"
        label={t('admin.courseEdit.name')}
        autoComplete="off"
      />
      <div className="admin-form__row">
        <NumberField id="course-price" name="price" label={t('admin.courseEdit.price')} min={0} />
        {inSessions ? (
          <div className="field">
            <label className="field__label" htmlFor="course-availability">
              {t('admin.courseEdit.availability')}
            </label>
            <input
              id="course-availability"
              className="field__input"
              value={course.availability}
              readOnly
              aria-describedby="course-availability-note"
            />
            <p id="course-availability-note" className="admin-form__hint">
              {t('sessions.admin.seatsFromSessions', { count: course.availability })}
            </p>
          </div>
        ) : (
          <NumberField
            id="course-availability"
            name="availability"
            label={t('admin.courseEdit.availability')}
            min={0}
            max={AVAILABILITY_MAX}
          />
        )}
      </div>
      <SelectField
        id="course-tax-rate"
        name="taxRate"
        label={t('admin.courseEdit.taxRate')}
        options={[
          {
            value: '',
            label: pricing
              ? t('admin.courseEdit.taxRateShop', { rate: pricing.taxRate })
              : t('admin.courseEdit.taxRateShopUnknown'),
          },
          ...COURSE_TAX_RATES.map((rate) => ({ value: String(rate), label: t('admin.courseEdit.taxRateOption', { rate }) })),
        ]}
      />
      <TextAreaField
        id="course-description"
        name="description"
        label={t('admin.courseEdit.description')}
      />
      <fieldset className="admin-form__fieldset">
        <legend className="admin-form__legend">{t('admin.courseEdit.translations')}</legend>
        <p className="admin-form__hint">{t('admin.courseEdit.translationsHint')}</p>
        <TextField
          id="course-name-fr"
          name="nameFr"
          label={t('admin.courseEdit.nameFr')}
          autoComplete="off"
          lang="fr"
          dir="ltr"
        />
        <TextAreaField
          id="course-description-fr"
          name="descriptionFr"
          label={t('admin.courseEdit.descriptionFr')}
          lang="fr"
          dir="ltr"
        />
        <TextField
          id="course-name-ar"
          name="nameAr"
          label={t('admin.courseEdit.nameAr')}
          autoComplete="off"
          lang="ar"
          dir="rtl"
        />
        <TextAreaField
          id="course-description-ar"
          name="descriptionAr"
          label={t('admin.courseEdit.descriptionAr')}
          lang="ar"
          dir="rtl"
        />
      </fieldset>
      <CheckboxGroupField
        id="course-category"
        name="category"
        legend={t('admin.courseEdit.categories')}
        options={CATEGORIES.map((c) => ({ value: c, label: categoryLabel(t, c) }))}
        classNames={GROUP_LOOK}
      />
      <CheckboxGroupField
        id="course-sizes"
        name="sizes"
        legend={t('admin.courseEdit.sizes')}
        options={SIZES.map((s) => ({ value: s, label: s }))}
        classNames={GROUP_LOOK}
      />
      <fieldset id="course-images" className="admin-form__fieldset" tabIndex={-1}>
        <legend className="admin-form__legend">{t('admin.courseEdit.images')}</legend>
        <div className="admin-form__images">
          {IMAGE_SLOTS.map((slot) => (
            <ImageUrlField key={slot} n={slot + 1} id={imageId(slot)} name={`images.${slot}`} />
          ))}
        </div>
        <ImagesError />
      </fieldset>
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? t('admin.updating') : t('admin.update')}
        </button>
        <p className="admin-form__saved" role="status">
          {saved && !isSubmitting && t('admin.courseEdit.saved')}
        </p>
      </div>
    </Form>
  );
}

const GROUP_LOOK = {
  fieldset: 'admin-form__fieldset',
  legend: 'admin-form__legend',
  choices: 'admin-form__checks',
  choice: 'choice admin-form__check',
};

/** A problem with the image list as a whole (e.g. too many). */
function ImagesError() {
  return <FieldError id="course-images-error" message={useFieldError('images')} />;
}

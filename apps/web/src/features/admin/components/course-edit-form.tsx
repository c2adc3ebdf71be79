import { useState, type FormEvent } from 'react';
import { AVAILABILITY_MAX, CATEGORIES, SIZES, type Course } from '@shop/shared';
import { useNavigate } from 'react-router';
import { NumberInput } from '@/components/ui/number-input';
import { paths } from '@/config/paths';
import { useUpdateCourseMutation } from '@/lib/api/courses';
import { fieldErrors } from '@/lib/api/errors';
import { text } from '@/lib/i18n';
import { CheckboxGroup } from './checkbox-group';
import { FieldError, FormErrorSummary } from './form-errors';
import { ImageUrlField } from './image-url-field';
import { InputField } from './input-field';
import './admin-form.css';

const IMAGE_SLOTS = [0, 1, 2] as const;

/** Input ids by field name of the API's validation details (the summary links to them). */
const FIELD_IDS = {
  name: 'course-name',
  price: 'course-price',
  availability: 'course-availability',
  description: 'course-description',
  category: 'course-category',
  sizes: 'course-sizes',
} as const;
const fieldId = (field: string): string | undefined => (FIELD_IDS as Record<string, string>)[field];
const imageId = (slot: number) => `course-image-${slot + 1}`;
const errorId = (field: string) => `${fieldId(field) ?? `course-${field}`}-error`;

/** SPEC §2 Course edit. Update sends `images` (the server also takes the legacy `Images`). */
export function CourseEditForm({ course }: { course: Course }) {
  const [name, setName] = useState(course.name);
  const [price, setPrice] = useState(course.price);
  const [availability, setAvailability] = useState(course.availability);
  const [description, setDescription] = useState(course.description);
  const [category, setCategory] = useState<string[]>(course.category);
  const [sizes, setSizes] = useState<string[]>(course.sizes);
  const [images, setImages] = useState<string[]>(
    IMAGE_SLOTS.map((slot) => course.images[slot] ?? ''),
  );
  // Blank image boxes are not sent, so images.N of an answer points at slot sentSlots[N].
  const [sentSlots, setSentSlots] = useState<number[]>([]);
  const [updateCourse, update] = useUpdateCourseMutation();
  const navigate = useNavigate();
  const t = text.admin.courseEdit;

  const errors = fieldErrors(update.error);
  /** The first problem reported for a field or anything inside it (category.2 -> category). */
  const errorOf = (field: string) =>
    errors[field] ?? Object.entries(errors).find(([path]) => path.startsWith(`${field}.`))?.[1];
  const imageError = (slot: number) => {
    const sentIndex = sentSlots.indexOf(slot);
    return sentIndex === -1 ? undefined : errors[`images.${sentIndex}`];
  };
  const idOfPath = (path: string) => {
    const [field = '', index = '0'] = path.split('.');
    return field === 'images' ? imageId(sentSlots[Number(index)] ?? 0) : fieldId(field);
  };
  const describedBy = (field: string) => (errorOf(field) ? errorId(field) : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const filled = IMAGE_SLOTS.filter((slot) => images[slot]?.trim());
    setSentSlots(filled);
    const result = await updateCourse({
      _id: course._id,
      name,
      price,
      images: filled.map((slot) => images[slot]?.trim() ?? ''),
      // Kept in the table's order, whatever order the boxes were ticked in.
      category: CATEGORIES.filter((c) => category.includes(c)),
      sizes: SIZES.filter((s) => sizes.includes(s)),
      availability,
      description,
    });
    if (!('error' in result)) await navigate(paths.adminCourses);
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <FormErrorSummary error={update.error} fields={errors} fieldIds={idOfPath} />
      <InputField
        id={FIELD_IDS.name}
        name="name"
        label={t.name}
        value={name}
        onChange={setName}
        error={errorOf('name')}
      />
      <div className="admin-form__row">
        <div className="field">
          <NumberInput
            id={FIELD_IDS.price}
            name="price"
            label={t.price}
            value={price}
            onChange={setPrice}
            min={0}
          />
          <FieldError id={errorId('price')} message={errorOf('price')} />
        </div>
        <div className="field">
          <NumberInput
            id={FIELD_IDS.availability}
            name="availability"
            label={t.availability}
            value={availability}
            onChange={setAvailability}
            min={0}
            max={AVAILABILITY_MAX}
          />
          <FieldError id={errorId('availability')} message={errorOf('availability')} />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={FIELD_IDS.description}>
          {t.description}
        </label>
        <textarea
          id={FIELD_IDS.description}
          className="field__input"
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={!!errorOf('description')}
          aria-describedby={describedBy('description')}
        />
        <FieldError id={errorId('description')} message={errorOf('description')} />
      </div>
      <CheckboxGroup
        id={FIELD_IDS.category}
        legend={t.categories}
        options={CATEGORIES}
        checked={category}
        onChange={setCategory}
        error={errorOf('category')}
      />
      <CheckboxGroup
        id={FIELD_IDS.sizes}
        legend={t.sizes}
        options={SIZES}
        checked={sizes}
        onChange={setSizes}
        error={errorOf('sizes')}
      />
      <fieldset className="admin-form__fieldset">
        <legend className="admin-form__legend">{t.images}</legend>
        <div className="admin-form__images">
          {IMAGE_SLOTS.map((slot) => (
            <ImageUrlField
              key={slot}
              n={slot + 1}
              id={imageId(slot)}
              value={images[slot] ?? ''}
              onChange={(value) =>
                setImages((current) => current.map((old, i) => (i === slot ? value : old)))
              }
              error={imageError(slot)}
            />
          ))}
        </div>
        <FieldError id={errorId('images')} message={errors.images} />
      </fieldset>
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={update.isLoading}>
          {update.isLoading ? text.admin.updating : text.admin.update}
        </button>
      </div>
    </form>
  );
}

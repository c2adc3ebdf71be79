import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldError, useFieldError } from '@/components/form/form';
import { useTranslation } from 'react-i18next';

import './admin-form.css';

interface Props {
  /** 1, 2 or 3. */
  n: number;
  id: string;
  /** The form field, `images.0` to `images.2`. */
  name: string;
}

/** One image URL input with a fixed-size preview; an address that does not load says so. */
export function ImageUrlField({ n, id, name }: Props) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const value = useWatch({ name }) as string | undefined;
  const error = useFieldError(name);
  // Remembering which URL failed (not a flag) resets the preview as soon as the URL changes.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = (value ?? '').trim();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="image-field">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('admin.courseEdit.imageUrl', { n })}
        </label>
        <input
          id={id}
          className="field__input"
          type="text"
          inputMode="url"
          aria-invalid={!!error}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          {...register(name)}
        />
        <p id={hintId} className="admin-form__hint">
          {t('admin.courseEdit.imageHint')}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
      {!url ? (
        <div className="image-field__placeholder">{t('admin.courseEdit.noImage')}</div>
      ) : failedUrl === url ? (
        <div
          className="image-field__placeholder image-field__placeholder--failed"
          role="img"
          aria-label={t('admin.courseEdit.imageFailed')}
        >
          {t('admin.courseEdit.imageFailed')}
        </div>
      ) : (
        <img
          className="image-field__preview"
          src={url}
          alt={t('admin.courseEdit.imagePreview', { n })}
          width={120}
          height={90}
          loading="lazy"
          onError={() => setFailedUrl(url)}
        />
      )}
    </div>
  );
}

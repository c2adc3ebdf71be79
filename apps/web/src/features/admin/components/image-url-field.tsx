import { useState, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldError, useFieldError } from '@/components/form/form';
import { errorMessage } from '@/lib/api/errors';
import { useTranslation } from 'react-i18next';

import { useUploadImageMutation } from '../api/admin';
import './admin-form.css';

interface Props {
  /** 1, 2 or 3. */
  n: number;
  id: string;
  /** The form field, `images.0` to `images.2`. */
  name: string;
}

/**
 * One image URL input with a fixed-size preview; an address that does not load says so. A
 * picture can also be uploaded: the server stores it and its URL fills the box.
 */
export function ImageUrlField({ n, id, name }: Props) {
  const { t } = useTranslation();
  const { register, setValue } = useFormContext();
  const [uploadImage, upload] = useUploadImageMutation();
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const value = useWatch({ name }) as string | undefined;
  const error = useFieldError(name);
  // Remembering which URL failed (not a flag) resets the preview as soon as the URL changes.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = (value ?? '').trim();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const uploadId = `${id}-upload`;

  const onPicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    try {
      const picture = await uploadImage(file).unwrap();
      setValue(name, picture.url, { shouldDirty: true });
      setUploadedUrl(picture.url);
    } catch {
      // The server's reason shows under the button, from the mutation's state.
    }
  };

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
        <div className="image-field__upload">
          <label className="button button--ghost button--small" htmlFor={uploadId}>
            {upload.isLoading
              ? t('admin.courseEdit.uploading')
              : t('admin.courseEdit.upload', { n })}
          </label>
          <input
            id={uploadId}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${uploadId}-hint`}
            disabled={upload.isLoading}
            onChange={(event) => void onPicture(event)}
          />
          <p id={`${uploadId}-hint`} className="admin-form__hint">
            {t('admin.courseEdit.uploadHint')}
          </p>
          {upload.error ? (
            <p className="field__error" role="alert">
              {errorMessage(upload.error)}
            </p>
          ) : uploadedUrl && uploadedUrl === url ? (
            <p className="admin-form__hint" role="status">
              {t('admin.courseEdit.uploaded', { n })}
            </p>
          ) : null}
        </div>
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

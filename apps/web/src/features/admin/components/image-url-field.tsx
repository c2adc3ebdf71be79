import { useState } from 'react';
import { text } from '@/lib/i18n';
import { FieldError } from './form-errors';
import './admin-form.css';

interface Props {
  /** 1, 2 or 3. */
  n: number;
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** One image URL input with a fixed-size preview; an address that does not load says so. */
export function ImageUrlField({ n, id, value, onChange, error }: Props) {
  // Remembering which URL failed (not a flag) resets the preview as soon as the URL changes.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = value.trim();
  const t = text.admin.courseEdit;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="image-field">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t.imageUrl(n)}
        </label>
        <input
          id={id}
          className="field__input"
          name={`image-${n}`}
          type="text"
          inputMode="url"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <p id={hintId} className="admin-form__hint">
          {t.imageHint}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
      {!url ? (
        <div className="image-field__placeholder">{t.noImage}</div>
      ) : failedUrl === url ? (
        <div
          className="image-field__placeholder image-field__placeholder--failed"
          role="img"
          aria-label={t.imageFailed}
        >
          {t.imageFailed}
        </div>
      ) : (
        <img
          className="image-field__preview"
          src={url}
          alt={t.imagePreview(n)}
          width={120}
          height={90}
          loading="lazy"
          onError={() => setFailedUrl(url)}
        />
      )}
    </div>
  );
}

import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The footer box's markup, shared by the form and the stand-in shown while it loads. */
export function NewsletterFields({
  inputId,
  statusId,
  input,
  busy,
  children,
}: {
  inputId: string;
  statusId: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  busy: boolean;
  /** The status line: 'Subscribed' or the problem. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={inputId} className="newsletter__label">
        {t('common.footer.emailLabel')}
      </label>
      <div className="newsletter__row">
        <input
          id={inputId}
          className="newsletter__input"
          type="email"
          required
          autoComplete="email"
          placeholder={t('common.footer.emailPlaceholder')}
          {...input}
        />
        <button type="submit" className="button button--accent" disabled={busy}>
          {t('common.footer.subscribe')}
        </button>
      </div>
      <p id={statusId} className="newsletter__status" role="status">
        {children}
      </p>
    </>
  );
}

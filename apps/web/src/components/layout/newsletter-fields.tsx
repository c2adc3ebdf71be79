import { lazy, Suspense, useId, type InputHTMLAttributes, type ReactNode } from 'react';
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

/**
 * The form comes in its own chunk with the form library and zod, which the rest of the first
 * screen does not need; it arrives while the 3 s start loader still covers the page. Until then
 * the same box stands in, read-only, and stays if the chunk cannot be loaded, rather than
 * taking the shell down with it.
 */
const NewsletterForm = lazy(() =>
  import('./newsletter-form').then(
    (m) => ({ default: m.NewsletterForm }),
    () => ({ default: NewsletterStandIn }),
  ),
);

export function Newsletter() {
  return (
    <Suspense fallback={<NewsletterStandIn />}>
      <NewsletterForm />
    </Suspense>
  );
}

function NewsletterStandIn() {
  const inputId = useId();
  const statusId = useId();
  return (
    <form className="newsletter" aria-describedby={statusId} onSubmit={(e) => e.preventDefault()}>
      <NewsletterFields
        inputId={inputId}
        statusId={statusId}
        input={{ readOnly: true }}
        busy={false}
      />
    </form>
  );
}

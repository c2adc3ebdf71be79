import { useId, useState } from 'react';
import { useSubscribeMutation } from '@/lib/api/newsletter';
import { errorMessage } from '@/lib/api/errors';
import { text } from '@/lib/i18n';

const t = text.common.footer;

/** Footer newsletter box (CONTRACT §4: POST /api/newsletter answers 'Subscribed'). */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [subscribe, { isLoading, isSuccess, error, reset }] = useSubscribeMutation();
  const inputId = useId();
  const statusId = useId();

  return (
    <form
      className="newsletter"
      aria-describedby={statusId}
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await subscribe({ email: email.trim() });
        if ('data' in result) setEmail('');
      }}
    >
      <label htmlFor={inputId} className="newsletter__label">
        {t.emailLabel}
      </label>
      <div className="newsletter__row">
        <input
          id={inputId}
          className="newsletter__input"
          type="email"
          required
          autoComplete="email"
          placeholder={t.emailPlaceholder}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (isSuccess || error) reset();
          }}
        />
        <button type="submit" className="button button--accent" disabled={isLoading}>
          {t.subscribe}
        </button>
      </div>
      <p id={statusId} className="newsletter__status" role="status">
        {isSuccess && <span className="newsletter__ok">{t.subscribed}</span>}
        {error && <span className="newsletter__error">{errorMessage(error)}</span>}
      </p>
    </form>
  );
}

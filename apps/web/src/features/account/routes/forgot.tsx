import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage, fieldErrors } from '@/lib/api/errors';
import { useForgotPasswordMutation } from '@/lib/api/users';
import { text } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import { TextField } from '../components/text-field';

const t = text.account;

/** /forgot: asks for a reset link; the answer never tells whether the address exists. */
export function ForgotRoute() {
  const [forgotPassword, { isLoading, error, data: success }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [blank, setBlank] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setBlank(true);
      return;
    }
    setBlank(false);
    await forgotPassword({ email: email.trim() });
  };

  return (
    <AuthCard title={t.forgot.title}>
      {success ? (
        <p className="message message--success" role="status">
          {success.message}
        </p>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <p className="auth-card__intro">{t.forgot.intro}</p>
          <TextField
            id="forgot-email"
            label={t.fields.email}
            type="email"
            autoComplete="email"
            placeholder={t.placeholders.email}
            value={email}
            onChange={setEmail}
            error={blank ? t.forgot.emailRequired : fieldErrors(error)['email']}
          />
          {error && !fieldErrors(error)['email'] && (
            <p className="message message--error" role="alert">
              {errorMessage(error)}
            </p>
          )}
          <button className="button button--block" type="submit" disabled={isLoading}>
            {isLoading ? t.forgot.submitting : t.forgot.submit}
          </button>
        </form>
      )}
      <div className="auth-form__links">
        <Link to={paths.login()}>{t.forgot.backToLogin}</Link>
      </div>
    </AuthCard>
  );
}

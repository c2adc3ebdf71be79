import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { credentialsReceived } from '@/stores/user-slice';
import { useAppDispatch, useAppSelector } from '@/app/store';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/errors';
import { useLoginMutation } from '@/lib/api/users';
import { text } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import { PasswordField, TextField } from '../components/text-field';
import { afterLoginPath } from '../lib/after-login';

const t = text.account;

/**
 * /login?redirect=: whoever signs in here is forwarded (SPEC §4). Someone already signed in
 * is forwarded when a redirect is asked for (CHECKOUT); without one they were sent here by a
 * guard (e.g. a customer on an admin screen) and see the form to switch accounts.
 */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const userInfo = useAppSelector((s) => s.user.userInfo);
  const dispatch = useAppDispatch();
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [arrivedSignedIn] = useState(() => userInfo !== null);
  const [signedInHere, setSignedInHere] = useState(false);

  if (userInfo && (signedInHere || (arrivedSignedIn && redirect !== null))) {
    return <Navigate to={afterLoginPath(userInfo, redirect)} replace />;
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await login({ email, password });
    if (result.data) {
      dispatch(credentialsReceived(result.data));
      setSignedInHere(true);
    }
  };

  return (
    <AuthCard title={t.login.title}>
      {userInfo && <p className="message">{t.login.signedInAs(userInfo.name)}</p>}
      <form className="auth-form" onSubmit={submit}>
        <TextField
          id="login-email"
          label={t.fields.email}
          type="email"
          autoComplete="email"
          placeholder={t.placeholders.email}
          value={email}
          onChange={setEmail}
        />
        <PasswordField
          id="login-password"
          label={t.fields.password}
          autoComplete="current-password"
          placeholder={t.placeholders.password}
          value={password}
          onChange={setPassword}
        />
        {error && (
          <p className="message message--error" role="alert">
            {errorMessage(error)}
          </p>
        )}
        <button className="button button--block" type="submit" disabled={isLoading}>
          {isLoading ? t.login.submitting : t.login.submit}
        </button>
      </form>
      <div className="auth-form__links">
        <Link to={paths.forgot}>{t.login.forgot}</Link>
        <span>
          {t.login.newCustomer}{' '}
          <Link to={paths.register(redirect ?? undefined)}>{t.login.register}</Link>
        </span>
      </div>
    </AuthCard>
  );
}

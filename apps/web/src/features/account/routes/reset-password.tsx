import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { fieldErrors, serverMessage } from '@/lib/api/errors';
import { useResetPasswordMutation, useValidateResetTokenQuery } from '@/lib/api/users';
import { text } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/text-field';

const t = text.account;

/** /reset-password?token=: the token is checked before the form shows (SPEC §4). */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthCard title={t.reset.title}>
      {token ? (
        <ResetForm token={token} />
      ) : (
        <p className="message message--error" role="alert">
          {t.reset.missingToken}
        </p>
      )}
      <div className="auth-form__links">
        <Link to={paths.forgot}>{t.reset.requestNew}</Link>
      </div>
    </AuthCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const validation = useValidateResetTokenQuery(token);
  const [resetPassword, { isLoading, error }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  if (validation.isLoading) return <Spinner label={t.reset.checking} />;
  if (validation.isError)
    return (
      <p className="message message--error" role="alert">
        {t.reset.invalidToken}
      </p>
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const result = await resetPassword({ token, newPassword: password });
    if (result.data) navigate(paths.login(), { replace: true });
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <PasswordField
        id="reset-password"
        label={t.fields.newPassword}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={fieldErrors(error)['newPassword']}
      />
      <PasswordField
        id="reset-confirm"
        label={t.fields.confirmNewPassword}
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={mismatch ? t.reset.passwordsDoNotMatch : undefined}
      />
      {error && (
        <p className="message message--error" role="alert">
          {serverMessage(error, t.reset.failed)}
        </p>
      )}
      <button className="button button--block" type="submit" disabled={isLoading}>
        {isLoading ? t.reset.submitting : t.reset.submit}
      </button>
    </form>
  );
}

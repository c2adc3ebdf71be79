import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { fieldErrors, serverMessage } from '@/lib/api/errors';
import { useRegisterMutation } from '@/lib/api/users';
import { text } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import { PasswordField, TextField } from '../components/text-field';

const t = text.account;

/** SPEC §4: after a successful registration the login screen opens 2 s later. */
export const REGISTER_REDIRECT_MS = 2000;

export function RegisterRoute() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? undefined;
  const navigate = useNavigate();
  const [register, { isLoading, error, data: success }] = useRegisterMutation();
  const [form, setForm] = useState({
    name: '',
    email: '',
    password: '',
    confirm: '',
    isKid: false,
  });
  const [mismatch, setMismatch] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(paths.login(redirect)), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, redirect]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: the only client check.
    if (form.password !== form.confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    await register({
      name: form.name,
      email: form.email,
      password: form.password,
      isKid: form.isKid,
    });
  };

  const problems = fieldErrors(error);
  const set = (field: 'name' | 'email' | 'password' | 'confirm') => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));

  return (
    <AuthCard title={t.register.title}>
      {success ? (
        <p className="message message--success" role="status">
          {success.message}
        </p>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <TextField
            id="register-name"
            label={t.fields.name}
            autoComplete="name"
            placeholder={t.placeholders.name}
            value={form.name}
            onChange={set('name')}
            error={problems['name']}
          />
          <TextField
            id="register-email"
            label={t.fields.email}
            type="email"
            autoComplete="email"
            placeholder={t.placeholders.email}
            value={form.email}
            onChange={set('email')}
            error={problems['email']}
          />
          <PasswordField
            id="register-password"
            label={t.fields.password}
            autoComplete="new-password"
            placeholder={t.placeholders.password}
            value={form.password}
            onChange={set('password')}
            error={problems['password']}
          />
          <PasswordField
            id="register-confirm"
            label={t.fields.confirmPassword}
            autoComplete="new-password"
            placeholder={t.placeholders.confirmPassword}
            value={form.confirm}
            onChange={set('confirm')}
            error={mismatch ? t.register.passwordsDoNotMatch : undefined}
          />
          <fieldset className="choice-group">
            <legend className="choice-group__legend field__label">{t.register.accountType}</legend>
            <label className="choice">
              <input
                type="radio"
                name="accountType"
                value="adult"
                checked={!form.isKid}
                onChange={() => setForm((f) => ({ ...f, isKid: false }))}
              />
              {t.register.adult}
            </label>
            <label className="choice">
              <input
                type="radio"
                name="accountType"
                value="child"
                checked={form.isKid}
                onChange={() => setForm((f) => ({ ...f, isKid: true }))}
              />
              {t.register.child}
            </label>
          </fieldset>
          {error && (
            <p className="message message--error" role="alert">
              {serverMessage(error, t.register.fallbackError)}
            </p>
          )}
          <button className="button button--block" type="submit" disabled={isLoading}>
            {isLoading ? t.register.submitting : t.register.submit}
          </button>
        </form>
      )}
      <div className="auth-form__links">
        <span>
          {t.register.haveAccount} <Link to={paths.login(redirect)}>{t.register.login}</Link>
        </span>
      </div>
    </AuthCard>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { LoginBody } from '@shop/shared';
import { useAppSelector } from '@/stores/hooks';
import { Form, FormError } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { useLoginMutation, useUpdateProfileMutation } from '@/lib/api/users';
import { showServerError } from '@/lib/forms/server-errors';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, storedLanguage } from '@/lib/i18n';

import { AuthCard } from '../components/auth-card';
import { afterLoginPath } from '../lib/after-login';
import '../components/form.css';

/**
 * /login?redirect=: whoever signs in here is forwarded there. Someone already signed in
 * is forwarded when a redirect is asked for (CHECKOUT); without one they were sent here by a
 * guard (e.g. a customer on an admin screen) and see the form to switch accounts.
 * No client validation; the user slice keeps the answer's credentials.
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const userInfo = useAppSelector((s) => s.user.userInfo);
  const [login] = useLoginMutation();
  const [updateProfile] = useUpdateProfileMutation();
  const form = useForm<LoginBody>({ defaultValues: { email: '', password: '' } });
  const [arrivedSignedIn] = useState(() => userInfo !== null);
  const [signedInHere, setSignedInHere] = useState(false);

  if (userInfo && (signedInHere || (arrivedSignedIn && redirect !== null))) {
    return <Navigate to={afterLoginPath(userInfo, redirect)} replace />;
  }

  const submit = async (body: LoginBody) => {
    try {
      const userInfo = await login(body).unwrap();
      // Issue 18: a language chosen on this device goes to the account; without one, the
      // account's language follows its owner from device to device.
      const chosen = storedLanguage();
      if (chosen && chosen !== userInfo.language) void updateProfile({ language: chosen });
      else if (!chosen && userInfo.language !== currentLanguage())
        await setLanguage(userInfo.language);
      setSignedInHere(true);
    } catch (error) {
      showServerError(form.setError, error, { fields: ['email', 'password'] });
    }
  };
  const { isSubmitting } = form.formState;

  return (
    <AuthCard title={t('account.login.title')}>
      {userInfo && (
        <p className="message">{t('account.login.signedInAs', { name: userInfo.name })}</p>
      )}
      <Form className="auth-form" form={form} onSubmit={submit}>
        <TextField
          id="login-email"
          name="email"
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          placeholder={t('account.placeholders.email')}
        />
        <PasswordField
          id="login-password"
          name="password"
          label={t('account.fields.password')}
          autoComplete="current-password"
          placeholder={t('account.placeholders.password')}
        />
        <FormError />
        <button className="button button--block" type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('account.login.submitting') : t('account.login.submit')}
        </button>
      </Form>
      <div className="auth-form__links">
        <Link to={paths.forgot}>{t('account.login.forgot')}</Link>
        <span>
          {t('account.login.newCustomer')}{' '}
          <Link to={paths.register(redirect ?? undefined)}>{t('account.login.register')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}

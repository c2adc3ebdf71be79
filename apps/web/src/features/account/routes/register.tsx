import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MESSAGES } from '@shop/shared';
import { RadioGroupField } from '@/components/form/choice-fields';
import { Form, FormError } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { useRegisterMutation } from '@/lib/api/users';
import { showServerError } from '@/lib/forms/server-errors';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n/messages';

import { AuthCard } from '../components/auth-card';
import { PhoneConsentFields } from '../components/phone-consent-fields';
import '../components/form.css';

/** After a successful registration the login screen opens 2 s later. */
export const REGISTER_REDIRECT_MS = 2000;

/**
 * The one client check is that the passwords match. Name, e-mail and password rules
 * are the server's (`registerBodySchema`); its details land on these same fields.
 */
const registerFormSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    password: z.string(),
    confirm: z.string(),
    accountType: z.enum(['adult', 'child']),
    // Issue 53: an optional phone and the text messages agreed to (the server checks the number).
    phone: z.string(),
    sms: z.boolean(),
    whatsapp: z.boolean(),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: MESSAGES.passwordsDoNotMatch,
  });
type RegisterForm = z.infer<typeof registerFormSchema>;

export function RegisterRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? undefined;
  const navigate = useNavigate();
  const [register] = useRegisterMutation();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirm: '', accountType: 'adult', phone: '', sms: false, whatsapp: false },
  });

  useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => navigate(paths.login(redirect)), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, redirect]);

  const submit = async ({ name, email, password, accountType, phone, sms, whatsapp }: RegisterForm) => {
    try {
      const answer = await register({
        name,
        email,
        password,
        isKid: accountType === 'child',
        // The account's e-mails go out in the language the person registered in (issue 18).
        language: currentLanguage(),
        ...(phone.trim() === '' ? {} : { phone }),
        ...(sms || whatsapp ? { notify: { sms, whatsapp } } : {}),
      }).unwrap();
      setSuccess(answer.message);
    } catch (error) {
      showServerError(form.setError, error, {
        fields: ['name', 'email', 'password', 'phone'],
        fallback: t('account.register.fallbackError'),
      });
    }
  };
  const { isSubmitting } = form.formState;

  return (
    <AuthCard title={t('account.register.title')}>
      {success !== null ? (
        <p className="message message--success" role="status">
          {translateMessage(success)}
        </p>
      ) : (
        <Form className="auth-form" form={form} onSubmit={submit}>
          <TextField
            id="register-name"
            name="name"
            label={t('account.fields.name')}
            autoComplete="name"
            placeholder={t('account.placeholders.name')}
          />
          <TextField
            id="register-email"
            name="email"
            label={t('account.fields.email')}
            type="email"
            autoComplete="email"
            placeholder={t('account.placeholders.email')}
          />
          <PasswordField
            id="register-password"
            name="password"
            revalidates={['confirm']}
            label={t('account.fields.password')}
            autoComplete="new-password"
            placeholder={t('account.placeholders.password')}
          />
          <PasswordField
            id="register-confirm"
            name="confirm"
            label={t('account.fields.confirmPassword')}
            autoComplete="new-password"
            placeholder={t('account.placeholders.confirmPassword')}
          />
          <RadioGroupField
            id="register-account-type"
            name="accountType"
            legend={t('account.register.accountType')}
            options={[
              { value: 'adult', label: t('account.register.adult') },
              { value: 'child', label: t('account.register.child') },
            ]}
          />
          <PhoneConsentFields idPrefix="register" />
          <FormError />
          <button className="button button--block" type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('account.register.submitting') : t('account.register.submit')}
          </button>
        </Form>
      )}
      <div className="auth-form__links">
        <span>
          {t('account.register.haveAccount')}{' '}
          <Link to={paths.login(redirect)}>{t('account.register.login')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}

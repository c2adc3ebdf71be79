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
import { text } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import '../components/form.css';

const t = text.account;

/** SPEC §4: after a successful registration the login screen opens 2 s later. */
export const REGISTER_REDIRECT_MS = 2000;

/**
 * SPEC §5: the one client check is that the passwords match. Name, e-mail and password rules
 * are the server's (`registerBodySchema`); its details land on these same fields.
 */
const registerFormSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    password: z.string(),
    confirm: z.string(),
    accountType: z.enum(['adult', 'child']),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: MESSAGES.passwordsDoNotMatch,
  });
type RegisterForm = z.infer<typeof registerFormSchema>;

export function RegisterRoute() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? undefined;
  const navigate = useNavigate();
  const [register] = useRegisterMutation();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirm: '', accountType: 'adult' },
  });

  useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => navigate(paths.login(redirect)), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, redirect]);

  const submit = async ({ name, email, password, accountType }: RegisterForm) => {
    try {
      const answer = await register({
        name,
        email,
        password,
        isKid: accountType === 'child',
      }).unwrap();
      setSuccess(answer.message);
    } catch (error) {
      showServerError(form.setError, error, {
        fields: ['name', 'email', 'password'],
        fallback: t.register.fallbackError,
      });
    }
  };
  const { isSubmitting } = form.formState;

  return (
    <AuthCard title={t.register.title}>
      {success !== null ? (
        <p className="message message--success" role="status">
          {success}
        </p>
      ) : (
        <Form className="auth-form" form={form} onSubmit={submit}>
          <TextField
            id="register-name"
            name="name"
            label={t.fields.name}
            autoComplete="name"
            placeholder={t.placeholders.name}
          />
          <TextField
            id="register-email"
            name="email"
            label={t.fields.email}
            type="email"
            autoComplete="email"
            placeholder={t.placeholders.email}
          />
          <PasswordField
            id="register-password"
            name="password"
            revalidates={['confirm']}
            label={t.fields.password}
            autoComplete="new-password"
            placeholder={t.placeholders.password}
          />
          <PasswordField
            id="register-confirm"
            name="confirm"
            label={t.fields.confirmPassword}
            autoComplete="new-password"
            placeholder={t.placeholders.confirmPassword}
          />
          <RadioGroupField
            id="register-account-type"
            name="accountType"
            legend={t.register.accountType}
            options={[
              { value: 'adult', label: t.register.adult },
              { value: 'child', label: t.register.child },
            ]}
          />
          <FormError />
          <button className="button button--block" type="submit" disabled={isSubmitting}>
            {isSubmitting ? t.register.submitting : t.register.submit}
          </button>
        </Form>
      )}
      <div className="auth-form__links">
        <span>
          {t.register.haveAccount} <Link to={paths.login(redirect)}>{t.register.login}</Link>
        </span>
      </div>
    </AuthCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MESSAGES } from '@shop/shared';
import { Form, FormError } from '@/components/form/form';
import { PasswordField } from '@/components/form/text-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useResetPasswordMutation, useValidateResetTokenQuery } from '@/lib/api/users';
import { showServerError } from '@/lib/forms/server-errors';
import { useTranslation } from 'react-i18next';

import { AuthCard } from '../components/auth-card';
import '../components/form.css';

/** The two must match; the password rules are the server's (`resetPasswordBodySchema`). */
const resetFormSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: MESSAGES.passwordsDoNotMatch,
  });
type ResetForm = z.infer<typeof resetFormSchema>;

/** /reset-password?token=: the token is checked before the form shows. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthCard title={t('account.reset.title')}>
      {token ? (
        <ResetForm token={token} />
      ) : (
        <p className="message message--error" role="alert">
          {t('account.reset.missingToken')}
        </p>
      )}
      <div className="auth-form__links">
        <Link to={paths.forgot}>{t('account.reset.requestNew')}</Link>
      </div>
    </AuthCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const validation = useValidateResetTokenQuery(token);
  const [resetPassword] = useResetPasswordMutation();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  if (validation.isLoading) return <Spinner label={t('account.reset.checking')} />;
  if (validation.isError)
    return (
      <p className="message message--error" role="alert">
        {t('account.reset.invalidToken')}
      </p>
    );

  const submit = async ({ password }: ResetForm) => {
    try {
      await resetPassword({ token, newPassword: password }).unwrap();
      await navigate(paths.login(), { replace: true });
    } catch (error) {
      showServerError(form.setError, error, {
        fields: ['password'],
        fieldOf: (path) => (path === 'newPassword' ? 'password' : undefined),
        fallback: t('account.reset.failed'),
      });
    }
  };
  const { isSubmitting } = form.formState;

  return (
    <Form className="auth-form" form={form} onSubmit={submit}>
      <PasswordField
        id="reset-password"
        name="password"
        revalidates={['confirm']}
        label={t('account.fields.newPassword')}
        autoComplete="new-password"
      />
      <PasswordField
        id="reset-confirm"
        name="confirm"
        label={t('account.fields.confirmNewPassword')}
        autoComplete="new-password"
      />
      <FormError />
      <button className="button button--block" type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('account.reset.submitting') : t('account.reset.submit')}
      </button>
    </Form>
  );
}

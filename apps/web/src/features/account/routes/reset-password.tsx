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
import { text } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import '../components/form.css';

const t = text.account;

/** SPEC §5: the two must match; the password rules are the server's (`resetPasswordBodySchema`). */
const resetFormSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: MESSAGES.passwordsDoNotMatch,
  });
type ResetForm = z.infer<typeof resetFormSchema>;

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
  const [resetPassword] = useResetPasswordMutation();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  if (validation.isLoading) return <Spinner label={t.reset.checking} />;
  if (validation.isError)
    return (
      <p className="message message--error" role="alert">
        {t.reset.invalidToken}
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
        fallback: t.reset.failed,
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
        label={t.fields.newPassword}
        autoComplete="new-password"
      />
      <PasswordField
        id="reset-confirm"
        name="confirm"
        label={t.fields.confirmNewPassword}
        autoComplete="new-password"
      />
      <FormError />
      <button className="button button--block" type="submit" disabled={isSubmitting}>
        {isSubmitting ? t.reset.submitting : t.reset.submit}
      </button>
    </Form>
  );
}

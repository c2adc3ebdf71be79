import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { MESSAGES } from '@shop/shared';
import { Form, FormError } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { useForgotPasswordMutation } from '@/lib/api/users';
import { showServerError } from '@/lib/forms/server-errors';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n/messages';

import { AuthCard } from '../components/auth-card';
import '../components/form.css';

/** The e-mail is required, else 'Please enter your email'; the server checks the rest. */
const forgotFormSchema = z.object({ email: z.string().trim().min(1, MESSAGES.emailRequired) });
type ForgotForm = z.infer<typeof forgotFormSchema>;

/** /forgot: asks for a reset link; the answer never tells whether the address exists. */
export function ForgotRoute() {
  const { t } = useTranslation();
  const [forgotPassword] = useForgotPasswordMutation();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<ForgotForm>({
    resolver: zodResolver(forgotFormSchema),
    defaultValues: { email: '' },
  });

  const submit = async (body: ForgotForm) => {
    try {
      setSuccess((await forgotPassword(body).unwrap()).message);
    } catch (error) {
      showServerError(form.setError, error, { fields: ['email'] });
    }
  };
  const { isSubmitting } = form.formState;

  return (
    <AuthCard title={t('account.forgot.title')}>
      {success !== null ? (
        <p className="message message--success" role="status">
          {translateMessage(success)}
        </p>
      ) : (
        <Form className="auth-form" form={form} onSubmit={submit}>
          <p className="auth-card__intro">{t('account.forgot.intro')}</p>
          <TextField
            id="forgot-email"
            name="email"
            label={t('account.fields.email')}
            type="email"
            autoComplete="email"
            placeholder={t('account.placeholders.email')}
          />
          <FormError />
          <button className="button button--block" type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('account.forgot.submitting') : t('account.forgot.submit')}
          </button>
        </Form>
      )}
      <div className="auth-form__links">
        <Link to={paths.login()}>{t('account.forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}

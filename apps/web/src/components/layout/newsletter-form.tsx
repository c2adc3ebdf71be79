import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { newsletterBodySchema, type NewsletterBody } from '@shop/shared';
import { Form, useFieldError } from '@/components/form/form';
import { useSubscribeMutation } from '@/lib/api/newsletter';
import { showServerError } from '@/lib/forms/server-errors';
import { useTranslation } from 'react-i18next';

import { NewsletterFields } from './newsletter-fields';

/**
 * Footer newsletter box (POST /api/newsletter answers 'Subscribed'), checked with
 * the server's `newsletterBodySchema`. Every outcome shows on the one status line under the box.
 */
export function NewsletterForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const [subscribe] = useSubscribeMutation();
  const [subscribed, setSubscribed] = useState(false);
  const form = useForm<NewsletterBody>({
    resolver: zodResolver(newsletterBodySchema),
    defaultValues: { email: '' },
  });
  const inputId = useId();
  const statusId = useId();

  const submit = async (body: NewsletterBody) => {
    try {
      await subscribe(body).unwrap();
      form.reset();
      setSubscribed(true);
    } catch (error) {
      showServerError(form.setError, error, { fields: ['email'] });
    }
  };

  return (
    <Form
      className="newsletter"
      aria-describedby={statusId}
      form={form}
      onSubmit={submit}
      onChange={() => {
        setSubscribed(false);
        form.clearErrors();
      }}
    >
      <NewsletterFields
        inputId={inputId}
        statusId={statusId}
        input={{ ...form.register('email'), autoFocus }}
        busy={form.formState.isSubmitting}
      >
        {subscribed && <span className="newsletter__ok">{t('common.footer.subscribed')}</span>}
        <NewsletterProblem />
      </NewsletterFields>
    </Form>
  );
}

/** The box's problem, its own check's or the server's, in place of the status. */
function NewsletterProblem() {
  const emailProblem = useFieldError('email');
  const refusal = useFieldError('root.server');
  const problem = emailProblem ?? refusal;
  return problem ? <span className="newsletter__error">{problem}</span> : null;
}

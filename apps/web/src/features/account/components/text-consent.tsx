import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '@shop/shared';
import { Form, FormError } from '@/components/form/form';
import { useGetProfileQuery, useUpdateProfileMutation } from '@/lib/api/users';
import { showServerError } from '@/lib/forms/server-errors';
import { PhoneConsentFields } from './phone-consent-fields';

interface ConsentForm {
  phone: string;
  sms: boolean;
  whatsapp: boolean;
}

/** The consent section once the profile is read (the saved account, not a copy kept by the browser). */
export function TextConsentSection() {
  const { data: profile } = useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  return profile ? <TextConsent key={profile._id} user={profile} /> : null;
}

/**
 * Issue 53: the phone and the text messages the account agrees to, saved on their own; the
 * section says what will be sent, to which number, by which channel.
 */
export function TextConsent({ user }: { user: Pick<User, 'phone' | 'notify'> }) {
  const { t } = useTranslation();
  const [updateProfile] = useUpdateProfileMutation();
  const [saved, setSaved] = useState(false);
  const form = useForm<ConsentForm>({
    defaultValues: { phone: user.phone ?? '', sms: user.notify.sms, whatsapp: user.notify.whatsapp },
  });
  const submit = async (values: ConsentForm) => {
    setSaved(false);
    try {
      const answer = await updateProfile({ phone: values.phone, notify: { sms: values.sms, whatsapp: values.whatsapp } }).unwrap();
      form.reset({ phone: answer.phone ?? '', sms: answer.notify.sms, whatsapp: answer.notify.whatsapp });
      setSaved(true);
    } catch (error) {
      showServerError(form.setError, error, { fields: ['phone'] });
    }
  };
  return (
    <Form className="auth-form text-consent" form={form} onSubmit={submit} aria-labelledby="text-consent-title">
      <h3 id="text-consent-title" className="text-consent__title">
        {t('texts.consentTitle')}
      </h3>
      <PhoneConsentFields idPrefix="profile" />
      <FormError />
      {saved && (
        <p className="message message--success" role="status">
          {t('texts.saved')}
        </p>
      )}
      <button className="button" type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('texts.saving') : t('texts.save')}
      </button>
    </Form>
  );
}

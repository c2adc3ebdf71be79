import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normalisePhone } from '@shop/shared';
import { CheckboxField } from '@/components/form/choice-fields';
import { TextField } from '@/components/form/text-field';
import './text-consent.css';

/**
 * The phone field and the SMS / WhatsApp boxes (both off by default) of the registration and the
 * profile (issue 53), with a line saying what will be sent where as the person ticks them.
 */
export function PhoneConsentFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<{ phone: string; sms: boolean; whatsapp: boolean }>();
  const [phone = '', sms = false, whatsapp = false] = useWatch({ control, name: ['phone', 'sms', 'whatsapp'] });
  const channels = [sms && t('texts.admin.channels.sms'), whatsapp && t('texts.admin.channels.whatsapp')]
    .filter(Boolean)
    .join(t('texts.and'));
  const typed = phone.trim() === '' ? null : (normalisePhone(phone) ?? phone.trim());
  // Isolated left-to-right: "+216…" keeps its order inside an Arabic sentence.
  const number = typed === null ? null : `\u2066${typed}\u2069`;
  return (
    <div className="text-consent__fields">
      <p className="auth-form__hint">{t('texts.consentIntro')}</p>
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        label={t('texts.phone')}
        hint={t('texts.phoneHint')}
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
      />
      <fieldset className="text-consent__channels">
        <legend className="field__label">{t('texts.consentTitle')}</legend>
        <CheckboxField id={`${idPrefix}-notify-sms`} name="sms" label={t('texts.sms')} />
        <CheckboxField id={`${idPrefix}-notify-whatsapp`} name="whatsapp" label={t('texts.whatsapp')} />
      </fieldset>
      <p className="text-consent__summary" data-testid="text-consent-summary" aria-live="polite">
        {!sms && !whatsapp ? t('texts.none') : number ? t('texts.willSend', { phone: number, channels }) : t('texts.noPhone')}
      </p>
    </div>
  );
}

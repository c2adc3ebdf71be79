import { useId, useState, type FormEvent } from 'react';
import { MailIcon, MapPinIcon, PhoneIcon } from '@/components/ui/icons';
import { shopHoursIn, useGetShopInfoQuery } from '@/lib/api/shop';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import './contact.css';

/** The draft the visitor's own mail program opens (nothing goes through the shop's server: docs/product.md#screens, "Contact"). */
export function mailtoDraft(fields: {
  name: string;
  email: string;
  subject: string;
  message: string;
}): string {
  const body = `${fields.message}\n\n${i18n.t('catalogue.contact.bodyFrom', { name: fields.name, email: fields.email })}`;
  return `mailto:${i18n.t('common.footer.email')}?subject=${encodeURIComponent(fields.subject)}&body=${encodeURIComponent(body)}`;
}

export function Contact() {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState({ name: '', email: '', subject: '', message: '' });
  // Address and opening hours as the shop's settings give them (SHOP_ADDRESS, SHOP_HOURS).
  const { data: shop } = useGetShopInfoQuery();
  const id = useId();
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  const send = (event: FormEvent) => {
    event.preventDefault();
    window.location.href = mailtoDraft(fields);
  };

  return (
    <div className="contact container page">
      <h1 className="page__title">{t('catalogue.contact.title')}</h1>
      <p className="contact__lead">{t('catalogue.contact.lead')}</p>
      <div className="contact__grid">
        <section className="contact__card" aria-labelledby={`${id}-details`}>
          <h2 id={`${id}-details`} className="contact__heading">
            {t('catalogue.contact.detailsTitle')}
          </h2>
          <dl className="contact__details">
            <div>
              <dt>
                <MapPinIcon /> {t('catalogue.contact.address')}
              </dt>
              <dd>{shop?.address || t('common.footer.address')}</dd>
            </div>
            <div>
              <dt>
                <PhoneIcon /> {t('catalogue.contact.phone')}
              </dt>
              <dd>
                <a href={`tel:${t('common.footer.phone').replace(/\s/g, '')}`} dir="ltr">
                  {t('common.footer.phone')}
                </a>
                <br />
                <span className="contact__hours">
                  {shopHoursIn(shop, i18n.language) || t('catalogue.contact.hours')}
                </span>
              </dd>
            </div>
            <div>
              <dt>
                <MailIcon /> {t('catalogue.contact.email')}
              </dt>
              <dd>
                <a href={`mailto:${t('common.footer.email')}`} dir="ltr">{t('common.footer.email')}</a>
              </dd>
            </div>
          </dl>
        </section>

        <form
          className="contact__card contact__form"
          aria-labelledby={`${id}-form`}
          onSubmit={send}
        >
          <h2 id={`${id}-form`} className="contact__heading">
            {t('catalogue.contact.formTitle')}
          </h2>
          <div className="contact__row">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-name`}>
                {t('catalogue.contact.name')}
              </label>
              <input
                id={`${id}-name`}
                className="field__input"
                required
                autoComplete="name"
                value={fields.name}
                onChange={set('name')}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-email`}>
                {t('catalogue.contact.yourEmail')}
              </label>
              <input
                id={`${id}-email`}
                className="field__input"
                type="email"
                required
                autoComplete="email"
                value={fields.email}
                onChange={set('email')}
              />
            </div>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-subject`}>
              {t('catalogue.contact.subject')}
            </label>
            <input
              id={`${id}-subject`}
              className="field__input"
              required
              value={fields.subject}
              onChange={set('subject')}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-message`}>
              {t('catalogue.contact.message')}
            </label>
            <textarea
              id={`${id}-message`}
              className="field__input"
              required
              rows={6}
              value={fields.message}
              onChange={set('message')}
            />
          </div>
          <p className="contact__hint">{t('catalogue.contact.hint')}</p>
          <button type="submit" className="button">
            <MailIcon />
            {t('catalogue.contact.send')}
          </button>
        </form>
      </div>
    </div>
  );
}

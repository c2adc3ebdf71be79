import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const EMPTY_CARD = { name: '', number: '', expMonth: '', expYear: '', cvv: '' };
type CardField = keyof typeof EMPTY_CARD;

const FIELDS = (
  t: TFunction,
): { field: CardField; label: string; autoComplete: string; inputMode?: 'numeric' }[] => [
  { field: 'name', label: t('checkout.shipping.cardName'), autoComplete: 'cc-name' },
  {
    field: 'number',
    label: t('checkout.shipping.cardNumber'),
    autoComplete: 'cc-number',
    inputMode: 'numeric',
  },
  {
    field: 'expMonth',
    label: t('checkout.shipping.expMonth'),
    autoComplete: 'cc-exp-month',
    inputMode: 'numeric',
  },
  {
    field: 'expYear',
    label: t('checkout.shipping.expYear'),
    autoComplete: 'cc-exp-year',
    inputMode: 'numeric',
  },
  { field: 'cvv', label: t('checkout.shipping.cvv'), autoComplete: 'cc-csc', inputMode: 'numeric' },
];

/**
 * Card inputs (SPEC §2: not validated). They live in this component's state only: never
 * dispatched, stored or sent (CONTRACT §4: card numbers never leave the browser). The inputs
 * have no name attribute, so they are not part of any form submission either.
 */
export function CardDetails() {
  const { t } = useTranslation();
  const [card, setCard] = useState(EMPTY_CARD);
  return (
    <fieldset className="card-details">
      <legend className="visually-hidden">{t('checkout.shipping.card')}</legend>
      {FIELDS(t).map(({ field, label, autoComplete, inputMode }) => (
        <div className={`field card-details__${field}`} key={field}>
          <label className="field__label" htmlFor={`card-${field}`}>
            {label}
          </label>
          <input
            id={`card-${field}`}
            className="field__input"
            autoComplete={autoComplete}
            inputMode={inputMode}
            value={card[field]}
            onChange={(e) => setCard((c) => ({ ...c, [field]: e.target.value }))}
          />
        </div>
      ))}
      <p className="card-details__note">{t('checkout.shipping.cardNote')}</p>
    </fieldset>
  );
}

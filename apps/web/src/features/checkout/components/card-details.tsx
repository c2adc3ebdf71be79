import { useState } from 'react';
import { text } from '@/lib/i18n';

const t = text.checkout.shipping;

const EMPTY_CARD = { name: '', number: '', expMonth: '', expYear: '', cvv: '' };
type CardField = keyof typeof EMPTY_CARD;

const FIELDS: { field: CardField; label: string; autoComplete: string; inputMode?: 'numeric' }[] = [
  { field: 'name', label: t.cardName, autoComplete: 'cc-name' },
  { field: 'number', label: t.cardNumber, autoComplete: 'cc-number', inputMode: 'numeric' },
  { field: 'expMonth', label: t.expMonth, autoComplete: 'cc-exp-month', inputMode: 'numeric' },
  { field: 'expYear', label: t.expYear, autoComplete: 'cc-exp-year', inputMode: 'numeric' },
  { field: 'cvv', label: t.cvv, autoComplete: 'cc-csc', inputMode: 'numeric' },
];

/**
 * Card inputs (SPEC §2: not validated). They live in this component's state only: never
 * dispatched, stored or sent (CONTRACT §4: card numbers never leave the browser). The inputs
 * have no name attribute, so they are not part of any form submission either.
 */
export function CardDetails() {
  const [card, setCard] = useState(EMPTY_CARD);
  return (
    <fieldset className="card-details">
      <legend className="visually-hidden">{t.card}</legend>
      {FIELDS.map(({ field, label, autoComplete, inputMode }) => (
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
      <p className="card-details__note">{t.cardNote}</p>
    </fieldset>
  );
}

import { LEARNER_NAME_MAX, normalisePhone } from '@shop/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A seat's learner as typed (issue 51): `_id` kept from the order so a rename keeps the record. */
export interface LearnerRow {
  _id?: string;
  name: string;
  email: string;
  /** Issue 53: a mobile for the learner's SMS (reminders, a move, a cancelled session); optional. */
  phone?: string;
}

/** The i18n keys (under checkout.learners) of a row's problems, if any. */
export interface LearnerRowErrors {
  name?: 'nameRequired' | 'nameTooLong';
  email?: 'emailInvalid';
  phone?: 'phoneInvalid';
}

// The same rule as the API's (zod `z.email()`): something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems of each row (an empty object: none), as the API would refuse them (400). */
export function learnerErrors(rows: LearnerRow[]): LearnerRowErrors[] {
  return rows.map((row) => {
    const errors: LearnerRowErrors = {};
    const name = row.name.trim();
    if (!name) errors.name = 'nameRequired';
    else if (name.length > LEARNER_NAME_MAX) errors.name = 'nameTooLong';
    const email = row.email.trim();
    if (email && !EMAIL.test(email)) errors.email = 'emailInvalid';
    const phone = (row.phone ?? '').trim();
    if (phone && !normalisePhone(phone)) errors.phone = 'phoneInvalid';
    return errors;
  });
}

export const hasLearnerErrors = (rows: LearnerRow[]) =>
  learnerErrors(rows).some((e) => e.name !== undefined || e.email !== undefined || e.phone !== undefined);

/** The rows as the API takes them: trimmed, an empty e-mail left out, `_id` kept when known. */
export function learnersBody(rows: LearnerRow[]) {
  return rows.map((row) => ({
    ...(row._id ? { _id: row._id } : {}),
    name: row.name.trim(),
    ...(row.email.trim() ? { email: row.email.trim() } : {}),
    ...(row.phone?.trim() ? { phone: row.phone.trim() } : {}),
  }));
}

/**
 * One input pair (name, optional e-mail) per named seat, at most `qty`, with "Add a name" and
 * a remove button per row. Errors show under their field once `showErrors` is set (after a
 * submit), so nobody is scolded while still typing.
 */
export function LearnersFields({
  qty,
  rows,
  onChange,
  showErrors,
}: {
  qty: number;
  rows: LearnerRow[];
  onChange: (rows: LearnerRow[]) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const errors = learnerErrors(rows);
  // Keyboard users land in the new row's name after "Add a name".
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    document.getElementById(`${baseId}-${focusRow.current}-name`)?.focus();
    focusRow.current = null;
  });
  const update = (index: number, change: Partial<LearnerRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <div className="learners-fields">
      <p className="learners-fields__hint">{t('checkout.learners.seatsHint', { count: qty })}</p>
      <ol className="learners-fields__rows">
        {rows.map((row, index) => {
          const id = `${baseId}-${index}`;
          const nameError = showErrors ? errors[index]?.name : undefined;
          const emailError = showErrors ? errors[index]?.email : undefined;
          const phoneError = showErrors ? errors[index]?.phone : undefined;
          return (
            <li className="learners-fields__row" key={row._id ?? `new-${index}`}>
              <span className="learners-fields__seat">{t('checkout.learners.seat', { n: index + 1 })}</span>
              <div className="field learners-fields__field">
                <label className="field__label" htmlFor={`${id}-name`}>{t('checkout.learners.name')}</label>
                <input
                  id={`${id}-name`}
                  className="field__input"
                  value={row.name}
                  dir="auto"
                  maxLength={LEARNER_NAME_MAX + 20}
                  autoComplete="off"
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${id}-name-error` : undefined}
                  onChange={(e) => update(index, { name: e.target.value })}
                />
                {nameError && (
                  <span id={`${id}-name-error`} className="field__error">
                    {t(`checkout.learners.${nameError}`)}
                  </span>
                )}
              </div>
              <div className="field learners-fields__field">
                <label className="field__label" htmlFor={`${id}-email`}>{t('checkout.learners.email')}</label>
                <input
                  id={`${id}-email`}
                  className="field__input"
                  type="email"
                  dir="ltr"
                  inputMode="email"
                  autoComplete="off"
                  value={row.email}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? `${id}-email-error` : undefined}
                  onChange={(e) => update(index, { email: e.target.value })}
                />
                {emailError && (
                  <span id={`${id}-email-error`} className="field__error">
                    {t(`checkout.learners.${emailError}`)}
                  </span>
                )}
              </div>
              <div className="field learners-fields__field">
                <label className="field__label" htmlFor={`${id}-phone`}>{t('checkout.learners.phone')}</label>
                <input
                  id={`${id}-phone`}
                  className="field__input"
                  type="tel"
                  dir="ltr"
                  inputMode="tel"
                  autoComplete="off"
                  value={row.phone ?? ''}
                  aria-invalid={phoneError ? true : undefined}
                  aria-describedby={phoneError ? `${id}-phone-error` : `${id}-phone-hint`}
                  onChange={(e) => update(index, { phone: e.target.value })}
                />
                {phoneError ? (
                  <span id={`${id}-phone-error`} className="field__error">
                    {t(`checkout.learners.${phoneError}`)}
                  </span>
                ) : (
                  <span id={`${id}-phone-hint`} className="field__hint">
                    {t('checkout.learners.phoneHint')}
                  </span>
                )}
              </div>
              <button
                type="button"
                className="button button--ghost learners-fields__remove"
                aria-label={
                  row.name.trim()
                    ? t('checkout.learners.remove', { name: row.name.trim() })
                    : t('checkout.learners.removeBlank', { n: index + 1 })
                }
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          );
        })}
      </ol>
      {rows.length < qty && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            focusRow.current = rows.length;
            onChange([...rows, { name: '', email: '' }]);
          }}
        >
          {t('checkout.learners.add')}
        </button>
      )}
    </div>
  );
}

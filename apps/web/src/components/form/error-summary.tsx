import { get, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { translateMessage } from '@/lib/i18n/messages';
import { messageOf } from './form';

export interface SummaryField {
  /** The form field (react-hook-form path), e.g. `price` or `images.2`. */
  name: string;
  /** Id of its input or fieldset, which the summary links to. */
  id: string;
  /** Whether problems inside it count (`category.2` for `category`). */
  nested?: boolean;
}

/**
 * The summary above a form that was refused (by its checks or the server): every field problem,
 * in the form's order, each linking to its field so the keyboard can jump there; or the
 * server's message when no problem belongs to a field. It is the form's one alert.
 */
export function ErrorSummary({ fields, className }: { fields: SummaryField[]; className: string }) {
  const { t } = useTranslation();
  const { errors } = useFormState();
  const problems = fields.flatMap(({ name, id, nested }) => {
    const message = messageOf(get(errors, name), nested);
    return message ? [{ id, message }] : [];
  });
  const formMessage = messageOf(errors.root?.['server']);
  if (problems.length === 0 && !formMessage) return null;
  return (
    <div className={`message message--error ${className}`} role="alert" tabIndex={-1}>
      {problems.length === 0 ? (
        <p>{formMessage && translateMessage(formMessage)}</p>
      ) : (
        <>
          <p>{t('common.formErrorSummary')}</p>
          <ul>
            {problems.map(({ id, message }) => (
              <li key={id}>
                <a href={`#${id}`}>{translateMessage(message)}</a>
              </li>
            ))}
            {formMessage && <li>{translateMessage(formMessage)}</li>}
          </ul>
        </>
      )}
    </div>
  );
}

import { get, useFormState } from 'react-hook-form';
import { text } from '@/lib/i18n';
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
        <p>{formMessage}</p>
      ) : (
        <>
          <p>{text.common.formErrorSummary}</p>
          <ul>
            {problems.map(({ id, message }) => (
              <li key={id}>
                <a href={`#${id}`}>{message}</a>
              </li>
            ))}
            {formMessage && <li>{formMessage}</li>}
          </ul>
        </>
      )}
    </div>
  );
}

import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '@/lib/api/errors';
import { text } from '@/lib/i18n';
import './admin-form.css';

/**
 * The summary above a form after the server refused it: the message, then every field problem,
 * each linking to its field so the keyboard can jump there.
 */
export function FormErrorSummary({
  error,
  fields,
  fieldIds,
}: {
  error: FetchBaseQueryError | SerializedError | undefined;
  fields: Record<string, string>;
  /** Field path -> id of the input it belongs to. */
  fieldIds: (path: string) => string | undefined;
}) {
  if (!error) return null;
  const problems = Object.entries(fields);
  return (
    <div className="message message--error admin-form__summary" role="alert" tabIndex={-1}>
      {problems.length === 0 ? (
        <p>{errorMessage(error)}</p>
      ) : (
        <>
          <p>{text.admin.formErrorSummary}</p>
          <ul>
            {problems.map(([path, message]) => {
              const id = fieldIds(path);
              return <li key={path}>{id ? <a href={`#${id}`}>{message}</a> : message}</li>;
            })}
          </ul>
        </>
      )}
    </div>
  );
}

/** The server's problem with one field, shown under it and tied to it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}

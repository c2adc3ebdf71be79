import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldError, useFieldError } from './form';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'type' | 'className'
> {
  id: string;
  /** The form field (react-hook-form path). */
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  /** Something beside the input, e.g. an edit button. */
  action?: ReactNode;
  /** A line under the input, before the error. */
  hint?: string;
  /**
   * Fields checked again when this one changes (react-hook-form `deps`): a new password
   * re-checks its confirmation, so a "do not match" that no longer holds goes away.
   */
  revalidates?: string[];
}

/** A labelled one-line input with its error line, wired for screen readers. */
export function TextField({
  id,
  name,
  label,
  type = 'text',
  action,
  hint,
  revalidates,
  ...input
}: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const field = (
    <input
      id={id}
      className="field__input"
      type={type}
      aria-invalid={!!error}
      aria-describedby={describedBy}
      {...input}
      {...register(name, revalidates ? { deps: revalidates } : undefined)}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {action ? (
        <div className="text-field__row">
          {field}
          {action}
        </div>
      ) : (
        field
      )}
      {hint && (
        <p id={hintId} className="admin-form__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField {...props} type="password" />;
}

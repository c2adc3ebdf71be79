import type { ReactNode } from 'react';
import './form.css';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
  readOnly?: boolean;
  /** The error line under the field (server detail or client check). */
  error?: string;
  /** Something beside the input, e.g. an edit button. */
  action?: ReactNode;
}

/** A labelled input with its error line, wired for screen readers. */
export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  error,
  action,
  ...input
}: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={action ? 'text-field__row' : undefined}>
        <input
          id={id}
          className="field__input"
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {action}
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField {...props} type="password" />;
}

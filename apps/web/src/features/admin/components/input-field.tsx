import { FieldError } from './form-errors';
import './admin-form.css';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'email';
  /** The server's problem with this field; shown under it as `${id}-error`. */
  error: string | undefined;
}

/** A labelled one-line input of an admin edit form, with the server's problem under it. */
export function InputField({ id, name, label, value, onChange, type, error }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

import { FieldError } from './form-errors';
import './admin-form.css';

interface Props {
  /** Id of the fieldset; the error summary links to it. */
  id: string;
  legend: string;
  options: readonly string[];
  checked: string[];
  onChange: (checked: string[]) => void;
  error: string | undefined;
}

/** A fieldset of checkboxes choosing several values (categories, sizes). */
export function CheckboxGroup({ id, legend, options, checked, onChange, error }: Props) {
  const errorId = `${id}-error`;
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...checked, option] : checked.filter((value) => value !== option));

  return (
    <fieldset
      id={id}
      className="admin-form__fieldset"
      aria-describedby={error ? errorId : undefined}
      tabIndex={-1}
    >
      <legend className="admin-form__legend">{legend}</legend>
      <div className="admin-form__checks">
        {options.map((option) => (
          <label key={option} className="choice admin-form__check">
            <input
              type="checkbox"
              name={id}
              value={option}
              checked={checked.includes(option)}
              onChange={(e) => toggle(option, e.target.checked)}
            />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

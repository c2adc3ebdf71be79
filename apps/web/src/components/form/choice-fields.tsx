import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldError, useFieldError } from './form';

interface Option {
  value: string;
  label: string;
}

/** A labelled multi-line input with its error line. */
export function TextAreaField({
  id,
  name,
  label,
  ...textarea
}: { id: string; name: string; label: string } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'name' | 'className'
>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__input"
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
        {...register(name)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A labelled select with its error line; `placeholder` is a first option with no value. */
export function SelectField({
  id,
  name,
  label,
  options,
  placeholder,
  ...select
}: {
  id: string;
  name: string;
  label: string;
  options: readonly Option[];
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'className'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        {...select}
        {...register(name)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** One checkbox with its words (a boolean field). */
export function CheckboxField({
  id,
  name,
  label,
  className = 'choice',
}: {
  id: string;
  name: string;
  label: ReactNode;
  className?: string;
}) {
  const { register } = useFormContext();
  return (
    <label className={className}>
      <input id={id} type="checkbox" {...register(name)} />
      {label}
    </label>
  );
}

interface GroupProps {
  /** Id of the fieldset: an error summary links to it. */
  id: string;
  name: string;
  legend: string;
  options: readonly Option[];
  /** Class names of the admin and storefront looks. */
  classNames?: { fieldset?: string; legend?: string; choices?: string; choice?: string };
}

function ChoiceGroup({
  id,
  name,
  legend,
  options,
  type,
  classNames = {},
}: GroupProps & { type: 'checkbox' | 'radio' }) {
  const { register } = useFormContext();
  const error = useFieldError(name, true);
  const errorId = `${id}-error`;
  const choices = options.map((option) => (
    <label key={option.value} className={classNames.choice ?? 'choice'}>
      <input type={type} value={option.value} {...register(name)} />
      {option.label}
    </label>
  ));
  return (
    <fieldset
      id={id}
      className={classNames.fieldset ?? 'choice-group'}
      aria-describedby={error ? errorId : undefined}
      tabIndex={-1}
    >
      <legend className={classNames.legend ?? 'choice-group__legend field__label'}>{legend}</legend>
      {classNames.choices ? <div className={classNames.choices}>{choices}</div> : choices}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** Checkboxes choosing several values; the field is the array of ticked values. */
export function CheckboxGroupField(props: GroupProps) {
  return <ChoiceGroup {...props} type="checkbox" />;
}

/** Radio buttons choosing one value. */
export function RadioGroupField(props: GroupProps) {
  return <ChoiceGroup {...props} type="radio" />;
}

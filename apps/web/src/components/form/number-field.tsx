import { useController } from 'react-hook-form';
import { NumberInput, type NumberInputProps } from '@/components/ui/number-input';
import { FieldError, useFieldError } from './form';

/** The shop's number input (with its stepper) as a form field, with its error line. */
export function NumberField({
  id,
  name,
  ...input
}: { id: string; name: string } & Omit<NumberInputProps, 'id' | 'name' | 'value' | 'onChange'>) {
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <div className="field">
      <NumberInput
        id={id}
        name={name}
        value={field.value as number}
        onChange={field.onChange}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

import { createContext, use, type FormHTMLAttributes, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useFormState,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n/messages';

/** True inside a form whose ErrorSummary is the one alert: field lines are then not announced. */
const SummaryContext = createContext(false);

interface FormProps<Values extends FieldValues, Output> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children'
> {
  form: UseFormReturn<Values, unknown, Output>;
  /** Gets the resolver's output (checked, trimmed values); may throw nothing: it catches. */
  onSubmit: SubmitHandler<Output>;
  /** The form shows an ErrorSummary that announces every problem. */
  withSummary?: boolean;
  children: ReactNode;
}

/**
 * The one way a form is written: react-hook-form state, the resolver's checks instead of the
 * browser's (`noValidate`), and the field components below reading their value and error from
 * the form context.
 */
export function Form<Values extends FieldValues, Output>({
  form,
  onSubmit,
  withSummary = false,
  children,
  ...props
}: FormProps<Values, Output>) {
  return (
    <FormProvider {...form}>
      <SummaryContext value={withSummary}>
        <form noValidate {...props} onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
          {children}
        </form>
      </SummaryContext>
    </FormProvider>
  );
}

/**
 * The message of a problem in the form's errors; with `nested`, also the first one inside it
 * (a checkbox group whose `category.2` was refused).
 */
export function messageOf(error: unknown, nested = false): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  if (!nested) return undefined;
  for (const inner of Object.values(error)) {
    const found = messageOf(inner, true);
    if (found) return found;
  }
  return undefined;
}

/** The message of a field's problem (client check or server detail), if any. */
export function useFieldError(name: string, nested = false): string | undefined {
  const { errors } = useFormState({ name });
  return messageOf(get(errors, name), nested);
}

/**
 * A field's problem under it, tied to the input with aria-describedby. Announced as an alert
 * unless the form has an ErrorSummary, which already is the alert.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const withSummary = use(SummaryContext);
  useTranslation(); // shown again in a new language
  if (!message) return null;
  return (
    <p id={id} className="field__error" role={withSummary ? undefined : 'alert'}>
      {translateMessage(message)}
    </p>
  );
}

/** The server's refusal that belongs to no field (see `showServerError`), as one alert line. */
export function FormError({ className = 'message message--error' }: { className?: string }) {
  const message = useFieldError('root.server');
  useTranslation();
  if (!message) return null;
  return (
    <p className={className} role="alert">
      {translateMessage(message)}
    </p>
  );
}

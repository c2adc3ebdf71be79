import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage, serverMessage } from '@/lib/api/errors';

interface Detail {
  path: string;
  message: string;
}

/** The `details` of a refused write (the error shape of docs/api.md#basics), whatever `unwrap()` threw. */
function detailsOf(error: unknown): Detail[] {
  if (!error || typeof error !== 'object' || !('data' in error)) return [];
  const details = (error.data as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is Detail =>
      !!d && typeof d === 'object' && typeof d.path === 'string' && typeof d.message === 'string',
  );
}

export interface ServerErrorOptions<Values extends FieldValues> {
  /** Every field the form shows; a detail lands on one of them or on none. */
  fields: readonly FieldPath<Values>[];
  /**
   * The field a detail's path belongs to, when the API names it differently (`newPassword`,
   * `images.1` of the sent list). By default the path itself, or its part before the first dot
   * (`category.2` -> `category`), when that is one of `fields`.
   */
  fieldOf?: (path: string) => FieldPath<Values> | undefined;
  /** The line when the answer has no message of its own ('An error occurred'). */
  fallback?: string;
}

/**
 * Puts what `unwrap()` threw on the form, each problem once and in the shop's words: every
 * `details` entry under its field (the first one per field), and the answer's `message` as the
 * form's own line (`errors.root.server`, shown by FormError) only when no detail landed on a
 * field, so "email: Please enter a valid email" never repeats the field's line. Details that
 * belong to no field are shown by their message, without the API's path prefix.
 */
export function showServerError<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  { fields, fieldOf, fallback }: ServerErrorOptions<Values>,
): void {
  const known = new Set<string>(fields);
  const defaultField = (path: string) => {
    const field = known.has(path) ? path : path.split('.')[0];
    return field !== undefined && known.has(field) ? (field as FieldPath<Values>) : undefined;
  };
  const placed = new Set<string>();
  const unplaced: string[] = [];
  for (const detail of detailsOf(error)) {
    const field = (fieldOf ?? defaultField)(detail.path);
    if (field === undefined || !known.has(field)) unplaced.push(detail.message);
    else if (!placed.has(field)) {
      placed.add(field);
      setError(
        field,
        { type: 'server', message: detail.message },
        { shouldFocus: placed.size === 1 },
      );
    }
  }
  if (placed.size > 0 && unplaced.length === 0) return;
  const message =
    unplaced[0] ??
    (fallback !== undefined
      ? serverMessage(error as Parameters<typeof serverMessage>[0], fallback)
      : errorMessage(error as Parameters<typeof errorMessage>[0]));
  setError('root.server', { type: 'server', message });
}

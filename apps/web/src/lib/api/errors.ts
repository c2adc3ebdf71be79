import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { text } from '@/lib/i18n';

/**
 * SPEC §8: the response body's message when present, otherwise the generic network message.
 */
export function errorMessage(
  error: FetchBaseQueryError | SerializedError | undefined | null,
): string {
  if (!error) return '';
  if ('status' in error) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
    return text.common.networkError;
  }
  return error.message ?? text.common.networkError;
}

/** Field problems of a 400 answer, keyed by field path (for messages next to form fields). */
export function fieldErrors(
  error: FetchBaseQueryError | SerializedError | undefined | null,
): Record<string, string> {
  if (!error || !('status' in error)) return {};
  const data = error.data as { details?: { path: string; message: string }[] } | undefined;
  return Object.fromEntries((data?.details ?? []).map((d) => [d.path, d.message]));
}

import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { i18n } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n/messages';

/** An RTK Query error, or none. */
export type ApiError = FetchBaseQueryError | SerializedError | undefined | null;

/** The server's `message` (in the language on screen) when the answer has one, else the screen's own fallback. */
export function serverMessage(error: ApiError, fallback: string): string {
  if (error && 'status' in error) {
    const data = error.data as { message?: unknown; code?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message)
      return translateMessage(data.message, typeof data.code === 'string' ? data.code : undefined);
  }
  return fallback;
}

/**
 * The response body's message when present, otherwise the generic network message.
 */
export function errorMessage(error: ApiError): string {
  if (!error) return '';
  if ('status' in error) return serverMessage(error, i18n.t('common.networkError'));
  return error.message ?? i18n.t('common.networkError');
}

/** The answer's stable `code` (ERROR_CODES of @shop/shared, e.g. SESSION_HAS_LEARNED), if any. */
export function errorCode(error: ApiError): string | undefined {
  if (!error || !('status' in error)) return undefined;
  const data = error.data as { code?: unknown } | undefined;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/** Field problems of a 400 answer, keyed by field path (for messages next to form fields). */
export function fieldErrors(error: ApiError): Record<string, string> {
  if (!error || !('status' in error)) return {};
  const data = error.data as { details?: { path: string; message: string }[] } | undefined;
  return Object.fromEntries((data?.details ?? []).map((d) => [d.path, d.message]));
}

/**
 * Whether asking again may work: the shop or a proxy was unavailable (5xx, 503 during an
 * outage) or the network failed. A 4xx answer would only be refused again.
 */
export function isRetryable(error: ApiError): boolean {
  if (!error) return false;
  if (!('status' in error)) return true;
  if (typeof error.status === 'number') return error.status >= 500;
  if (error.status === 'PARSING_ERROR') return error.originalStatus >= 500;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

import { systemClock, type Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';
import { PaymentProviderUnavailable, type CallOptions } from './provider.js';

/** Pauses before the 2nd and 3rd try of a call that may succeed when repeated. */
export const PROVIDER_BACKOFF_MS = [300, 900] as const;

/** An answer worth trying again: the provider is overloaded or restarting. */
const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

class HttpAnswer extends Error {
  constructor(provider: string, readonly status: number) {
    super(`${provider} answered ${status}`);
  }
}

export interface ProviderHttpSettings {
  /** The provider's name in log lines and errors ("Konnect", "Flouci"). */
  provider: string;
  /** The API's base address (a function: the test gateway learns its port late). */
  baseUrl: () => string;
  /** The credentials' header(s): sent only there, never logged. */
  headers: Record<string, string>;
  /** Time limit of each try. */
  timeoutMs: number;
  logger: Logger;
  /** Tries per call (default 1 + the back-off steps). */
  tries?: number;
  /** Whose time the back-off pauses take (default the system's). */
  clock?: Clock;
}

/** One JSON call to a payment provider: `parse` reads the status and the parsed body (undefined when not JSON). */
export type ProviderCall = <T>(
  what: string,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  parse: (status: number, body: unknown) => T,
  options?: CallOptions,
) => Promise<T>;

/**
 * The JSON calls of a payment provider's REST API, as Konnect and Flouci both need them: each try
 * has a time limit; network failures, time-outs and 5xx/429/408 answers are tried again with
 * back-off; a `parse` that throws PaymentProviderUnavailable (a 4xx, an unusable answer) is final.
 * After the last try: PaymentProviderUnavailable (the shop answers 503).
 */
export function createProviderCall(settings: ProviderHttpSettings): ProviderCall {
  const tries = settings.tries ?? PROVIDER_BACKOFF_MS.length + 1;
  const clock = settings.clock ?? systemClock;
  return async function call<T>(
    what: string,
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    parse: (status: number, body: unknown) => T,
    options: CallOptions = {},
  ): Promise<T> {
    const limit = options.tries ?? tries;
    let lastError: unknown;
    for (let attempt = 1; attempt <= limit; attempt++) {
      if (attempt > 1) await clock.sleep(PROVIDER_BACKOFF_MS[attempt - 2] ?? PROVIDER_BACKOFF_MS.at(-1) ?? 1000);
      try {
        const res = await fetch(`${settings.baseUrl()}${path}`, {
          method: init.method,
          headers: {
            ...settings.headers,
            accept: 'application/json',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? settings.timeoutMs),
        });
        const text = await res.text();
        if (retryable(res.status)) throw new HttpAnswer(settings.provider, res.status);
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        return parse(res.status, body);
      } catch (err) {
        lastError = err;
        // A 4xx or an unusable answer will not change when asked again.
        if (err instanceof PaymentProviderUnavailable) throw err;
        settings.logger.warn(
          { call: what, attempt, of: limit, cause: err instanceof Error ? err.message : String(err) },
          `${settings.provider} did not answer; trying again if allowed`,
        );
      }
    }
    throw new PaymentProviderUnavailable(`${settings.provider} ${what} failed after ${limit} tries`, { cause: lastError });
  };
}

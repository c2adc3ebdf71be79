import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import type { Logger } from '../../logger.js';
import {
  PaymentProviderUnavailable,
  type CallOptions,
  type InitPaymentRequest,
  type PaymentProvider,
  type ProviderPayment,
  type StartedPayment,
} from './provider.js';

/** Pauses before the 2nd and 3rd try of a call that may succeed when repeated (as Konnect's). */
export const FLOUCI_BACKOFF_MS = [300, 900] as const;

/** The shop's webhook for Flouci, under /api/payments. */
export const FLOUCI_WEBHOOK_PATH = '/flouci/webhook';

export interface FlouciSettings {
  /** API v2 base, e.g. https://developers.flouci.com/api/v2. */
  apiUrl: string;
  /** The app's public key. */
  appToken: string;
  /** The app's private key. */
  appSecret: string;
  /** Time limit of each try. */
  timeoutMs: number;
  logger: Logger;
  /** Tries per call (default 1 + the back-off steps). */
  tries?: number;
}

/** Millimes: Flouci's examples show both numbers and digit strings. */
const millimes = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,12}$/).transform(Number)]);

const generateAnswerSchema = z.object({
  result: z.object({
    success: z.boolean().optional(),
    payment_id: z.string().min(1).max(200),
    link: z.string().url(),
  }),
});

const verifyAnswerSchema = z.object({
  success: z.boolean(),
  result: z
    .object({
      status: z.string(),
      amount: millimes,
      developer_tracking_id: z.string().nullish(),
    })
    .optional(),
});

/** An answer worth trying again: the provider is overloaded or restarting. */
const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

class HttpAnswer extends Error {
  constructor(readonly status: number) {
    super(`Flouci answered ${status}`);
  }
}

/**
 * Flouci's statuses in the words of PaymentProvider (Konnect's): SUCCESS is `completed`, the only
 * paid one; PENDING, EXPIRED and FAILURE are passed on in lower case, none of them paid.
 */
const statusOf = (flouci: string): string => (flouci === 'SUCCESS' ? 'completed' : flouci.toLowerCase());

/**
 * Flouci's payment API v2 (https://docs.flouci.com): `POST /generate_payment` and
 * `GET /verify_payment/{payment_id}`, authenticated with `Authorization: Bearer <public>:<private>`.
 * Amounts are millimes; `developer_tracking_id` carries the order id, so a payment made for
 * another order is recognised. Each try has a time limit; network failures, time-outs and 5xx
 * answers are tried again with back-off. The keys go only in that header, never in a log.
 */
export function createFlouciProvider(settings: FlouciSettings): PaymentProvider {
  const tries = settings.tries ?? FLOUCI_BACKOFF_MS.length + 1;
  const authorization = `Bearer ${settings.appToken}:${settings.appSecret}`;

  async function call<T>(
    what: string,
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    parse: (status: number, body: unknown) => T,
    options: CallOptions = {},
  ): Promise<T> {
    const limit = options.tries ?? tries;
    let lastError: unknown;
    for (let attempt = 1; attempt <= limit; attempt++) {
      if (attempt > 1) await delay(FLOUCI_BACKOFF_MS[attempt - 2] ?? FLOUCI_BACKOFF_MS.at(-1) ?? 1000);
      try {
        const res = await fetch(`${settings.apiUrl}${path}`, {
          method: init.method,
          headers: {
            authorization,
            accept: 'application/json',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? settings.timeoutMs),
        });
        const text = await res.text();
        if (retryable(res.status)) throw new HttpAnswer(res.status);
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
          'Flouci did not answer; trying again if allowed',
        );
      }
    }
    throw new PaymentProviderUnavailable(`Flouci ${what} failed after ${limit} tries`, { cause: lastError });
  }

  return {
    name: 'flouci',
    webhookPath: FLOUCI_WEBHOOK_PATH,
    credentialSettings: 'FLOUCI_APP_TOKEN and FLOUCI_APP_SECRET',

    initPayment: (request: InitPaymentRequest): Promise<StartedPayment> =>
      call(
        'generate_payment',
        '/generate_payment',
        {
          method: 'POST',
          body: {
            amount: request.amountMillimes,
            accept_card: true,
            session_timeout_secs: request.lifespanMinutes * 60,
            success_link: request.successUrl,
            fail_link: request.failUrl,
            developer_tracking_id: request.orderId,
            webhook: request.webhookUrl,
          },
        },
        (status, body) => {
          const parsed = status >= 200 && status < 300 ? generateAnswerSchema.safeParse(body) : undefined;
          if (!parsed?.success || parsed.data.result.success === false)
            throw new PaymentProviderUnavailable(`Flouci refused generate_payment (${status})`, {}, status);
          return { payUrl: parsed.data.result.link, reference: parsed.data.result.payment_id };
        },
      ),

    getPayment: (reference: string, options?: CallOptions): Promise<ProviderPayment | undefined> =>
      call(
        'verify_payment',
        `/verify_payment/${encodeURIComponent(reference)}`,
        { method: 'GET' },
        (status, body) => {
          if (status === 404) return undefined;
          const parsed = status >= 200 && status < 300 ? verifyAnswerSchema.safeParse(body) : undefined;
          if (!parsed?.success) throw new PaymentProviderUnavailable(`Flouci refused verify_payment (${status})`, {}, status);
          // Flouci's docs: read nothing unless `success` is true.
          const { success, result } = parsed.data;
          if (!success || !result) return undefined;
          const paid = result.status === 'SUCCESS';
          return {
            status: statusOf(result.status),
            amountMillimes: result.amount,
            // Flouci tells no partial amount: a SUCCESS is the whole amount, anything else nothing.
            reachedMillimes: paid ? result.amount : 0,
            orderId: result.developer_tracking_id ?? null,
          };
        },
        options,
      ),
  };
}

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

/** Pauses before the 2nd and 3rd try of a call that may succeed when repeated. */
export const KONNECT_BACKOFF_MS = [300, 900] as const;

export interface KonnectSettings {
  /** The provider's name in attempts and results (default `konnect`; the test gateway is `test`). */
  name?: string;
  /** API v2 base, e.g. https://api.konnect.network/api/v2 (a function: the test gateway's port). */
  apiUrl: string | (() => string);
  apiKey: string;
  walletId: string;
  /** Time limit of each try. */
  timeoutMs: number;
  logger: Logger;
  /** Tries per call (default 1 + the back-off steps). */
  tries?: number;
}

const initAnswerSchema = z.object({ payUrl: z.string().url(), paymentRef: z.string().min(1).max(200) });
const paymentAnswerSchema = z.object({
  payment: z.object({
    status: z.string(),
    amount: z.number(),
    reachedAmount: z.number().optional(),
    orderId: z.string().nullish(),
  }),
});

/** An answer worth trying again: the provider is overloaded or restarting. */
const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

class HttpAnswer extends Error {
  constructor(readonly status: number) {
    super(`Konnect answered ${status}`);
  }
}

/**
 * Konnect's public REST API v2 (https://api.konnect.network/api/v2/konnect-gateway):
 * `POST /payments/init-payment` and `GET /payments/{paymentRef}`, authenticated with the
 * `x-api-key` header. Each try has a time limit; network failures, time-outs and 5xx answers are
 * tried again with back-off. The API key is sent only in that header, never logged.
 */
export function createKonnectProvider(settings: KonnectSettings): PaymentProvider {
  const tries = settings.tries ?? KONNECT_BACKOFF_MS.length + 1;
  const base = () => (typeof settings.apiUrl === 'function' ? settings.apiUrl() : settings.apiUrl);

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
      if (attempt > 1) await delay(KONNECT_BACKOFF_MS[attempt - 2] ?? KONNECT_BACKOFF_MS.at(-1) ?? 1000);
      try {
        const res = await fetch(`${base()}${path}`, {
          method: init.method,
          headers: {
            'x-api-key': settings.apiKey,
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
          'Konnect did not answer; trying again if allowed',
        );
      }
    }
    throw new PaymentProviderUnavailable(`Konnect ${what} failed after ${limit} tries`, { cause: lastError });
  }

  return {
    name: settings.name ?? 'konnect',

    initPayment: (request: InitPaymentRequest): Promise<StartedPayment> =>
      call(
        'init-payment',
        '/payments/init-payment',
        {
          method: 'POST',
          body: {
            receiverWalletId: settings.walletId,
            token: 'TND',
            amount: request.amountMillimes,
            type: 'immediate',
            description: request.description,
            acceptedPaymentMethods: ['bank_card', 'e-DINAR', 'wallet'],
            lifespan: request.lifespanMinutes,
            checkoutForm: false,
            addPaymentFeesToAmount: false,
            firstName: request.customer.firstName,
            lastName: request.customer.lastName,
            email: request.customer.email,
            orderId: request.orderId,
            webhook: request.webhookUrl,
            // The customer comes back to the shop as well (the webhook alone would not redirect).
            silentWebhook: true,
            successUrl: request.successUrl,
            failUrl: request.failUrl,
            theme: 'light',
          },
        },
        (status, body) => {
          const parsed = status >= 200 && status < 300 ? initAnswerSchema.safeParse(body) : undefined;
          if (!parsed?.success) throw new PaymentProviderUnavailable(`Konnect refused init-payment (${status})`, {}, status);
          return { payUrl: parsed.data.payUrl, reference: parsed.data.paymentRef };
        },
      ),

    getPayment: (reference: string, options?: CallOptions): Promise<ProviderPayment | undefined> =>
      call(
        'get-payment',
        `/payments/${encodeURIComponent(reference)}`,
        { method: 'GET' },
        (status, body) => {
          if (status === 404) return undefined;
          const parsed = status >= 200 && status < 300 ? paymentAnswerSchema.safeParse(body) : undefined;
          if (!parsed?.success) throw new PaymentProviderUnavailable(`Konnect refused get-payment (${status})`, {}, status);
          const { payment } = parsed.data;
          return {
            status: payment.status,
            amountMillimes: payment.amount,
            reachedMillimes: payment.reachedAmount ?? 0,
            orderId: payment.orderId ?? null,
          };
        },
        options,
      ),
  };
}

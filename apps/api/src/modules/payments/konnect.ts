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
import { createProviderCall } from './provider-http.js';
import type { Clock } from '../../lib/clock.js';

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
  /** Whose time the back-off pauses take (default the system's). */
  clock?: Clock;
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

/**
 * Konnect's public REST API v2 (https://api.konnect.network/api/v2/konnect-gateway):
 * `POST /payments/init-payment` and `GET /payments/{paymentRef}`, authenticated with the
 * `x-api-key` header. Each try has a time limit; network failures, time-outs and 5xx answers are
 * tried again with back-off. The API key is sent only in that header, never logged.
 */
export function createKonnectProvider(settings: KonnectSettings): PaymentProvider {
  const call = createProviderCall({
    provider: 'Konnect',
    baseUrl: () => (typeof settings.apiUrl === 'function' ? settings.apiUrl() : settings.apiUrl),
    headers: { 'x-api-key': settings.apiKey },
    timeoutMs: settings.timeoutMs,
    logger: settings.logger,
    ...(settings.tries === undefined ? {} : { tries: settings.tries }),
    ...(settings.clock === undefined ? {} : { clock: settings.clock }),
  });

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

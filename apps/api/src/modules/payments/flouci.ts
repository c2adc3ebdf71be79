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
  /** Whose time the back-off pauses take (default the system's). */
  clock?: Clock;
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
  const call = createProviderCall({
    provider: 'Flouci',
    baseUrl: () => settings.apiUrl,
    headers: { authorization: `Bearer ${settings.appToken}:${settings.appSecret}` },
    timeoutMs: settings.timeoutMs,
    logger: settings.logger,
    ...(settings.tries === undefined ? {} : { tries: settings.tries }),
    ...(settings.clock === undefined ? {} : { clock: settings.clock }),
  });

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

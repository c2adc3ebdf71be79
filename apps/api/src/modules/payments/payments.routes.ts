import { setTimeout as delay } from 'node:timers/promises';
import { Router } from 'express';
import { z } from 'zod';
import { MESSAGES, messageSchema, paymentOptionsSchema } from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { apiRoutes } from '../../http/route.js';
import { FLOUCI_WEBHOOK_PATH } from './flouci.js';
import type { Payments } from './payments.service.js';

/** The webhook answers after its check, or after this long with the check going on behind. */
export const WEBHOOK_ANSWER_MS = 3_000;

/** `/api/payments`: what the shop offers, and the providers' webhooks. */
export function paymentsRouter({ logger }: AppContext, payments: Payments): Router {
  const router = Router();
  const routes = apiRoutes(router);

  routes.get(
    '/options',
    {
      summary: 'The payment methods offered (Card only when a payment provider takes online payments)',
      answer: paymentOptionsSchema,
    },
    () => payments.options,
  );

  routes.get(
    '/konnect/webhook',
    {
      summary: 'Konnect’s payment notification (always 200; the payment is looked up at Konnect’s API)',
      description:
        'Marks the order paid only when Konnect’s own API says the payment is `completed`, for the order’s total in millimes and for that order. Unknown, replayed or forged references change nothing; the answer never tells which.',
      query: z.object({
        // A repeated or odd parameter is no reason to answer anything but 200.
        payment_ref: z.string().optional().catch(undefined).meta({ description: 'Konnect’s payment reference' }),
      }),
      answer: messageSchema,
    },
    async ({ query }, _req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const check = payments
        .onWebhook(query.payment_ref)
        .catch((err: unknown) => logger.error({ err, paymentRef: query.payment_ref }, 'payment webhook check failed'));
      const timer = delay(WEBHOOK_ANSWER_MS, undefined, { ref: false });
      await Promise.race([check, timer]);
      return { message: MESSAGES.webhookReceived };
    },
  );

  /** Flouci's payment id: a lookup key only, never taken for the outcome. */
  const flouciPaymentId = z
    .string()
    .optional()
    .catch(undefined)
    .meta({ description: 'Flouci’s payment id (`payment_id` returned by generate_payment)' });

  routes.post(
    FLOUCI_WEBHOOK_PATH,
    {
      summary: 'Flouci’s payment notification (always 200; the payment is looked up with Flouci’s verify_payment)',
      description:
        'Marks the order paid only when Flouci’s `verify_payment` says `SUCCESS`, for the order’s total in millimes and with the order’s id as `developer_tracking_id`. Nothing in the body is trusted but the payment id to look up (from the JSON body, or the query); unknown, replayed or forged ids change nothing and the answer never tells which.',
      query: z.object({ payment_id: flouciPaymentId }),
      // Any body (or none) is answered 200: only its payment id is read.
      body: z.looseObject({ payment_id: flouciPaymentId }).optional().catch(undefined),
      answer: messageSchema,
    },
    async ({ query, body }, _req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const paymentId = body?.payment_id ?? query.payment_id;
      const check = payments
        .onWebhook(paymentId, FLOUCI_WEBHOOK_PATH)
        .catch((err: unknown) => logger.error({ err, paymentRef: paymentId }, 'payment webhook check failed'));
      const timer = delay(WEBHOOK_ANSWER_MS, undefined, { ref: false });
      await Promise.race([check, timer]);
      return { message: MESSAGES.webhookReceived };
    },
  );

  return router;
}

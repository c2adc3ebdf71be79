import { setTimeout as delay } from 'node:timers/promises';
import { Router } from 'express';
import { z } from 'zod';
import { MESSAGES, messageSchema, paymentOptionsSchema } from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { apiRoutes } from '../../http/route.js';
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

  return router;
}

import { z } from '../zod.js';
import { PAYMENT_METHODS } from '../constants.js';

/** `POST /api/orders/{id}/payment`: where to send the customer to pay: the order's one payable page (issue 49). */
export const paymentStartedSchema = z.object({
  payUrl: z.string().meta({ description: "The provider's payment page" }),
  paymentRef: z.string().meta({
    description: 'The payment at the provider: the same for every call while that page can still be paid',
  }),
});
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

/**
 * `GET /api/payments/options`: the payment methods this shop offers, and who takes online
 * payments (`konnect`, `flouci`, the built-in `test` gateway outside production, or none: then `Card`
 * is not offered).
 */
export const paymentOptionsSchema = z.object({
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /**
   * Where Transfer orders are paid (issue 36): the bank account (RIB/IBAN) and the D17 number,
   * `''` when not set; absent when Transfer is not offered.
   */
  transfer: z.object({ bankAccount: z.string(), d17Number: z.string() }).optional(),
  onlineProvider: z.enum(['konnect', 'flouci', 'test']).nullable(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** `GET /api/payments/konnect/webhook`: the payment reference Konnect calls back with. */
export const konnectWebhookQuerySchema = z.object({
  payment_ref: z.string().optional().meta({ description: "Konnect's payment reference" }),
});

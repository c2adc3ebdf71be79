import { z } from '../zod.js';
import { orderItemSessionInputSchema, orderLineSessionSchema } from './sessions.js';
import { orderMoveSchema } from './session-move.js';
import {
  dayRangeInOrder,
  moneySchema,
  pageQuerySchema,
  queryBooleanSchema,
  queryDaySchema,
  querySearchSchema,
} from './common.js';
import {
  COUNTRIES,
  ORDER_ACTORS,
  ORDER_LINES_MAX,
  ORDER_QTY_MAX,
  ORDER_SORTS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PROOF_STATUSES,
  PROOF_REJECT_REASON_MAX,
} from '../constants.js';

export const shippingAddressSchema = z.object({
  address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(200),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(100),
  postalCode: z.string({ error: 'Zip is required' }).trim().min(1, 'Zip is required').max(20),
  country: z.enum(COUNTRIES, { error: `Country must be one of ${COUNTRIES.join(', ')}` }),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * The company an invoice is made out to (docs/api.md#orders, `invoiceTo`): its name and its matricule fiscal
 * (tax id), given at checkout. Both trimmed; the tax id keeps to what matricules are written with.
 */
export const invoiceToSchema = z.object({
  name: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(120, 'Company name must be at most 120 characters'),
  taxId: z
    .string({ error: 'Tax id (matricule fiscal) is required' })
    .trim()
    .min(1, 'Tax id (matricule fiscal) is required')
    .max(30, 'Tax id (matricule fiscal) must be at most 30 characters')
    .regex(/^[A-Za-z0-9/.\- ]+$/, 'Tax id (matricule fiscal) may contain only letters, digits, /, ., - and spaces'),
});
export type InvoiceTo = z.infer<typeof invoiceToSchema>;

export const orderItemInputSchema = z.object({
  course: z.string({ error: 'Each item needs a course id' }).min(1).max(100),
  qty: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(ORDER_QTY_MAX, `Quantity must be at most ${ORDER_QTY_MAX}`),
  /** The session the seats are for (issue 33): required for a course that has open sessions. */
  session: orderItemSessionInputSchema.optional(),
});

/**
 * Body of `POST /api/orders`. The server prices the order from its own data; amounts the client
 * sends are never used as prices. When the client sends the amounts it showed (the web client
 * always does), they are compared with the server's: any difference answers
 * 409 `PRICE_CHANGED` with the server's amounts ({@link priceChangedErrorSchema}), so a
 * customer never pays a total they did not see. Clients that send none get no check.
 */
export const createOrderBodySchema = z.object({
  orderItems: z
    .array(orderItemInputSchema, { error: 'No order items' })
    .min(1, 'No order items')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines per order`),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, {
    error: `Payment method must be ${PAYMENT_METHODS.join(' or ')}`,
  }),
  itemsPrice: moneySchema.optional(),
  shippingPrice: moneySchema.optional(),
  taxPrice: moneySchema.optional(),
  totalPrice: moneySchema.optional(),
  /** Make the invoice out to this company (name and matricule fiscal) instead of the buyer. */
  invoiceTo: invoiceToSchema.optional(),
  /** A promo code (issue 37): a code that does not apply refuses the order (400 `COUPON_*`). */
  couponCode: z
    .string()
    .trim()
    .max(40, 'Code must be at most 40 characters')
    .optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** The four amounts of an order (shared calculator), as the server computes them. */
export const orderAmountsSchema = z.object({
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
});

/**
 * 409 of `POST /api/orders` when the amounts the client showed differ from the server's: the
 * server's amounts and each line at its current price, for the customer to confirm.
 */
export const priceChangedErrorSchema = z.object({
  message: z.string(),
  code: z.literal('PRICE_CHANGED'),
  amounts: orderAmountsSchema,
  orderItems: z.array(z.object({ course: z.string(), name: z.string(), qty: z.number().int(), price: z.number() })),
});
export type PriceChangedError = z.infer<typeof priceChangedErrorSchema>;

export const orderLineSchema = z.object({
  course: z.string().nullable(),
  name: z.string(),
  qty: z.number().int(),
  price: z.number(),
  image: z.string(),
  /** The line's session (issue 33); null for a course without sessions. */
  session: orderLineSessionSchema.nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * How an order was paid online: the provider, its payment reference, the status
 * its own API confirmed and the amount in TND. Null for orders not paid online.
 */
export const paymentResultSchema = z.object({
  provider: z.string(),
  reference: z.string(),
  status: z.string(),
  amount: z.number(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/**
 * Money the centre owes back on an order (docs/api.md#orders, `refund`): a paid order cancelled, or a payment
 * that reached an order that could not take it (closed, or paid already: issue 49). `due` until an admin records it made (`done`,
 * with its credit note number). `reference`: the provider's payment reference, when there is one.
 */
export const orderRefundSchema = z.object({
  status: z.enum(['due', 'done']),
  amount: z.number(),
  provider: z.string(),
  reference: z.string().nullable(),
  dueAt: z.string(),
  doneAt: z.string().nullable(),
  /** `AV-YYYY-NNNNN`, given when the refund is recorded as done. */
  creditNoteNumber: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** 409 of the owner's cancel while a payment page of the order can still be paid (until `until`). */
export const paymentOpenErrorSchema = z.object({
  message: z.string(),
  code: z.literal('PAYMENT_OPEN'),
  until: z.string().meta({ description: 'When the open payment page ends (ISO date)' }),
});
export type PaymentOpenError = z.infer<typeof paymentOpenErrorSchema>;

/**
 * Body of `PUT /api/orders/{id}/refund` (admin): `{}` or a note for the audit trail, and which
 * refund was made (`reference`: its payment reference; default the oldest due).
 */
export const refundBodySchema = z.object({
  note: z.string().trim().max(500, 'Note must be at most 500 characters').optional(),
  reference: z
    .string()
    .trim()
    .min(1, 'Reference must not be empty')
    .max(200, 'Reference must be at most 200 characters')
    .optional()
    .meta({ description: 'The payment reference of the refund made; default: the oldest refund due' }),
});

/** `GET /api/orders/{id}/credit-note?number=AV-…`: which credit note (default: the first). */
export const creditNoteQuerySchema = z.object({
  number: z
    .string()
    .regex(/^AV-\d{4}-\d{5,}$/, 'Credit note number must look like AV-2026-00001')
    .optional(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/**
 * The proof of payment of a Transfer order (issue 36): `submitted` waits for an admin (who
 * approves with `PUT /api/orders/{id}/pay`), `rejected` carries the admin's `reason`.
 */
export const paymentProofSchema = z.object({
  uploadedAt: z.string(),
  status: z.enum(PAYMENT_PROOF_STATUSES),
  reason: z.string().nullable(),
});
export type PaymentProof = z.infer<typeof paymentProofSchema>;

/** Body of `POST /api/orders/{id}/proof/reject` (admin): why, told to the customer. */
export const proofRejectBodySchema = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(PROOF_REJECT_REASON_MAX, `Reason must be at most ${PROOF_REJECT_REASON_MAX} characters`),
});
export type ProofRejectBody = z.infer<typeof proofRejectBodySchema>;

/** Issue 54: the longest reason an admin gives for a cancel. */
export const CANCEL_REASON_MAX = 500;

/** Body of `POST /api/orders/{id}/cancel`: an admin may say why (shown on the order and in the customer's mail). */
export const cancelOrderBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(CANCEL_REASON_MAX, `Reason must be at most ${CANCEL_REASON_MAX} characters`)
    .optional(),
});
export type CancelOrderBody = z.infer<typeof cancelOrderBodySchema>;

export const orderSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string().optional() }),
  orderItems: z.array(orderLineSchema),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  isLearned: z.boolean(),
  learnedAt: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Until when a pending order holds its seats; null once it is no longer pending. */
  holdExpiresAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Issue 54: why the centre cancelled the order, when an admin said; null otherwise. */
  cancelReason: z.string().nullable().optional(),
  /**
   * Set when a paid order was cancelled: from then on its payment no longer counts as revenue.
   * Whether the money went back yet is `refund.status`.
   */
  refundedAt: z.string().nullable(),
  /** `YYYY-NNNNN`, given when the order is paid. */
  invoiceNumber: z.string().nullable(),
  /** Set when a payment provider's own API confirmed the payment (issue 17). */
  paymentResult: paymentResultSchema.nullable(),
  /** Money owed back to the customer (issue 31): the first of `refunds`; null when none. */
  refund: orderRefundSchema.nullable(),
  /** Every payment owed back (issue 49), oldest first. */
  refunds: z.array(orderRefundSchema),
  /** The company the invoice is made out to, given at checkout; null when none (issue 31). */
  invoiceTo: invoiceToSchema.nullable(),
  /** The promo code the order was placed with (issue 37), as the coupon spells it; null when none. */
  couponCode: z.string().nullable(),
  /** What the code took off the items; `totalPrice` = items − discount + shipping + tax. */
  discountPrice: z.number(),
  /** The proof of payment of a Transfer order; null until one is uploaded (issue 36). */
  paymentProof: paymentProofSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** One line of an order's history (`GET /api/orders/{id}/history`, admin): who did what, when. */
export const orderEventSchema = z.object({
  at: z.string(),
  /** placed, paid, learned, cancelled, refunded, expired, moved. */
  action: z.string(),
  actor: z.object({ _id: z.string().nullable(), name: z.string(), role: z.enum(ORDER_ACTORS) }),
  /** The order's status before and after. */
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  /** `moved` (issue 34): the start of the session left and of the one joined. */
  moved: orderMoveSchema.optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * Filters of the admin order list and of its CSV export (`GET /api/orders/export.csv`):
 * `q` is a customer's name or e-mail (any part) or the start of an order id; `from`/`to` are
 * the days (Tunis time, inclusive) the order was placed.
 */
export const orderFilterSchema = z.object({
  q: querySearchSchema,
  status: z
    .enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` })
    .optional(),
  paymentMethod: z
    .enum(PAYMENT_METHODS, { error: `paymentMethod must be ${PAYMENT_METHODS.join(' or ')}` })
    .optional(),
  paid: queryBooleanSchema('paid').optional(),
  learned: queryBooleanSchema('learned').optional(),
  /** `submitted`: the Transfer orders whose proof waits for a check (unpaid, pending or expired). */
  proof: z
    .enum(PAYMENT_PROOF_STATUSES, { error: `proof must be ${PAYMENT_PROOF_STATUSES.join(' or ')}` })
    .optional(),
  from: queryDaySchema('from').optional(),
  to: queryDaySchema('to').optional(),
  sort: z.enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}` }).optional(),
});

const fromNotAfterTo = { message: 'from must not be after to', path: ['from'] };

/** Query of the CSV export: the list's filters and sort, no pages (every matching order). */
export const orderExportQuerySchema = orderFilterSchema.refine(dayRangeInOrder, fromNotAfterTo);
export type OrderFilter = z.output<typeof orderFilterSchema>;

/** Query of the admin `GET /api/orders`: the filters and the shared page query (default page size 50). */
export const orderListQuerySchema = orderFilterSchema
  .extend(pageQuerySchema.shape)
  .refine(dayRangeInOrder, fromNotAfterTo);
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/**
 * `Idempotency-Key` header of `POST /api/orders`: a retried request with the same key by the
 * same user answers the first order instead of placing a second one. A UUID fits.
 */
export const idempotencyKeySchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_\-:.]{1,100}$/,
    'Idempotency-Key must be 1 to 100 letters, digits or _ - : .',
  );

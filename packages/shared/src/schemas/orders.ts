import { z } from '../zod.js';
import { MESSAGES } from '../messages.js';
import { INVOICE_TO_KINDS, normaliseTaxId } from '../tax-id.js';
import { orderItemSessionInputSchema, orderLineSessionSchema } from './sessions.js';
import { orderMoveSchema } from './session-move.js';
import { phoneInputSchema } from './users.js';
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
  EMAIL_MAX,
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
 * Who an invoice is made out to (docs/api.md#orders, `invoiceTo`; issue 52): a company (`kind`
 * `company`, the default) with its name and matricule fiscal, or a person with their name and
 * CIN. The tax id is normalised (spaces, `/`, `.` and `-` dropped, upper case) and must have its
 * kind's form (`normaliseTaxId`), else 400 `TAX_ID_INVALID` with a message saying the form.
 */
export const invoiceToSchema = z
  .object({
    kind: z
      .enum(INVOICE_TO_KINDS, { error: `invoiceTo.kind must be ${INVOICE_TO_KINDS.join(' or ')}` })
      .default('company')
      .meta({ description: 'company (matricule fiscal) or person (CIN); default company' }),
    name: z
      .string({ error: 'Company name is required' })
      .trim()
      .min(1, 'Company name is required')
      .max(120, 'Company name must be at most 120 characters'),
    taxId: z
      .string({ error: 'Tax id (matricule fiscal) is required' })
      .max(40, MESSAGES.matriculeInvalid)
      .meta({
        description: 'company: matricule fiscal `1234567/A/A/M/000` or `1234567A`; person: CIN, 8 digits. Stored normalised.',
        example: '1234567/A/A/M/000',
      }),
  })
  .transform((value, ctx) => {
    const taxId = normaliseTaxId(value.kind, value.taxId);
    if (taxId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['taxId'],
        message: value.kind === 'person' ? MESSAGES.cinInvalid : MESSAGES.matriculeInvalid,
      });
      return z.NEVER;
    }
    return { ...value, taxId };
  });
/** As stored and answered: `kind` is absent on orders placed before issue 52 (read as `company`). */
export const invoiceToOutSchema = z.object({
  kind: z.enum(INVOICE_TO_KINDS),
  name: z.string(),
  taxId: z.string(),
});
export type InvoiceTo = z.infer<typeof invoiceToOutSchema>;
/** `invoiceTo` as a client sends it: `kind` may be left out (a company). */
export type InvoiceToInput = z.input<typeof invoiceToSchema>;

/** The tax of one rate on an order (issue 52): the net of its lines at that rate and the tax on it. */
export const taxLineSchema = z.object({ rate: z.number(), base: z.number(), amount: z.number() });

/** The longest name of a named learner (issue 51). */
export const LEARNER_NAME_MAX = 100;

/** A learner's e-mail (issue 51): optional (a child has none); '' or null is none. Lower-cased. */
const learnerEmailSchema = z
  .union([
    z
      .string({ error: 'Learner e-mail must be an e-mail address' })
      .trim()
      .max(EMAIL_MAX, 'Learner e-mail is too long')
      .pipe(z.union([z.literal(''), z.email('Please enter a valid e-mail for the learner')])),
    z.null(),
  ])
  .transform((v) => (v ? v.toLowerCase() : null));

/**
 * A person named for a seat (issue 51; docs/api.md): a name (1–100 characters),
 * an optional e-mail and phone (a phone given by the buyer stands for the learner's consent to
 * text messages: decision 0441). `_id`, in a replacement, keeps that learner's record.
 */
export const learnerInputSchema = z.object({
  _id: z.string().max(100, 'Learner id must be an id').optional(),
  name: z
    .string({ error: 'Learner name is required' })
    .trim()
    .min(1, 'Learner name is required')
    .max(LEARNER_NAME_MAX, `Learner name must be at most ${LEARNER_NAME_MAX} characters`),
  email: learnerEmailSchema.optional(),
  phone: phoneInputSchema.optional(),
});
export type LearnerInput = z.input<typeof learnerInputSchema>;

/** Body of `PUT /api/orders/{id}/lines/{lineId}/learners`: the line's named learners, all of them (at most its qty). */
export const lineLearnersBodySchema = z.object({
  learners: z
    .array(learnerInputSchema, { error: 'Learners must be a list' })
    .max(ORDER_QTY_MAX, `At most ${ORDER_QTY_MAX} learners per line`),
});
export type LineLearnersBody = z.input<typeof lineLearnersBodySchema>;

/** A named learner as an order answers it (issue 51). */
export const orderLearnerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type OrderLearner = z.infer<typeof orderLearnerSchema>;

export const orderItemInputSchema = z.object({
  course: z.string({ error: 'Each item needs a course id' }).min(1).max(100),
  qty: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(ORDER_QTY_MAX, `Quantity must be at most ${ORDER_QTY_MAX}`),
  /** The session the seats are for (issue 33): required for a course that has open sessions. */
  session: orderItemSessionInputSchema.optional(),
  /** Issue 51: who sits in the seats (at most qty); seats not named are the buyer's. */
  learners: z
    .array(learnerInputSchema.omit({ _id: true }), { error: 'Learners must be a list' })
    .max(ORDER_QTY_MAX, `At most ${ORDER_QTY_MAX} learners per line`)
    .optional(),
}).refine((item) => (item.learners?.length ?? 0) <= item.qty, {
  message: 'More learners named than seats in the line',
  path: ['learners'],
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
/** The body as a client writes it (`invoiceTo.kind` may be left out). */
export type CreateOrderInput = z.input<typeof createOrderBodySchema>;

/** The four amounts of an order (shared calculator), as the server computes them. */
export const orderAmountsSchema = z.object({
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
  /** Tax per rate and the stamp duty (issue 52); present when the shop prices beyond the spec (a rate other than 15 %, or a stamp duty). */
  taxLines: z.array(z.object({ rate: z.number(), base: z.number(), amount: z.number() })).optional(),
  stampDuty: z.number().optional(),
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
  /** The line's stable id (issue 51): names it in `PUT /api/orders/{id}/lines/{lineId}/learners`. */
  _id: z.string(),
  course: z.string().nullable(),
  name: z.string(),
  /** Issue 54: the course's French and Arabic names as sold; absent when it had none (show `name`). */
  nameFr: z.string().optional(),
  nameAr: z.string().optional(),
  qty: z.number().int(),
  price: z.number(),
  image: z.string(),
  /** The line's session (issue 33); null for a course without sessions. */
  session: orderLineSessionSchema.nullable(),
  /** The people named for the line's seats (issue 51), at most `qty`; the other seats are the buyer's. */
  learners: z.array(orderLearnerSchema),
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
/**
 * The unique reference Tunisie TradeNet's El Fatoora gave an invoice or a credit note (issue 52),
 * recorded by an admin once the centre uploaded its TEIF file there.
 */
export const ttnRecordSchema = z.object({
  reference: z.string(),
  recordedAt: z.string(),
});
export type TtnRecord = z.infer<typeof ttnRecordSchema>;

/** Body of `PUT /api/orders/{id}/invoice/ttn` and `/credit-note/ttn` (admin). */
export const ttnBodySchema = z.object({
  reference: z
    .string({ error: 'The TTN reference is required' })
    .trim()
    .min(1, 'The TTN reference is required')
    .max(70, 'The TTN reference must be at most 70 characters'),
  number: z
    .string()
    .regex(/^AV-\d{4}-\d{5,}$/, 'Credit note number must look like AV-2026-00001')
    .optional()
    .meta({ description: 'Credit note only: which one (default: the first made)' }),
});
export type TtnBody = z.infer<typeof ttnBodySchema>;

/** `GET /api/invoices/export?from&to` (admin, issue 52): the Tunis days whose invoices and credit notes go in the ZIP. */
export const invoiceExportQuerySchema = z
  .object({ from: queryDaySchema('from'), to: queryDaySchema('to') })
  .refine(dayRangeInOrder, { message: 'from must not be after to', path: ['from'] });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

export const orderRefundSchema = z.object({
  status: z.enum(['due', 'done']),
  amount: z.number(),
  provider: z.string(),
  reference: z.string().nullable(),
  dueAt: z.string(),
  doneAt: z.string().nullable(),
  /** `AV-YYYY-NNNNN`, given when the refund is recorded as done. */
  creditNoteNumber: z.string().nullable(),
  /** The reference El Fatoora gave its credit note, once recorded (issue 52). */
  creditNoteTtn: ttnRecordSchema.nullable(),
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

/** Issue 51: the adult who accepted to pay a child's order (`POST /api/orders/{id}/payer/accept`). */
export const orderPayerSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type OrderPayer = z.infer<typeof orderPayerSchema>;

/** `POST /api/orders/{id}/payer`: the adult's e-mail the child asks to pay (issue 51). */
export const payerRequestBodySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .transform((value) => value.toLowerCase())
    .pipe(z.email('Please enter a valid email')),
});
export type PayerRequestBody = z.infer<typeof payerRequestBodySchema>;

/**
 * `POST /api/orders/{id}/payer/accept`: the link's token; `paymentMethod` (optional) is how the adult
 * will pay, one the shop offers (the order's own method when absent).
 */
export const payerAcceptBodySchema = z.object({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
});
export type PayerAcceptBody = z.infer<typeof payerAcceptBodySchema>;
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
  /** The company or person the invoice is made out to, given at checkout; null when none (issues 31, 52). */
  invoiceTo: invoiceToOutSchema.nullable(),
  /** Tax per rate (issue 52), lowest rate first; `taxPrice` is the sum of their amounts. */
  taxLines: z.array(taxLineSchema),
  /** The stamp duty (droit de timbre, `STAMP_DUTY`) included in `totalPrice`; 0 when none. */
  stampDuty: z.number(),
  /** The promo code the order was placed with (issue 37), as the coupon spells it; null when none. */
  couponCode: z.string().nullable(),
  /** What the code took off the items; `totalPrice` = items − discount + shipping + tax + stamp duty. */
  discountPrice: z.number(),
  /** The proof of payment of a Transfer order; null until one is uploaded (issue 36). */
  paymentProof: paymentProofSchema.nullable(),
  /** The reference El Fatoora gave the invoice, once an admin recorded it (issue 52). */
  invoiceTtn: ttnRecordSchema.nullable(),
  /** The same for the first credit note (each refund's own: `refunds[].creditNoteTtn`). */
  creditNoteTtn: ttnRecordSchema.nullable(),
  /** Issue 51: the adult paying a child's order, present once one accepted (the API leaves it out before). */
  payer: orderPayerSchema.nullable().optional(),
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

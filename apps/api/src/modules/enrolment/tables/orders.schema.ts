import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, type CourseNames, type OrderStatus, type PaymentProofStatus, type PaymentResult, type RefundReason } from '@shop/shared';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, money } from '../../../db/columns.js';
import { users } from '../../identity/identity.schema.js';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshot of the buyer, so an order stays readable after the user is deleted. */
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsPrice: money('items_price').notNull(),
    shippingPrice: money('shipping_price').notNull(),
    taxPrice: money('tax_price').notNull(),
    totalPrice: money('total_price').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    isLearned: boolean('is_learned').notNull().default(false),
    learnedAt: timestamp('learned_at', { withTimezone: true, mode: 'date' }),
    idempotencyKey: text('idempotency_key'),
    /** One of ORDER_STATUSES; changed only by the guarded statements of orders.repository.ts. */
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    /** Until when a pending order holds its seats; the expiry sweeper releases them after. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Issue 54: why an admin cancelled the order (optional), shown on the order and in the customer's mail. */
    cancelReason: text('cancel_reason'),
    /** Set when an admin cancels a paid order: the money went back. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** `YYYY-NNNNN`, given in the transaction that marks the order paid (invoice_counters). */
    invoiceNumber: text('invoice_number'),
    /** Set with the payment when a provider's own API confirmed it (issue 17). */
    paymentResult: jsonb('payment_result').$type<PaymentResult>(),
    /**
     * Who the invoice is made out to, given at checkout: `{kind, name, taxId}` (issues 31, 52;
     * `kind` absent on orders placed before issue 52: a company), the tax id normalised.
     */
    invoiceTo: jsonb('invoice_to').$type<{ kind?: 'company' | 'person'; name: string; taxId: string }>(),
    /** The invoice as issued, kept in the transaction that marks the order paid (issue 31). */
    invoice: jsonb('invoice').$type<Record<string, unknown>>(),
    /** The unique reference El Fatoora (Tunisie TradeNet) gave the invoice, recorded by an admin (issue 52). */
    invoiceTtnReference: text('invoice_ttn_reference'),
    invoiceTtnRecordedAt: timestamp('invoice_ttn_recorded_at', { withTimezone: true, mode: 'date' }),
    /** The promo code the order was placed with, as the coupon spells it (issue 37). */
    couponCode: text('coupon_code'),
    /** What the code took off the items (shared calculator); 0 without one. */
    discountPrice: money('discount_price').notNull().default(0),
    /**
     * The proof of payment of a Transfer order (issue 36): 'submitted' (waits for an admin) or
     * 'rejected' (with proof_reason); the file itself is in payment_proofs.
     */
    proofStatus: text('proof_status').$type<PaymentProofStatus>(),
    proofUploadedAt: timestamp('proof_uploaded_at', { withTimezone: true, mode: 'date' }),
    proofReason: text('proof_reason'),
    /**
     * Issue 49: the hold as it was before the proof waiting now extended it (PROOF_HOLD_HOURS);
     * a rejection puts it back. Null when no proof waits.
     */
    holdBeforeProof: timestamp('hold_before_proof', { withTimezone: true, mode: 'date' }),
    /**
     * Issue 51: the adult who accepted a child buyer's request to pay (POST /api/orders/{id}/payer/accept).
     * Sees and pays the order, gets its invoice and refunds; the child stays the buyer.
     */
    payerId: uuid('payer_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Tax per rate (issue 52): `[{rate, base, amount}]` as the shared calculator priced the order;
     * `[]` on orders placed before (one rate of 15 %: read as such).
     */
    taxLines: jsonb('tax_lines').$type<{ rate: number; base: number; amount: number }[]>().notNull().default(sql`'[]'::jsonb`),
    /** The stamp duty (STAMP_DUTY at placing) included in total_price; 0 without one. */
    stampDuty: money('stamp_duty').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_payer_created_idx').on(t.payerId, t.createdAt.desc()),
    index('orders_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_invoice_number_unique').on(t.invoiceNumber),
    // The expiry sweeper's claim: the pending orders whose hold has ended, soonest first.
    index('orders_hold_expiry_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
    // The admin list's filters, each with the newest-first order it pages in (issue 19).
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_payment_created_idx').on(t.paymentMethod, t.createdAt.desc(), t.id.desc()),
    // Who still has to pay (a payment method, paid or not): the page is one range and its
    // count an index-only scan (migration 0012).
    index('orders_payment_paid_created_idx').on(
      t.paymentMethod,
      t.isPaid,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('orders_paid_learned_created_idx').on(t.isPaid, t.isLearned, t.createdAt.desc(), t.id.desc()),
    index('orders_total_idx').on(t.totalPrice, t.id),
    // Customer search: any part of the name or e-mail saved with the order (trigrams).
    index('orders_customer_trgm').using('gin', sql`(lower(${t.userName}) || ' ' || lower(${t.userEmail})) gin_trgm_ops`),
    // The dashboard's revenue: orders paid and not refunded, by the instant they were paid, with
    // the amount: each bucket's sum is an index-only range (migration 0012).
    index('orders_paid_at_idx')
      .on(t.paidAt, t.totalPrice)
      .where(sql`${t.paidAt} is not null and ${t.refundedAt} is null`),
    // The admin list's "proof to check" (issue 36): unpaid orders whose proof waits, newest first.
    index('orders_proof_submitted_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.proofStatus} = 'submitted' and ${t.status} in ('pending', 'expired')`),
    check('orders_cancel_reason_length', sql`char_length(${t.cancelReason}) <= 500`),
    check('orders_proof_status_known', sql`${t.proofStatus} in ('submitted', 'rejected')`),
    check(
      'orders_status_known',
      sql.raw(`"status" in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/**
 * Money owed back on an order (issue 49, migration 0029; issue 31 kept one per order on
 * `orders`): one row per payment the order cannot keep. `reason`: 'cancelled' (a paid order
 * cancelled), 'orderClosed' (a payment reached it cancelled, or expired with its seats gone),
 * 'paidTwice' (a payment reached it already paid). 'due' until an admin records it made
 * ('done', with its credit note number). Written by orders/order-states.repository.ts only.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<'due' | 'done'>().notNull().default('due'),
    amount: money('amount').notNull(),
    provider: text('provider').notNull(),
    /** The provider's payment reference, when there is one. */
    reference: text('reference'),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    /** `AV-YYYY-NNNNN`, given in the transaction that records the refund as done (credit_note_counters). */
    creditNoteNumber: text('credit_note_number'),
    /** The unique reference El Fatoora gave the credit note, recorded by an admin (issue 52). */
    ttnReference: text('ttn_reference'),
    ttnRecordedAt: timestamp('ttn_recorded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // An order's refunds, oldest first.
    index('order_refunds_order_idx').on(t.orderId, t.dueAt, t.id),
    // The dashboard's "payments to refund", oldest first.
    index('order_refunds_due_idx').on(t.dueAt, t.id).where(sql`${t.status} = 'due'`),
    uniqueIndex('order_refunds_credit_note_number_unique').on(t.creditNoteNumber),
    // One payment is owed back at most once, however many checks report it.
    uniqueIndex('order_refunds_payment_unique').on(t.provider, t.reference).where(sql`${t.reference} is not null`),
    check('order_refunds_status_known', sql`${t.status} in ('due', 'done')`),
    check('order_refunds_reason_known', sql`${t.reason} in ('cancelled', 'orderClosed', 'paidTwice')`),
  ],
);

/**
 * The last invoice number given per year. The transaction that marks an order paid adds 1
 * to its year's row and keeps the row locked until it commits, so numbers are sequential,
 * never repeated, and a payment that rolls back leaves no gap.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
});

/** The last credit note number (`AV-YYYY-NNNNN`) given per year, locked like invoice_counters. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The proof of payment of a Transfer order (issue 36), one per order (a new upload replaces
 * it): the bytes as kept (pictures re-encoded without metadata, PDFs as sent) and their type
 * read from the bytes. Private: served to the owner and admins only.
 */
export const paymentProofs = pgTable('payment_proofs', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** No foreign key: the line is a snapshot and outlives the course. */
    courseId: uuid('course_id'),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    price: money('price').notNull(),
    image: text('image').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** The session the line's seats were taken from (issue 33); null for a course without sessions. No foreign key: a snapshot. */
    sessionId: uuid('session_id'),
    /** The rate the line was taxed at, in percent (issue 52); null on lines placed before: 15. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }),
    /** The course's names as sold, per language (issue 54, migration 0040): `{en, fr?, ar?}`. */
    courseNames: jsonb('course_names').$type<CourseNames>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_session_idx').on(t.sessionId).where(sql`${t.sessionId} is not null`),
  ],
);

/**
 * The people named for an order line's seats (issue 51, migration 0035): at most the line's qty,
 * in `position` order; seats not named are the buyer's. Replaced by
 * `PUT /api/orders/{id}/lines/{lineId}/learners` (an entry with its `_id` keeps its row); a
 * learner renamed away is deleted, with their attendance and notices still to send (cascade).
 */
export const orderLearners = pgTable(
  'order_learners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    email: text('email'),
    /** E.164 (`normalisePhone`); given by the buyer, it stands for consent to text messages (decision 0441). */
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_learners_name_length', sql`char_length(${t.name}) between 1 and 100`),
    index('order_learners_item_idx').on(t.itemId, t.position, t.id),
    index('order_learners_order_idx').on(t.orderId),
  ],
);

/**
 * What the shop mails a named learner (issue 51, migration 0035): one row per learner and event
 * (`paid:{order}`, `reminder:{session}:{days}`, `certificate:{id}`), inserted when due, the
 * unique key making each go out once; claimed with a lease (`claimed_until`) as session_reminders.
 */
export const learnerNotices = pgTable(
  'learner_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => orderLearners.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'skipped'>().notNull().default('pending'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('learner_notices_once').on(t.learnerId, t.eventKey),
    check('learner_notices_status_known', sql`${t.status} in ('pending', 'sent', 'skipped')`),
    index('learner_notices_pending_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The dashboard's course sales, summed per Tunis day of the order's creation (issue 19): the
 * lines of paid or learned orders, per course and line name. Kept by triggers on `orders` and
 * `order_items` (migration 0013), never written by the application: an order counts from the
 * moment it becomes paid or learned until it leaves those states (a refund), its lines on the
 * day it was placed. `lines` is the number of lines counted (a row at 0 is a course whose sales
 * were all cancelled); the name is in the key so that the name of a deleted course is the
 * smallest of its counted lines, as a query of the lines would give. `course_id` is null for
 * lines without a course (NULLS NOT DISTINCT: one row for them).
 */
export const orderSalesDaily = pgTable(
  'order_sales_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    courseId: uuid('course_id'),
    name: text('name').notNull(),
    lines: integer('lines').notNull().default(0),
    seats: bigint('seats', { mode: 'number' }).notNull().default(0),
    revenue: numeric('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('order_sales_daily_key').on(t.day, t.courseId, t.name).nullsNotDistinct()],
);

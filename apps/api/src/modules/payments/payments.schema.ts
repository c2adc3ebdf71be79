import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { orders } from '../enrolment/tables/orders.schema.js';

/** Where an online payment attempt stands (payments module). */
export type PaymentAttemptStatus = 'pending' | 'completed' | 'rejected' | 'expired';

/**
 * One online payment started for an order: the provider's reference and page, the amount asked
 * in millimes, and until when it can be paid. Pending attempts are asked about again (on the
 * webhook, when the order is read, by the payment sweeper) until they complete or end.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    payUrl: text('pay_url').notNull(),
    amountMillimes: bigint('amount_millimes', { mode: 'number' }).notNull(),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('pending'),
    /** The end of the payment's life span at the provider. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Last time the provider was asked (reading the order asks at most every 2 s). */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /** When the payment sweeper asks the provider next. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_reference_unique').on(t.provider, t.reference),
    index('payment_attempts_order_idx').on(t.orderId, t.createdAt.desc()),
    // The payment sweeper's claim: pending attempts due for a check, soonest first.
    index('payment_attempts_due_idx').on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Who is opening a payment page of an order right now (issue 49): one row per order, claimed by
 * one guarded statement before the provider is asked and removed in the transaction that records
 * the page, so instances never open two pages of one order at once. `until`: when a claim whose
 * instance died may be taken over.
 */
export const paymentPageOpenings = pgTable('payment_page_openings', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
});

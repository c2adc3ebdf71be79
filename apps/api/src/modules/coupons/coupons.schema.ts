import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, keyOf, money } from '../../db/columns.js';
import { users } from '../identity/identity.schema.js';

/** A use belongs to an order; enrolment, which owns orders, calls this module's ledger with its transaction. */
const ordersKey = keyOf('orders');

/**
 * Promo codes (issue 37). `code` is unique without regard to case; `uses` counts the orders
 * that hold a use now (coupon_uses), raised by the guarded statement of the placing transaction
 * and lowered when such an order is cancelled or expires.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    value: money('value').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    courses: uuid('courses').array().notNull().default(sql`'{}'::uuid[]`),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    minItemsPrice: money('min_items_price'),
    uses: integer('uses').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').using('btree', sql`lower(${t.code})`),
    check('coupons_kind_known', sql`${t.kind} in ('percent', 'fixed')`),
    check('coupons_value_positive', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    // No upper bound here: the placing statement guards max_uses; an expired order paid later
    // takes its use again even past it (decision 0344).
    check('coupons_uses_not_negative', sql`${t.uses} >= 0`),
  ],
);

/** One row per order that holds a use of a coupon (issue 37); removed when the order gives it back. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => ordersKey.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the order gave its use back (cancelled, expired); cleared if it is paid after all. */
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId)],
);

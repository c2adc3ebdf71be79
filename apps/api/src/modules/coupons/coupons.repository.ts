import { and, count, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponUses, coupons } from './coupons.schema.js';
import { courses } from '../courses/courses.schema.js';

export type CouponRecord = typeof coupons.$inferSelect;
export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'uses' | 'createdAt'>;

/*
 * Coupons (issue 37). A use is one coupon_uses row per order, written with the guarded
 * `uses = uses + 1` in the order's placing transaction; cancelling or expiring the order sets
 * `released_at` and lowers `uses` in that state change's transaction; paying an expired order
 * takes the use again. `uses` is therefore the number of rows not released.
 */

export async function insertCoupon(db: DbOrTx, values: CouponValues): Promise<CouponRecord> {
  const [row] = await db.insert(coupons).values(values).returning();
  if (!row) throw new Error('the coupon insert returned nothing');
  return row;
}

export async function listCoupons(db: DbOrTx): Promise<CouponRecord[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
}

export async function findCouponById(db: DbOrTx, id: string, lock = false): Promise<CouponRecord | undefined> {
  const query = db.select().from(coupons).where(eq(coupons.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The coupon with this code, whatever its case. */
export async function findCouponByCode(db: DbOrTx, code: string): Promise<CouponRecord | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  return row;
}

export async function updateCoupon(db: DbOrTx, id: string, values: Partial<CouponValues>): Promise<CouponRecord | undefined> {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  return row;
}

/** Whether any order was ever placed with the coupon (a use given back counts too). */
export async function couponWasUsed(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ orderId: couponUses.orderId }).from(couponUses).where(eq(couponUses.couponId, id)).limit(1);
  return row !== undefined;
}

export async function deleteCoupon(db: DbOrTx, id: string): Promise<void> {
  await db.delete(coupons).where(eq(coupons.id, id));
}

/** The uses this customer's orders hold now. */
export async function customerUses(db: DbOrTx, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId), isNull(couponUses.releasedAt)));
  return row?.n ?? 0;
}

/** The price and VAT rate (issue 52) of each of these courses on sale (drafts are not: their line answers "Course not found"). */
export async function findCoursePrices(
  db: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; price: number; taxRate: number | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: courses.id, price: courses.price, taxRate: courses.taxRate })
    .from(courses)
    .where(and(inArray(courses.id, [...ids]), not(courses.isDraft)));
}

/** The categories of these courses (for the coupons that cover categories). */
export async function findCourseCategories(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: courses.id, category: courses.category })
    .from(courses)
    .where(inArray(courses.id, [...ids]));
  return new Map(rows.map((r) => [r.id, [...(r.category ?? [])]]));
}

/**
 * Counts a use for a new order, inside its placing transaction: one guarded statement raises
 * `uses` only while the coupon is enabled and below `max_uses` (it locks the coupon's row, so
 * two orders racing for the last use queue and the second finds none left), then the use is
 * recorded for the order. The per-customer limit is read after the buyer's row was locked by
 * the same transaction (lockBuyer), so one customer's two tabs cannot both pass it.
 * Answers false when no use is left (the caller refuses the order and its transaction rolls back).
 */
export async function claimCouponUseRecord(
  tx: DbOrTx,
  coupon: { id: string; maxUsesPerCustomer: number | null },
  orderId: string,
  userId: string,
): Promise<boolean> {
  if (coupon.maxUsesPerCustomer !== null && (await customerUses(tx, coupon.id, userId)) >= coupon.maxUsesPerCustomer)
    return false;
  const taken = (await tx.execute(sql`
    update ${coupons} set uses = ${coupons.uses} + 1
    where ${coupons.id} = ${coupon.id}::uuid and not ${coupons.disabled}
      and (${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})
    returning ${coupons.id}
  `)) as unknown as { rows: unknown[] };
  if (taken.rows.length !== 1) return false;
  await tx.insert(couponUses).values({ orderId, couponId: coupon.id, userId });
  return true;
}

/** Gives back the uses of these orders (cancelled or expired), in the caller's transaction. */
export async function releaseCouponUses(tx: DbOrTx, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    with released as (
      update ${couponUses} set released_at = now()
      where ${couponUses.orderId} in (${ids}) and ${couponUses.releasedAt} is null
      returning ${couponUses.couponId} as coupon_id
    ),
    counted as (select coupon_id, count(*)::integer as n from released group by coupon_id)
    update ${coupons} set uses = ${coupons.uses} - counted.n
    from counted where ${coupons.id} = counted.coupon_id
  `);
}

/**
 * An expired order paid after all takes its use again (its price was agreed with the code),
 * even past `max_uses` (decision 0344).
 */
export async function retakeCouponUse(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.execute(sql`
    with retaken as (
      update ${couponUses} set released_at = null
      where ${couponUses.orderId} = ${orderId}::uuid and ${couponUses.releasedAt} is not null
      returning ${couponUses.couponId} as coupon_id
    )
    update ${coupons} set uses = ${coupons.uses} + 1
    from retaken where ${coupons.id} = retaken.coupon_id
  `);
}

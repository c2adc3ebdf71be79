import { eq, sql } from 'drizzle-orm';
import type { OrderStatus, PaymentResult } from '@shop/shared';
import { claimDueRows } from '../../db/claim-due.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { courses, invoiceCounters, orderItems, orders } from '../../db/schema.js';
import { recordAuditEvents, SYSTEM_ACTOR, type AuditActor } from '../audit/audit.repository.js';

/*
 * Every change of an order's state is one transaction that first locks the order's row
 * (SELECT … FOR UPDATE, or SKIP LOCKED for the sweeper), decides from the status it then
 * sees, writes, gives seats back or takes them again, and records the history line. Two
 * actors on one order (admin and sweeper, cancel and pay) queue on that row: the second sees
 * the first one's result, so exactly one wins and seats move once. Locks are always taken
 * order first, then its courses in id order (as placing an order does), so none deadlock.
 */

/** A refusal: the order is in a state that does not allow the change. */
export type StateChange<T> =
  | { kind: 'changed'; from: OrderStatus; value: T }
  | { kind: 'refused'; status: OrderStatus }
  | { kind: 'missing' };

interface LockedOrder {
  status: OrderStatus;
}

async function lockOrder(tx: DbOrTx, id: string): Promise<LockedOrder | undefined> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

const statusChange = (from: OrderStatus | null, to: OrderStatus) => ({ status: { from, to } });

/**
 * Gives the seats of these orders back to their courses (courses locked in id order).
 * Lines whose course was deleted give nothing back.
 */
async function releaseSeats(tx: DbOrTx, orderIds: readonly string[]): Promise<void> {
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    with released as (
      select ${orderItems.courseId} as id, sum(${orderItems.qty})::integer as qty
      from ${orderItems}
      where ${orderItems.orderId} in (${ids}) and ${orderItems.courseId} is not null
      group by ${orderItems.courseId}
    ),
    locked as materialized (
      select ${courses.id} as id from ${courses}
      where ${courses.id} in (select id from released)
      order by ${courses.id}
      for update
    )
    update ${courses} set availability = ${courses.availability} + released.qty, updated_at = now()
    from released, locked
    where ${courses.id} = released.id and locked.id = released.id
  `);
}

/**
 * Takes the seats of an expired order again, all or none; false when a course has fewer
 * seats left than the order needs (or is gone).
 */
async function retakeSeats(tx: DbOrTx, orderId: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    with wanted as (
      select ${orderItems.courseId} as id, sum(${orderItems.qty})::integer as qty
      from ${orderItems} where ${orderItems.orderId} = ${orderId}::uuid
      group by ${orderItems.courseId}
    ),
    locked as materialized (
      select ${courses.id} as id, ${courses.availability} as availability from ${courses}
      where ${courses.id} in (select id from wanted)
      order by ${courses.id}
      for update
    ),
    ready as materialized (
      select (select count(*) from wanted) = count(*) and coalesce(bool_and(locked.availability >= wanted.qty), false) as ok
      from wanted join locked on locked.id = wanted.id
    ),
    taken as (
      update ${courses} set availability = ${courses.availability} - wanted.qty, updated_at = now()
      from wanted, ready
      where ready.ok and ${courses.id} = wanted.id
      returning ${courses.id}
    )
    select ok from ready
  `)) as unknown as { rows: { ok: boolean }[] };
  return result.rows[0]?.ok === true;
}

/** The year an invoice is numbered in: the payment's year in Tunis. */
const TUNIS_YEAR = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Tunis', year: 'numeric' });
export function invoiceYear(at: Date): number {
  return Number(TUNIS_YEAR.format(at));
}

/**
 * The next invoice number of the year, `YYYY-NNNNN`. The counter row stays locked until the
 * caller's transaction ends: concurrent payments queue here, and a rollback gives the number
 * back, so the sequence has no gaps and no duplicates.
 */
async function nextInvoiceNumber(tx: DbOrTx, year: number): Promise<string> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  if (!counter) throw new Error('the invoice counter returned nothing');
  return `${year}-${String(counter.last).padStart(5, '0')}`;
}

/** Pays a pending order, or an expired one whose seats can all be taken again. */
export type PayOutcome = StateChange<{ invoiceNumber: string }> | { kind: 'seatsGone' };

/**
 * The one way an order becomes paid (admin "Mark as Paid" and payment providers alike):
 * pending → paid; expired → paid only when its seats can be taken again; otherwise refused.
 * The invoice number is given in the same transaction.
 */
export async function payOrderRecord(
  db: Db,
  id: string,
  actor: AuditActor,
  at: Date,
  /** A payment provider's confirmed result, kept on the order (absent for "Mark as Paid"). */
  payment?: PaymentResult,
): Promise<PayOutcome> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) return { kind: 'missing' };
    if (order.status === 'expired') {
      if (!(await retakeSeats(tx, id))) return { kind: 'seatsGone' };
    } else if (order.status !== 'pending') {
      return { kind: 'refused', status: order.status };
    }
    const invoiceNumber = await nextInvoiceNumber(tx, invoiceYear(at));
    await tx
      .update(orders)
      .set({ status: 'paid', isPaid: true, paidAt: at, invoiceNumber, ...(payment ? { paymentResult: payment } : {}) })
      .where(eq(orders.id, id));
    const changes = {
      ...statusChange(order.status, 'paid'),
      ...(payment ? { paymentResult: { from: null, to: payment } } : {}),
    };
    await recordAuditEvents(tx, [{ entity: 'order', entityId: id, action: 'paid', actor, at, changes }]);
    return { kind: 'changed', from: order.status, value: { invoiceNumber } };
  });
}

/** Marks a paid order learned (a cancelled, refunded order cannot be). */
export async function learnOrderRecord(db: Db, id: string, actor: AuditActor, at: Date): Promise<StateChange<null>> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) return { kind: 'missing' };
    if (order.status !== 'paid') return { kind: 'refused', status: order.status };
    await tx.update(orders).set({ status: 'learned', isLearned: true, learnedAt: at }).where(eq(orders.id, id));
    await recordAuditEvents(tx, [
      { entity: 'order', entityId: id, action: 'learned', actor, at, changes: statusChange('paid', 'learned') },
    ]);
    return { kind: 'changed', from: 'paid', value: null };
  });
}

/**
 * Cancels a pending order, or (when `mayRefund`, an admin) a paid one, which is then recorded
 * as refunded. The seats go back in the same transaction.
 */
export async function cancelOrderRecord(
  db: Db,
  id: string,
  actor: AuditActor,
  at: Date,
  mayRefund: boolean,
): Promise<StateChange<{ refunded: boolean }>> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) return { kind: 'missing' };
    const refunded = order.status === 'paid';
    if (order.status !== 'pending' && !(refunded && mayRefund)) return { kind: 'refused', status: order.status };
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: at, ...(refunded ? { refundedAt: at } : {}) })
      .where(eq(orders.id, id));
    await releaseSeats(tx, [id]);
    const changes = {
      ...statusChange(order.status, 'cancelled'),
      ...(refunded ? { refundedAt: { from: null, to: at.toISOString() } } : {}),
    };
    await recordAuditEvents(tx, [
      { entity: 'order', entityId: id, action: refunded ? 'refunded' : 'cancelled', actor, at, changes },
    ]);
    return { kind: 'changed', from: order.status, value: { refunded } };
  });
}

/**
 * Claims up to `limit` pending orders whose hold ended by `now` and expires them, giving their
 * seats back, in one transaction. `FOR UPDATE SKIP LOCKED`: several instances sweeping at once
 * each claim different orders, and an order being cancelled or paid right now is left to that
 * change (it is no longer pending after it, or is claimed on the next sweep if it rolled back).
 * Answers the ids expired.
 */
export async function expireDueOrders(db: Db, now: Date, limit: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = { table: orders, id: orders.id, status: orders.status, dueAt: orders.holdExpiresAt };
    const ids = await claimDueRows(tx, due, now, limit, sql`status = 'expired'`);
    if (ids.length === 0) return [];
    await releaseSeats(tx, ids);
    await recordAuditEvents(
      tx,
      ids.map((id) => ({
        entity: 'order',
        entityId: id,
        action: 'expired',
        actor: SYSTEM_ACTOR,
        at: now,
        changes: statusChange('pending', 'expired'),
      })),
    );
    return ids;
  });
}

/**
 * Moves the end of a pending order's hold (an online payment's life span, issue 17); false
 * when the order is no longer pending.
 */
export async function setHoldExpiry(db: DbOrTx, id: string, until: Date): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ holdExpiresAt: until })
    .where(sql`${orders.id} = ${id}::uuid and ${orders.status} = 'pending'`)
    .returning({ id: orders.id });
  return changed.length === 1;
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrderStatus, PaymentResult, RefundReason } from '@shop/shared';
import { claimDueRows } from '../../../db/claim-due.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import type { DomainEvents, EventRecorder } from '../../../events/event-bus.js';
import { courses } from '../../courses/courses.schema.js';
import { creditNoteCounters, invoiceCounters, orderItems, orderRefunds, orders } from '../tables/orders.schema.js';
import { sessions } from '../tables/sessions.schema.js';
import { releaseCouponUses, retakeCouponUse } from '../../coupons/coupons.repository.js';
import { recordAuditEvents, SYSTEM_ACTOR, type AuditActor } from '../../audit/audit.repository.js';
import { learnBlockOf, type LearnBlock } from '../seats/learn-block.js';
import { lockSessionsOfOrder } from '../seats/sessions.repository.js';
import { offerFreedSeats } from '../seats/waitlist.repository.js';
import { buildInvoiceSnapshot, type InvoiceSnapshot } from './invoice.js';
import { findOrderById } from './orders.repository.js';

/*
 * Every change of an order's state is one transaction that first locks the order's row
 * (SELECT … FOR UPDATE, or SKIP LOCKED for the sweeper), decides from the status it then
 * sees, writes, gives seats back or takes them again, and records the history line. Two
 * actors on one order (admin and sweeper, cancel and pay) queue on that row: the second sees
 * the first one's result, so exactly one wins and seats move once. Locks follow the enrolment's
 * one lock order (`LOCK_ORDER`, seats/lock-order.ts), so none deadlock.
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
 * Gives the seats of these orders back to their courses (courses locked in id order), and the
 * seats of lines with a session back to that session (issue 33; sessions locked in id order,
 * after the courses). Lines whose course or session was deleted give nothing back. Answers the
 * waitlist offers made of the freed session seats. `coupons: false` when none of the orders was
 * placed with a promo code (an order has a coupon use exactly when it carries `coupon_code`).
 */
async function releaseSeats(tx: DbOrTx, orderIds: readonly string[], { coupons = true } = {}): Promise<number> {
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    with released as (
      select ${orderItems.courseId} as id, sum(${orderItems.qty})::integer as qty
      from ${orderItems}
      where ${orderItems.orderId} in (${ids}) and ${orderItems.courseId} is not null and ${orderItems.sessionId} is null
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
  // Issue 33: seats of session lines back to their session, never above its capacity (an edit
  // keeps capacity >= seats taken, so `least` only guards the check constraint).
  const releasedSessions = (await tx.execute(sql`
    with released as (
      select ${orderItems.sessionId} as id, sum(${orderItems.qty})::integer as qty
      from ${orderItems}
      where ${orderItems.orderId} in (${ids}) and ${orderItems.sessionId} is not null
      group by ${orderItems.sessionId}
    ),
    locked as materialized (
      select ${sessions.id} as id from ${sessions}
      where ${sessions.id} in (select id from released)
      order by ${sessions.id}
      for update
    )
    update ${sessions} set seats_left = least(${sessions.capacity}, ${sessions.seatsLeft} + released.qty)
    from released, locked
    where ${sessions.id} = released.id and locked.id = released.id
    returning ${sessions.id} as id
  `)) as unknown as { rows: { id: string }[] };
  // Issue 34: seats freed in a session with people waiting are offered to the first in line
  // (held for them, out of seats left) in this same transaction.
  const offers = await offerFreedSeats(
    tx,
    releasedSessions.rows.map((r) => r.id),
  );
  // Issue 37: a cancelled or expired order gives its coupon use back with its seats.
  if (coupons) await releaseCouponUses(tx, orderIds);
  return offers;
}

/**
 * Takes the seats of an expired order again, all or none; false when a course has fewer
 * seats left than the order needs (or is gone), or a line's session (issue 33) is cancelled,
 * gone or has too few seats left.
 */
async function retakeSeats(tx: DbOrTx, orderId: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    with wanted as (
      select ${orderItems.courseId} as id, sum(${orderItems.qty})::integer as qty
      from ${orderItems} where ${orderItems.orderId} = ${orderId}::uuid and ${orderItems.sessionId} is null
      group by ${orderItems.courseId}
    ),
    wanted_sessions as (
      select ${orderItems.sessionId} as id, sum(${orderItems.qty})::integer as qty
      from ${orderItems} where ${orderItems.orderId} = ${orderId}::uuid and ${orderItems.sessionId} is not null
      group by ${orderItems.sessionId}
    ),
    locked as materialized (
      select ${courses.id} as id, ${courses.availability} as availability from ${courses}
      where ${courses.id} in (select id from wanted)
      order by ${courses.id}
      for update
    ),
    locked_sessions as materialized (
      select ${sessions.id} as id, ${sessions.seatsLeft} as seats_left, ${sessions.status} as status from ${sessions}
      where ${sessions.id} in (select id from wanted_sessions)
      order by ${sessions.id}
      for update
    ),
    ready as materialized (
      select (select count(*) from wanted) = count(*) and coalesce(bool_and(locked.availability >= wanted.qty), true)
        and (select (select count(*) from wanted_sessions) = count(*)
               and coalesce(bool_and(locked_sessions.status = 'open' and locked_sessions.seats_left >= wanted_sessions.qty), true)
             from wanted_sessions join locked_sessions on locked_sessions.id = wanted_sessions.id) as ok
      from wanted join locked on locked.id = wanted.id
    ),
    taken as (
      update ${courses} set availability = ${courses.availability} - wanted.qty, updated_at = now()
      from wanted, ready
      where ready.ok and ${courses.id} = wanted.id
      returning ${courses.id}
    ),
    taken_sessions as (
      update ${sessions} set seats_left = ${sessions.seatsLeft} - wanted_sessions.qty
      from wanted_sessions, ready
      where ready.ok and ${sessions.id} = wanted_sessions.id
      returning ${sessions.id}
    )
    select ok from ready
  `)) as unknown as { rows: { ok: boolean }[] };
  const ok = result.rows[0]?.ok === true;
  // Issue 37: paid after all, the order takes its coupon use again.
  if (ok) await retakeCouponUse(tx, orderId);
  return ok;
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
 * The invoice number is given in the same transaction, and the invoice's content is kept with
 * the order (`invoice`, issue 31) from the order, its buyer and `seller` as they are now.
 */
export async function payOrderRecord(
  db: Db,
  events: DomainEvents,
  id: string,
  actor: AuditActor,
  at: Date,
  /** A payment provider's confirmed result, kept on the order (absent for "Mark as Paid"). */
  payment?: PaymentResult,
  /** The centre's identity printed on the invoice; null (not configured): no invoice kept, downloads use the settings of the day. */
  seller: InvoiceSnapshot['seller'] | null = null,
  /** What must commit with the payment (issue 53: the "payment received" text messages), in its transaction. */
  onPaid?: (tx: DbOrTx, events: EventRecorder) => Promise<void>,
): Promise<PayOutcome> {
  return events.transaction(db, async (tx, recorded) => {
    const order = await lockOrder(tx, id);
    if (!order) return { kind: 'missing' };
    if (order.status === 'expired') {
      if (!(await retakeSeats(tx, id))) return { kind: 'seatsGone' };
    } else if (order.status !== 'pending') {
      return { kind: 'refused', status: order.status };
    }
    const invoiceNumber = await nextInvoiceNumber(tx, invoiceYear(at));
    const record = seller ? await findOrderById(tx, id) : undefined;
    const invoice = record && seller ? buildInvoiceSnapshot(record, seller, invoiceNumber, at) : null;
    await tx
      .update(orders)
      .set({
        status: 'paid',
        isPaid: true,
        paidAt: at,
        invoiceNumber,
        ...(invoice ? { invoice: invoice as unknown as Record<string, unknown> } : {}),
        ...(payment ? { paymentResult: payment } : {}),
      })
      .where(eq(orders.id, id));
    const changes = {
      ...statusChange(order.status, 'paid'),
      ...(payment ? { paymentResult: { from: null, to: payment } } : {}),
    };
    await recordAuditEvents(tx, [{ entity: 'order', entityId: id, action: 'paid', actor, at, changes }]);
    recorded.record({ type: 'orderPaid', orderId: id });
    // Paying an expired order took its seats again.
    if (order.status === 'expired') recorded.record({ type: 'courseChanged' });
    await onPaid?.(tx, recorded);
    return { kind: 'changed', from: order.status, value: { invoiceNumber } };
  });
}

/**
 * Marks a paid order learned (a cancelled, refunded order cannot be), and only from the Tunis
 * day its sessions end (issue 49): the sessions are locked after the order, so a session's
 * cancel and this learn queue on the session's row and exactly one of them wins.
 */
export async function learnOrderRecord<T>(
  db: Db,
  events: DomainEvents,
  id: string,
  actor: AuditActor,
  at: Date,
  /** Runs in the same transaction once the order is learned (its certificate is issued there, issue 35). */
  onLearned: (tx: DbOrTx, events: EventRecorder) => Promise<T>,
): Promise<StateChange<T> | LearnBlock> {
  return events.transaction(db, async (tx, recorded) => {
    const order = await lockOrder(tx, id);
    if (!order) return { kind: 'missing' };
    if (order.status !== 'paid') return { kind: 'refused', status: order.status };
    const block = learnBlockOf(await lockSessionsOfOrder(tx, id), at);
    if (block) return block;
    await tx.update(orders).set({ status: 'learned', isLearned: true, learnedAt: at }).where(eq(orders.id, id));
    await recordAuditEvents(tx, [
      { entity: 'order', entityId: id, action: 'learned', actor, at, changes: statusChange('paid', 'learned') },
    ]);
    return { kind: 'changed', from: 'paid', value: await onLearned(tx, recorded) };
  });
}

/** A cancel refused because a payment page of the order can still be paid (until `until`). */
export type CancelOutcome =
  /** `offers`: waitlist offers made of the seats it freed (issue 34). */
  | StateChange<{ refundDue: boolean; offers: number }>
  | { kind: 'paymentOpen'; until: Date }
  /** Issue 49: the owner's cancel while a transfer receipt waits for the centre's check. */
  | { kind: 'proofSubmitted' };

/** The order's row, locked, with what a refund needs. */
async function lockOrderForRefund(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalPrice: orders.totalPrice,
      paymentResult: orders.paymentResult,
      couponCode: orders.couponCode,
      proofStatus: orders.proofStatus,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return row;
}

/** A payment owed back, as recorded on an order (order_refunds). */
interface NewRefund {
  reason: RefundReason;
  amount: number;
  provider: string;
  reference: string | null;
}

/**
 * Records a payment owed back on an order whose row the caller has locked, with its history
 * line. False when that payment (provider and reference) is owed back already: one payment is
 * refunded once, however many checks report it (order_refunds_payment_unique).
 */
async function addRefund(tx: DbOrTx, orderId: string, refund: NewRefund, actor: AuditActor, at: Date, action: string, status: OrderStatus) {
  const inserted = await tx
    .insert(orderRefunds)
    .values({ orderId, ...refund, status: 'due', dueAt: at })
    .onConflictDoNothing()
    .returning({ id: orderRefunds.id });
  if (inserted.length === 0) return false;
  await recordAuditEvents(tx, [
    {
      entity: 'order',
      entityId: orderId,
      action,
      actor,
      at,
      changes: {
        ...statusChange(status, status),
        refund: { from: null, to: { status: 'due', ...refund } },
      },
    },
  ]);
  return true;
}

/**
 * Cancels a pending order, or (when `byAdmin`) a paid one, whose payment then no longer counts
 * as revenue (`refunded_at`, read by the dashboard's stats) and is owed back: a refund of its own
 * (issue 49: beside any other the order owes), for the amount paid, through the provider it came
 * by (the payment method when paid off line).
 * The owner cannot cancel while a payment page of the order can still be paid: the attempts
 * are read after the order's row is locked, and starting a payment writes that row before it
 * records its attempt, so a page opened a moment ago is seen (or, once cancelled, not opened).
 * Nor while a transfer receipt waits for the centre's check (issue 49). The seats go back in
 * the same transaction.
 */
export async function cancelOrderRecord(
  db: Db,
  events: DomainEvents,
  id: string,
  actor: AuditActor,
  at: Date,
  byAdmin: boolean,
  /** Issue 54: an admin's reason, kept on the order (ignored from the owner). */
  reason?: string,
  /** Cancelled because this session was: the learner is told of the session (its mail), not of an order's cancel. */
  session?: { id: string; startsAt: string },
): Promise<CancelOutcome> {
  return events.transaction(db, async (tx, recorded) => {
    const order = await lockOrderForRefund(tx, id);
    if (!order) return { kind: 'missing' };
    const refundDue = order.status === 'paid';
    if (order.status !== 'pending' && !(refundDue && byAdmin)) return { kind: 'refused', status: order.status };
    // Read under the row's lock, which an upload takes too: a receipt sent a moment ago is seen
    // (or, once cancelled, refused). The money may be on its way: only the centre cancels now.
    if (!byAdmin && order.proofStatus === 'submitted') return { kind: 'proofSubmitted' };
    if (!byAdmin && order.paymentMethod === 'Card') {
      // payment_attempts is the payments module's (above this one): read by name, not imported.
      const [open] = await tx
        .select({ expiresAt: sql<Date>`a.expires_at`.mapWith((value: string | Date) => new Date(value)) })
        .from(sql`payment_attempts a`)
        .where(sql`a.order_id = ${id} and a.status = 'pending' and a.expires_at > ${at.toISOString()}::timestamptz`)
        .orderBy(sql`a.expires_at desc`)
        .limit(1);
      if (open) return { kind: 'paymentOpen', until: open.expiresAt };
    }
    await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: at,
        ...(refundDue ? { refundedAt: at } : {}),
        ...(byAdmin && reason ? { cancelReason: reason } : {}),
      })
      .where(eq(orders.id, id));
    const offers = await releaseSeats(tx, [id], { coupons: order.couponCode !== null });
    const refund: NewRefund | undefined = refundDue
      ? {
          reason: 'cancelled',
          amount: order.paymentResult?.amount ?? order.totalPrice,
          provider: order.paymentResult?.provider ?? order.paymentMethod,
          reference: order.paymentResult?.reference ?? null,
        }
      : undefined;
    // Its history line is the cancel's (its `refund` change names this money).
    if (refund) {
      await tx
        .insert(orderRefunds)
        .values({ orderId: id, ...refund, status: 'due', dueAt: at })
        .onConflictDoNothing();
    }
    const changes = {
      ...statusChange(order.status, 'cancelled'),
      ...(refund
        ? {
            refundedAt: { from: null, to: at.toISOString() },
            refund: { from: null, to: { status: 'due', amount: refund.amount, provider: refund.provider } },
          }
        : {}),
    };
    await recordAuditEvents(tx, [{ entity: 'order', entityId: id, action: 'cancelled', actor, at, changes }]);
    recorded.record({ type: 'courseChanged' });
    if (offers > 0) recorded.record({ type: 'waitlistOffersChanged' });
    recorded.record({ type: 'orderCancelled', orderId: id, ...(session ? { session } : {}) });
    return { kind: 'changed', from: order.status, value: { refundDue, offers } };
  });
}

/**
 * A payment completed for an order that cannot take it (cancelled, expired with its seats gone,
 * or paid already by another payment: issue 49): the money is owed back. One guarded
 * transaction on the order's row: a webhook repeated, or racing the sweeper or the return page,
 * records it once ('recorded' once, then 'known' for the same reference). 'refused' when the
 * order can take payments after all (pending: the caller pays it).
 */
export type UnpayableOutcome =
  | { kind: 'recorded'; status: OrderStatus; reason: RefundReason }
  | { kind: 'known' }
  | { kind: 'refused'; status: OrderStatus }
  | { kind: 'missing' };

export async function recordUnpayablePayment(
  db: Db,
  events: DomainEvents,
  id: string,
  payment: Pick<PaymentResult, 'provider' | 'amount'> & { reference: string | null },
  actor: AuditActor,
  at: Date,
): Promise<UnpayableOutcome> {
  return events.transaction(db, async (tx, recorded) => {
    const order = await lockOrderForRefund(tx, id);
    if (!order) return { kind: 'missing' };
    // The payment that paid the order is not owed back (a cancel owes it, with its own refund).
    if (payment.reference !== null && order.paymentResult?.reference === payment.reference) return { kind: 'known' };
    if (order.status === 'pending') return { kind: 'refused', status: order.status };
    const reason: RefundReason = order.status === 'paid' || order.status === 'learned' ? 'paidTwice' : 'orderClosed';
    // Without a reference (a transfer the admin approves), one such refund per order: a second
    // approval of the same proof is the same money.
    if (payment.reference === null) {
      const [same] = await tx
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .where(
          and(
            eq(orderRefunds.orderId, id),
            eq(orderRefunds.provider, payment.provider),
            eq(orderRefunds.reason, reason),
            sql`${orderRefunds.reference} is null`,
          ),
        )
        .limit(1);
      if (same) return { kind: 'known' };
    }
    const refund: NewRefund = { reason, amount: payment.amount, provider: payment.provider, reference: payment.reference };
    if (!(await addRefund(tx, id, refund, actor, at, 'paymentReceived', order.status))) return { kind: 'known' };
    recorded.record({ type: 'refundDue', orderId: id, provider: payment.provider, reference: payment.reference });
    return { kind: 'recorded', status: order.status, reason };
  });
}

/** The year a credit note is numbered in: the refund's year in Tunis. */
export const creditNoteYear = invoiceYear;

/**
 * The next credit note number of the year, `AV-YYYY-NNNNN`, its own series: locked and gap-free
 * like the invoice numbers (the counter row stays locked until the caller's transaction ends).
 */
async function nextCreditNoteNumber(tx: DbOrTx, year: number): Promise<string> {
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: creditNoteCounters.year, set: { last: sql`${creditNoteCounters.last} + 1` } })
    .returning({ last: creditNoteCounters.last });
  if (!counter) throw new Error('the credit note counter returned nothing');
  return `AV-${year}-${String(counter.last).padStart(5, '0')}`;
}

/**
 * A refund recorded as made: refused ('noRefundDue') when none is due (none, or done already;
 * with a reference: that one done already), 'refundNotFound' when no refund of the order has it.
 */
export type RefundDoneOutcome =
  | { kind: 'changed'; creditNoteNumber: string }
  | { kind: 'noRefundDue' }
  | { kind: 'refundNotFound' }
  | { kind: 'missing' };

/**
 * Admin: a refund of an order was made: the one with payment reference `reference`, or (none
 * given) the oldest due. Records it done with its own credit note number (same transaction, so a
 * number is never lost nor given twice) and the audit line, with the admin's note when given.
 */
export async function recordRefundDone(
  db: Db,
  events: DomainEvents,
  id: string,
  actor: AuditActor,
  at: Date,
  note: string | undefined,
  reference?: string,
): Promise<RefundDoneOutcome> {
  return events.transaction(db, async (tx, recorded) => {
    const order = await lockOrderForRefund(tx, id);
    if (!order) return { kind: 'missing' };
    const refunds = await tx
      .select({ id: orderRefunds.id, status: orderRefunds.status, amount: orderRefunds.amount, reference: orderRefunds.reference })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, id))
      .orderBy(asc(orderRefunds.dueAt), asc(orderRefunds.id));
    const named = reference === undefined ? refunds : refunds.filter((r) => r.reference === reference);
    if (reference !== undefined && named.length === 0) return { kind: 'refundNotFound' };
    const refund = named.find((r) => r.status === 'due');
    if (!refund) return { kind: 'noRefundDue' };
    const creditNoteNumber = await nextCreditNoteNumber(tx, creditNoteYear(at));
    await tx
      .update(orderRefunds)
      .set({ status: 'done', doneAt: at, creditNoteNumber })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'due')));
    await recordAuditEvents(tx, [
      {
        entity: 'order',
        entityId: id,
        action: 'refunded',
        actor,
        at,
        changes: {
          ...statusChange(order.status, order.status),
          refund: { from: 'due', to: 'done' },
          creditNoteNumber: { from: null, to: creditNoteNumber },
          ...(refund.reference ? { reference: { from: null, to: refund.reference } } : {}),
          amount: { from: null, to: refund.amount },
          ...(note ? { note: { from: null, to: note } } : {}),
        },
      },
    ]);
    recorded.record({ type: 'refundMade', orderId: id, creditNoteNumber });
    return { kind: 'changed', creditNoteNumber };
  });
}

/**
 * Claims up to `limit` pending orders whose hold ended by `now` and expires them, giving their
 * seats back, in one transaction. `FOR UPDATE SKIP LOCKED`: several instances sweeping at once
 * each claim different orders, and an order being cancelled or paid right now is left to that
 * change (it is no longer pending after it, or is claimed on the next sweep if it rolled back).
 * Answers the ids expired.
 */
export async function expireDueOrders(db: Db, events: DomainEvents, now: Date, limit: number): Promise<string[]> {
  return events.transaction(db, async (tx, recorded) => {
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
    recorded.record({ type: 'courseChanged' });
    // Freed session seats may have gone to waitlists: their mails are kicked (the sweeper's pass, now).
    recorded.record({ type: 'waitlistOffersChanged' });
    recorded.record({ type: 'ordersExpired', orderIds: ids });
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

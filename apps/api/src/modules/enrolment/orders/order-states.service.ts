import { courseNameIn, MESSAGES, orderStateConflict, type Order, type OrderEvent, type OrderStatus, type PaymentResult } from '@shop/shared';
import type { DbOrTx } from '../../../db/client.js';
import type { ServiceContext } from '../../../deps.js';
import { AppError, conflict, notFound } from '../../../errors.js';
import { isId } from '../../../lib/ids.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { actorOf, listAuditEvents, type AuditActor } from '../../audit/audit.repository.js';
import { issueCertificateInTransaction } from '../certificates/certificates.service.js';
import { queueTextMessages } from '../../messages/text-messages.service.js';
import { invoiceSeller } from './invoice.js';
import {
  cancelOrderRecord,
  expireDueOrders,
  learnOrderRecord,
  payOrderRecord,
  recordRefundDone,
  recordUnpayablePayment,
  type StateChange,
} from './order-states.repository.js';
import { findOrderById } from './orders.repository.js';
import { requireOrder, requireOrderOwner, toOrderJson } from './orders.service.js';

export { actorOf };

/** The refusals every state change shares: 404 for an unknown order, 409 naming its state. */
function refusal(outcome: Exclude<StateChange<unknown>, { kind: 'changed' }>, conflictMessage: (s: OrderStatus) => string): AppError {
  return outcome.kind === 'missing' ? notFound(MESSAGES.orderNotFound) : conflict(conflictMessage(outcome.status));
}

const payConflict = (status: OrderStatus) =>
  status === 'paid' || status === 'learned' ? MESSAGES.alreadyPaid : orderStateConflict('pay', status);

/**
 * Marks an order paid: admin "Mark as Paid", or a payment provider's confirmed payment (with its
 * `payment` result, modules/payments), both through payOrderRecord. An expired order is paid only when its seats can be taken
 * again (409 otherwise). The customer gets a "payment received" mail.
 */
export async function payOrder(
  ctx: ServiceContext,
  id: string,
  actor: AuditActor,
  payment?: PaymentResult,
): Promise<Order> {
  if (!isId(id)) throw notFound(MESSAGES.orderNotFound);
  const { db } = ctx.database;
  const outcome = await payOrderRecord(db, ctx.events, id, actor, ctx.clock.now(), payment, invoiceSeller(ctx.config.shop), (tx) =>
    queuePaymentReceivedTexts(ctx, tx, id),
  );
  if (outcome.kind === 'seatsGone') throw conflict(MESSAGES.expiredSeatsGone);
  if (outcome.kind !== 'changed') throw refusal(outcome, payConflict);
  // Committed: the paid mails, the named learners' notices and the catalogue (seats of an
  // expired order taken again) followed (orderPaid).
  return toOrderJson(await requireOrder(db, id));
}

/**
 * Issue 53: the "payment received" SMS and WhatsApp message to the opted-in buyer, queued in
 * the payment's transaction (once per order: the key), sent by the outbox after the commit.
 */
async function queuePaymentReceivedTexts(ctx: ServiceContext, tx: DbOrTx, id: string): Promise<void> {
  const order = await findOrderById(tx, id);
  if (!order?.userId) return;
  await queueTextMessages(
    tx,
    ctx.config,
    order.userId,
    `payment_received:${id}`,
    {
      template: 'payment_received',
      course: [...new Set(order.lines.map((l) => courseNameIn(l, order.userLanguage)))].join(', '),
      amount: order.totalPrice,
      link: { kind: 'order', id },
    },
    ctx.clock.now(),
  );
}

/** Admin: marks a paid order learned, once, from the Tunis day its session ends; its certificate is issued in the same transaction and mailed. */
export async function learnOrder(ctx: ServiceContext, id: string, actor: AuditActor): Promise<Order> {
  if (!isId(id)) throw notFound(MESSAGES.orderNotFound);
  const { db } = ctx.database;
  const at = ctx.clock.now();
  const outcome = await learnOrderRecord(db, ctx.events, id, actor, at, (tx, events) =>
    issueCertificateInTransaction(ctx, tx, events, id, at),
  );
  // Issue 49: learned only once the session ran.
  if (outcome.kind === 'sessionNotOver')
    throw new AppError(409, MESSAGES.sessionNotOver, undefined, 'SESSION_NOT_OVER');
  if (outcome.kind === 'sessionCancelled') throw new AppError(409, MESSAGES.sessionCancelledNotLearned, undefined, 'SESSION_CANCELLED');
  // Committed: each certificate issued was mailed (certificateIssued).
  if (outcome.kind !== 'changed') throw refusal(outcome, () => MESSAGES.learnRequiresPaid);
  return toOrderJson(await requireOrder(db, id));
}

/**
 * Cancels an order: its owner while it is unpaid and no payment page of it is open (409
 * `PAYMENT_OPEN` with until when) nor while a transfer receipt waits for a check (409
 * `PROOF_SUBMITTED`), an admin also once paid (then a refund is due).
 * Someone else's order is a 403, as for reading it; a state that does not allow it a 409.
 */
export async function cancelOrder(ctx: ServiceContext, user: AuthUser, id: string, reason?: string): Promise<Order> {
  const { db } = ctx.database;
  await requireOrderOwner(db, user, id);
  const outcome = await cancelOrderRecord(db, ctx.events, id, actorOf(user), ctx.clock.now(), user.isAdmin, reason || undefined);
  if (outcome.kind === 'paymentOpen')
    throw new AppError(409, MESSAGES.paymentOpen, undefined, 'PAYMENT_OPEN', { until: outcome.until.toISOString() });
  if (outcome.kind === 'proofSubmitted') throw new AppError(409, MESSAGES.proofSubmittedCancel, undefined, 'PROOF_SUBMITTED');
  if (outcome.kind !== 'changed')
    throw refusal(outcome, (status) =>
      status === 'paid' ? MESSAGES.paidOrderCustomerCancel : orderStateConflict('cancel', status),
    );
  // Committed: the catalogue (seats back), the waitlist's offer mails (issue 34) and the cancel mails followed (orderCancelled).
  return toOrderJson(await requireOrder(db, id));
}

/** What became of a payment a provider confirmed (acceptOnlinePayment). */
export type OnlinePaymentOutcome =
  | { kind: 'paid' }
  /** The order could not take it (cancelled, expired with its seats gone, or paid already): refund due. */
  | { kind: 'refundDue' }
  /** This very payment was already recorded (paid, or refund due) by another check. */
  | { kind: 'known' }
  /** The order can neither take it nor owe it back (gone, or pending again: asked about next time). */
  | { kind: 'refused'; reason: string };

/**
 * Records money the order cannot take as owed back and tells the customer it arrived and will be
 * refunded (issue 49: also a second payment of a paid order).
 */
async function oweBack(
  ctx: ServiceContext,
  id: string,
  actor: AuditActor,
  payment: Pick<PaymentResult, 'provider' | 'amount'> & { reference: string | null },
): Promise<'recorded' | 'known' | 'refused'> {
  const { db } = ctx.database;
  // Recorded: the payer is told the money will be refunded (refundDue).
  const outcome = await recordUnpayablePayment(db, ctx.events, id, payment, actor, ctx.clock.now());
  if (outcome.kind === 'known') return 'known';
  if (outcome.kind !== 'recorded') return 'refused';
  return 'recorded';
}

/**
 * A payment the provider's own API confirmed (webhook, return page, sweeper): pays the order,
 * or, when the order cannot take it (cancelled, expired with its seats gone, or paid already by
 * another payment), records the money as owed back and tells the customer it arrived and will be
 * refunded. Each step is one guarded transaction on the order's row, so a webhook repeated or
 * racing a cancel or an expiry ends with the order paid or with one refund due, never both,
 * never none.
 */
export async function acceptOnlinePayment(
  ctx: ServiceContext,
  id: string,
  actor: AuditActor,
  payment: PaymentResult,
): Promise<OnlinePaymentOutcome> {
  let reason: string;
  try {
    await payOrder(ctx, id, actor, payment);
    return { kind: 'paid' };
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 409) throw err;
    reason = err.message;
  }
  const owed = await oweBack(ctx, id, actor, payment);
  if (owed === 'known') return { kind: 'known' };
  if (owed === 'refused') return { kind: 'refused', reason };
  return { kind: 'refundDue' };
}

/**
 * Admin "Mark as Paid" (`PUT /api/orders/{id}/pay`): pays the order; a Transfer order that can
 * no longer be paid (cancelled, or expired with its seats gone) keeps its state and the money the
 * admin saw arrive is recorded as owed back (`provider: 'Transfer'`, issue 49), once.
 */
export async function markOrderPaid(ctx: ServiceContext, id: string, actor: AuditActor): Promise<Order> {
  try {
    return await payOrder(ctx, id, actor);
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 409) throw err;
    const order = await requireOrder(ctx.database.db, id);
    const dead = order.status === 'cancelled' || order.status === 'expired';
    if (order.paymentMethod !== 'Transfer' || !dead) throw err;
    const owed = await oweBack(ctx, id, actor, { provider: 'Transfer', amount: order.totalPrice, reference: null });
    if (owed === 'refused') throw err;
    return toOrderJson(await requireOrder(ctx.database.db, id));
  }
}

/**
 * Admin: records a refund of an order as made (`PUT /api/orders/{id}/refund`): the one with
 * payment reference `reference`, or the oldest due. It gets its own credit note number and the
 * customer a "refunded" mail. 409 when no refund is due (or that one is made), 404 when no refund
 * of the order has that reference.
 */
export async function recordRefund(
  ctx: ServiceContext,
  id: string,
  actor: AuditActor,
  note: string | undefined,
  reference?: string,
): Promise<Order> {
  if (!isId(id)) throw notFound(MESSAGES.orderNotFound);
  const { db } = ctx.database;
  const outcome = await recordRefundDone(db, ctx.events, id, actor, ctx.clock.now(), note || undefined, reference);
  if (outcome.kind === 'missing') throw notFound(MESSAGES.orderNotFound);
  if (outcome.kind === 'refundNotFound') throw notFound(MESSAGES.refundNotFound);
  if (outcome.kind === 'noRefundDue') throw new AppError(409, MESSAGES.noRefundDue, undefined, 'NO_REFUND_DUE');
  // Committed: the payer's "refunded" mail followed (refundMade).
  return toOrderJson(await requireOrder(db, id));
}

/** Admin: who did what to an order, oldest first. */
export async function getOrderHistory(ctx: ServiceContext, id: string): Promise<OrderEvent[]> {
  const { db } = ctx.database;
  await requireOrder(db, id);
  const events = await listAuditEvents(db, 'order', id);
  return events.map((e) => {
    const status = e.changes['status'] as { from: OrderStatus | null; to: OrderStatus } | undefined;
    // A learner moved to another session (issue 34, moves/move.repository.ts): the starts of both.
    const session = e.changes['session'] as { from: { startsAt?: string }; to: { startsAt?: string } } | undefined;
    const moved =
      e.action === 'moved' && session?.from.startsAt && session.to.startsAt
        ? { moved: { from: session.from.startsAt, to: session.to.startsAt } }
        : {};
    return {
      at: e.at.toISOString(),
      action: e.action,
      actor: { _id: e.actor.id, name: e.actor.name, role: e.actor.role },
      from: status?.from ?? null,
      to: status?.to ?? 'pending',
      ...moved,
    };
  });
}

/** Orders claimed per transaction by the sweeper; it goes on until none is due. */
export const EXPIRY_BATCH = 100;

/**
 * Expires every pending order whose hold has ended by the clock's now, batch after batch,
 * gives the seats back and mails each customer. Safe to run on every instance at once.
 * Answers how many orders it expired.
 */
export async function sweepExpiredHolds(ctx: ServiceContext): Promise<number> {
  const { db } = ctx.database;
  let total = 0;
  for (;;) {
    // Committed batch by batch: the catalogue, the waitlist's offer mails and each customer's mail followed (ordersExpired).
    const ids = await expireDueOrders(db, ctx.events, ctx.clock.now(), EXPIRY_BATCH);
    total += ids.length;
    if (ids.length > 0) ctx.logger.info({ orders: ids.length }, 'seat holds expired');
    if (ids.length < EXPIRY_BATCH) return total;
  }
}

import { learnerNoticesNow } from './learner-notices.service.js';
import { courseNameIn, MESSAGES, orderStateConflict, type Order, type OrderEvent, type OrderStatus, type PaymentResult } from '@shop/shared';
import type { DbOrTx } from '../../../db/client.js';
import type { ServiceContext } from '../../../deps.js';
import { AppError, conflict, notFound } from '../../../errors.js';
import { isId } from '../../../lib/ids.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { actorOf, listAuditEvents, type AuditActor } from '../../audit/audit.repository.js';
import { issueCertificateInTransaction, mailCertificateInBackground } from '../certificates/certificates.service.js';
import { sendInBackground } from '../../mail/mailer.js';
import { queueTextMessages } from '../../messages/text-messages.service.js';
import { waitlistOffersChanged } from '../sessions/waitlist.service.js';
import { invoiceSeller } from './invoice.js';
import {
  addressedToPayer,
  orderCancelledMail,
  toBuyerAndPayer,
  orderExpiredMail,
  orderPaidMail,
  orderRefundedMail,
  paymentToRefundMail,
} from './order-mails.js';
import {
  cancelOrderRecord,
  expireDueOrders,
  learnOrderRecord,
  payOrderRecord,
  recordRefundDone,
  recordUnpayablePayment,
  type StateChange,
} from './order-states.repository.js';
import { findOrderById, findOrdersByIds } from './orders.repository.js';
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
  const outcome = await payOrderRecord(db, id, actor, ctx.clock.now(), payment, invoiceSeller(ctx.config.shop), (tx) =>
    queuePaymentReceivedTexts(ctx, tx, id),
  );
  if (outcome.kind === 'seatsGone') throw conflict(MESSAGES.expiredSeatsGone);
  if (outcome.kind !== 'changed') throw refusal(outcome, payConflict);
  // Paying an expired order took its seats again: this instance's next catalogue answer shows it.
  if (outcome.from === 'expired') ctx.courses.courseChanged();
  const order = await requireOrder(db, id);
  // Issue 51: a child's order paid by an adult: both hear of it, the adult with the invoice's number.
  for (const mail of toBuyerAndPayer(order, (o) => orderPaidMail(o, ctx.config))) sendInBackground(ctx.mailer, ctx.logger, mail);
  // Issue 51: the order's named learners with an e-mail hear of their seat, once.
  learnerNoticesNow(ctx);
  return toOrderJson(order);
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
  const outcome = await learnOrderRecord(db, id, actor, at, (tx) => issueCertificateInTransaction(ctx, tx, id, at));
  // Issue 49: learned only once the session ran.
  if (outcome.kind === 'sessionNotOver')
    throw new AppError(409, MESSAGES.sessionNotOver, undefined, 'SESSION_NOT_OVER');
  if (outcome.kind === 'sessionCancelled') throw new AppError(409, MESSAGES.sessionCancelledNotLearned, undefined, 'SESSION_CANCELLED');
  if (outcome.kind !== 'changed') throw refusal(outcome, () => MESSAGES.learnRequiresPaid);
  for (const certificate of outcome.value ?? []) mailCertificateInBackground(ctx, certificate);
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
  const outcome = await cancelOrderRecord(db, id, actorOf(user), ctx.clock.now(), user.isAdmin, reason || undefined);
  if (outcome.kind === 'paymentOpen')
    throw new AppError(409, MESSAGES.paymentOpen, undefined, 'PAYMENT_OPEN', { until: outcome.until.toISOString() });
  if (outcome.kind === 'proofSubmitted') throw new AppError(409, MESSAGES.proofSubmittedCancel, undefined, 'PROOF_SUBMITTED');
  if (outcome.kind !== 'changed')
    throw refusal(outcome, (status) =>
      status === 'paid' ? MESSAGES.paidOrderCustomerCancel : orderStateConflict('cancel', status),
    );
  // The seats went back: this instance's next catalogue answer shows them.
  ctx.courses.courseChanged();
  // Issue 34: seats offered to a session's waitlist get their mail now.
  if (outcome.value.offers > 0) waitlistOffersChanged(ctx);
  const order = await requireOrder(db, id);
  for (const mail of toBuyerAndPayer(order, (o) => orderCancelledMail(o, ctx.config))) sendInBackground(ctx.mailer, ctx.logger, mail);
  return toOrderJson(order);
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
  const outcome = await recordUnpayablePayment(db, id, payment, actor, ctx.clock.now());
  if (outcome.kind === 'known') return 'known';
  if (outcome.kind !== 'recorded') return 'refused';
  const order = await requireOrder(db, id);
  const refund = order.refunds.findLast((r) => r.provider === payment.provider && r.reference === payment.reference);
  // Money goes back to whoever paid: the payer of a child's order (issue 51).
  if (refund) sendInBackground(ctx.mailer, ctx.logger, paymentToRefundMail(addressedToPayer(order), ctx.config, refund));
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
  const outcome = await recordRefundDone(db, id, actor, ctx.clock.now(), note || undefined, reference);
  if (outcome.kind === 'missing') throw notFound(MESSAGES.orderNotFound);
  if (outcome.kind === 'refundNotFound') throw notFound(MESSAGES.refundNotFound);
  if (outcome.kind === 'noRefundDue') throw new AppError(409, MESSAGES.noRefundDue, undefined, 'NO_REFUND_DUE');
  const order = await requireOrder(db, id);
  const refund = order.refunds.find((r) => r.creditNoteNumber === outcome.creditNoteNumber);
  if (refund) sendInBackground(ctx.mailer, ctx.logger, orderRefundedMail(addressedToPayer(order), ctx.config, refund));
  return toOrderJson(order);
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
    const ids = await expireDueOrders(db, ctx.clock.now(), EXPIRY_BATCH);
    total += ids.length;
    if (ids.length > 0) {
      // The seats went back: this instance's next catalogue answer shows them.
      ctx.courses.courseChanged();
      // Issue 34: seats offered to a session's waitlist get their mail now.
      waitlistOffersChanged(ctx);
      for (const order of await findOrdersByIds(db, ids)) {
        sendInBackground(ctx.mailer, ctx.logger, orderExpiredMail(order, ctx.config));
      }
      ctx.logger.info({ orders: ids.length }, 'seat holds expired');
    }
    if (ids.length < EXPIRY_BATCH) return total;
  }
}

import { MESSAGES, orderStateConflict, type Order, type OrderEvent, type OrderStatus, type PaymentResult } from '@shop/shared';
import type { ServiceContext } from '../../deps.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { isId } from '../../lib/ids.js';
import type { AuthUser } from '../../middleware/auth.js';
import { actorOf, listAuditEvents, type AuditActor } from '../audit/audit.repository.js';
import { courseChanged } from '../courses/catalogue-version.js';
import { sendInBackground } from '../mail/mailer.js';
import { renderInvoice } from './invoice.js';
import { orderCancelledMail, orderExpiredMail, orderPaidMail } from './order-mails.js';
import {
  cancelOrderRecord,
  expireDueOrders,
  learnOrderRecord,
  payOrderRecord,
  type StateChange,
} from './order-states.repository.js';
import { findOrdersByIds } from './orders.repository.js';
import { requireOrder, requireOwnOrder, toOrderJson } from './orders.service.js';

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
  const outcome = await payOrderRecord(db, id, actor, ctx.clock.now(), payment);
  if (outcome.kind === 'seatsGone') throw conflict(MESSAGES.expiredSeatsGone);
  if (outcome.kind !== 'changed') throw refusal(outcome, payConflict);
  // Paying an expired order took its seats again: this instance's next catalogue answer shows it.
  if (outcome.from === 'expired') courseChanged(ctx);
  const order = await requireOrder(db, id);
  sendInBackground(ctx.mailer, ctx.logger, orderPaidMail(order, ctx.config));
  return toOrderJson(order);
}

/** Admin: marks a paid order learned, once. */
export async function learnOrder(ctx: ServiceContext, id: string, actor: AuditActor): Promise<Order> {
  if (!isId(id)) throw notFound(MESSAGES.orderNotFound);
  const { db } = ctx.database;
  const outcome = await learnOrderRecord(db, id, actor, ctx.clock.now());
  if (outcome.kind !== 'changed') throw refusal(outcome, () => MESSAGES.learnRequiresPaid);
  return toOrderJson(await requireOrder(db, id));
}

/**
 * Cancels an order: its owner while it is unpaid, an admin also once paid (then refunded).
 * Someone else's order is a 403, as for reading it; a state that does not allow it a 409.
 */
export async function cancelOrder(ctx: ServiceContext, user: AuthUser, id: string): Promise<Order> {
  const { db } = ctx.database;
  await requireOwnOrder(db, user, id);
  const outcome = await cancelOrderRecord(db, id, actorOf(user), ctx.clock.now(), user.isAdmin);
  if (outcome.kind !== 'changed')
    throw refusal(outcome, (status) =>
      status === 'paid' ? MESSAGES.paidOrderCustomerCancel : orderStateConflict('cancel', status),
    );
  // The seats went back: this instance's next catalogue answer shows them.
  courseChanged(ctx);
  const order = await requireOrder(db, id);
  sendInBackground(ctx.mailer, ctx.logger, orderCancelledMail(order, ctx.config));
  return toOrderJson(order);
}

/** Admin: who did what to an order, oldest first. */
export async function getOrderHistory(ctx: ServiceContext, id: string): Promise<OrderEvent[]> {
  const { db } = ctx.database;
  await requireOrder(db, id);
  const events = await listAuditEvents(db, 'order', id);
  return events.map((e) => {
    const status = e.changes['status'] as { from: OrderStatus | null; to: OrderStatus } | undefined;
    return {
      at: e.at.toISOString(),
      action: e.action,
      actor: { _id: e.actor.id, name: e.actor.name, role: e.actor.role },
      from: status?.from ?? null,
      to: status?.to ?? 'pending',
    };
  });
}

/** The PDF invoice of a paid order, for its owner or an admin. */
export async function getInvoice(
  ctx: ServiceContext,
  user: AuthUser,
  id: string,
): Promise<{ pdf: Buffer; invoiceNumber: string }> {
  const order = await requireOwnOrder(ctx.database.db, user, id);
  if ((order.status !== 'paid' && order.status !== 'learned') || !order.invoiceNumber)
    throw conflict(orderStateConflict('invoice', order.status));
  const { shop } = ctx.config;
  if (!shop.legalName || !shop.address || !shop.taxId) throw new AppError(503, MESSAGES.invoicesNotConfigured);
  return { pdf: await renderInvoice(order, shop), invoiceNumber: order.invoiceNumber };
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
      courseChanged(ctx);
      for (const order of await findOrdersByIds(db, ids)) {
        sendInBackground(ctx.mailer, ctx.logger, orderExpiredMail(order, ctx.config));
      }
      ctx.logger.info({ orders: ids.length }, 'seat holds expired');
    }
    if (ids.length < EXPIRY_BATCH) return total;
  }
}

import { courseNameIn } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import type { DomainEventOf } from '../../../events/domain-events.js';
import { sendInBackground } from '../../mail/mailer.js';
import {
  addressedToPayer,
  orderCancelledMail,
  orderExpiredMail,
  orderPaidMail,
  orderPlacedMail,
  orderRefundedMail,
  payerLink,
  payerRequestMail,
  paymentToRefundMail,
  proofRejectedMail,
  sessionCancelledMail,
  toBuyerAndPayer,
} from './order-mails.js';
import { findOrderById, findOrdersByIds } from './orders.repository.js';

/*
 * The order's mails as subscribers of its events (issue 50), registered by app.ts. Each runs
 * once the change committed, reads the order as it now is and queues its mail (the request
 * answers without waiting for the mail server). An order's event is recorded by the one
 * transaction that made the change, so each mail goes once.
 */

const send = (ctx: ServiceContext, mails: Parameters<typeof sendInBackground>[2][]) => {
  for (const mail of mails) sendInBackground(ctx.mailer, ctx.logger, mail);
};

/** From the order as placed, which the event carries (decision 0496): nothing to read back. */
export function mailOrderPlaced(ctx: ServiceContext, { placed }: DomainEventOf<'orderPlaced'>): void {
  send(ctx, [orderPlacedMail(placed, ctx.config)]);
}

/** Issue 51: a child's order paid by an adult: both hear of it, the adult with the invoice's number. */
export async function mailOrderPaid(ctx: ServiceContext, { orderId }: DomainEventOf<'orderPaid'>): Promise<void> {
  const order = await findOrderById(ctx.database.db, orderId);
  if (order) send(ctx, toBuyerAndPayer(order, (o) => orderPaidMail(o, ctx.config)));
}

/** A cancel by the buyer or an admin mails buyer and payer; a cancel because its session was, the buyer, of the session. */
export async function mailOrderCancelled(ctx: ServiceContext, { orderId, session }: DomainEventOf<'orderCancelled'>): Promise<void> {
  const order = await findOrderById(ctx.database.db, orderId);
  if (!order) return;
  if (!session) return send(ctx, toBuyerAndPayer(order, (o) => orderCancelledMail(o, ctx.config)));
  // Issue 54: the course as sold, in the buyer's language.
  const line = order.lines.find((l) => l.session?.id === session.id);
  const course = line ? courseNameIn(line, order.userLanguage) : '';
  send(ctx, [sessionCancelledMail(order, ctx.config, { course, startsAt: new Date(session.startsAt) })]);
}

export async function mailOrdersExpired(ctx: ServiceContext, { orderIds }: DomainEventOf<'ordersExpired'>): Promise<void> {
  send(ctx, (await findOrdersByIds(ctx.database.db, orderIds)).map((order) => orderExpiredMail(order, ctx.config)));
}

/** Money goes back to whoever paid: the payer of a child's order (issue 51). */
export async function mailRefundDue(ctx: ServiceContext, { orderId, provider, reference }: DomainEventOf<'refundDue'>): Promise<void> {
  const order = await findOrderById(ctx.database.db, orderId);
  const refund = order?.refunds.findLast((r) => r.provider === provider && r.reference === reference);
  if (order && refund) send(ctx, [paymentToRefundMail(addressedToPayer(order), ctx.config, refund)]);
}

export async function mailRefundMade(ctx: ServiceContext, { orderId, creditNoteNumber }: DomainEventOf<'refundMade'>): Promise<void> {
  const order = await findOrderById(ctx.database.db, orderId);
  const refund = order?.refunds.find((r) => r.creditNoteNumber === creditNoteNumber);
  if (order && refund) send(ctx, [orderRefundedMail(addressedToPayer(order), ctx.config, refund)]);
}

/** The transfer receipt's refusal, to whoever pays, in their language. */
export async function mailProofRejected(ctx: ServiceContext, { orderId, reason, at }: DomainEventOf<'proofRejected'>): Promise<void> {
  const order = await findOrderById(ctx.database.db, orderId);
  if (order) send(ctx, [proofRejectedMail(addressedToPayer(order), ctx.config, reason, new Date(at))]);
}

/** The child's request to an adult, with the single-use link to pay the order. */
export async function mailPayerRequest(ctx: ServiceContext, { orderId, email, token }: DomainEventOf<'payerRequested'>): Promise<void> {
  const order = await findOrderById(ctx.database.db, orderId);
  if (order) send(ctx, [payerRequestMail(order, ctx.config, email, payerLink(ctx.config.appUrl, orderId, token))]);
}

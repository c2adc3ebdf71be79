import { and, eq } from 'drizzle-orm';
import { MESSAGES, type Order, type PayerAcceptBody, type PaymentMethod } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { orders } from '../tables/orders.schema.js';
import { AppError, badRequest, forbidden } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { consumeLinkTokenWithPayload, issueLinkToken } from '../../identity/link-tokens.repository.js';
import { requireOrder, toOrderJson } from './orders.service.js';

/**
 * Issue 51, "A child asks a parent to pay" (docs/decisions/0450): a child account's pending order
 * gets a link mailed to an adult; the adult who accepts becomes the order's payer.
 */

const notPending = () => new AppError(409, MESSAGES.payerOrderNotPending, undefined, 'ORDER_STATE');

/** Whether an order still waits for its money: the only state a request to pay or its acceptance applies to. */
const isPending = (order: { status: string; isPaid: boolean }) =>
  order.status === 'pending' && !order.isPaid;

/**
 * `POST /api/orders/{id}/payer`: the child buyer mails `email` a link to pay the order, in the
 * child's language. A newer request voids the older link of the order (the order's row is
 * locked while the link is issued, so two requests at once still leave one live link).
 */
export async function requestPayer(
  ctx: ServiceContext,
  user: AuthUser,
  id: string,
  email: string,
): Promise<{ message: string }> {
  const { db } = ctx.database;
  const order = await requireOrder(db, id);
  if (order.userId !== user.id) throw forbidden(MESSAGES.forbidden);
  if (!user.isKid) throw forbidden(MESSAGES.payerRequestKidsOnly);
  if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest(MESSAGES.payerOwnEmail);
  if (!isPending(order)) throw notPending();
  const now = ctx.clock.now();
  // Committed: the link was mailed to the adult (payerRequested).
  await ctx.events.transaction(db, async (tx, events) => {
    const [locked] = await tx
      .select({ status: orders.status, isPaid: orders.isPaid })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (!locked || !isPending(locked)) throw notPending();
    const token = await issueLinkToken(tx, user.id, 'payer', now, { orderId: order.id, email });
    events.record({ type: 'payerRequested', orderId: order.id, email, token });
  });
  ctx.logger.info({ orderId: order.id }, 'payer request mailed');
  return { message: 'sent' };
}

/**
 * `POST /api/orders/{id}/payer/accept {token, paymentMethod?}`: a signed-in adult becomes the
 * order's payer. The token is used up and the payer set in one transaction with the order's row
 * locked: of two adults accepting the same link at once, one wins, the other gets 400 (the link
 * is used). A child account: 403; a link that is unknown, used, voided or for another order: 400;
 * an order that is no longer pending: 409 (the link stays usable for nothing else).
 */
export async function acceptPayer(
  ctx: ServiceContext,
  user: AuthUser,
  id: string,
  body: PayerAcceptBody,
  methods: readonly PaymentMethod[],
): Promise<Order> {
  if (user.isKid) throw forbidden(MESSAGES.payerChildCannotAccept);
  const { db } = ctx.database;
  const order = await requireOrder(db, id);
  if (body.paymentMethod && !methods.includes(body.paymentMethod))
    throw badRequest(MESSAGES.payerMethodUnavailable);
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        status: orders.status,
        isPaid: orders.isPaid,
        userId: orders.userId,
        proofStatus: orders.proofStatus,
      })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (!locked) throw badRequest(MESSAGES.payerLinkInvalid);
    const link = await consumeLinkTokenWithPayload(tx, body.token, 'payer', now);
    if (!link || link.orderId !== order.id || link.userId !== locked.userId)
      throw badRequest(MESSAGES.payerLinkInvalid);
    if (!isPending(locked)) throw notPending();
    // The method changes only while no transfer receipt waits for the centre's check.
    const method =
      body.paymentMethod && locked.proofStatus !== 'submitted'
        ? { paymentMethod: body.paymentMethod }
        : {};
    const updated = await tx
      .update(orders)
      .set({ payerId: user.id, ...method })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), eq(orders.isPaid, false)))
      .returning({ id: orders.id });
    if (updated.length === 0) throw notPending();
  });
  ctx.logger.info({ orderId: order.id, payerId: user.id }, 'payer accepted');
  return toOrderJson(await requireOrder(db, order.id));
}

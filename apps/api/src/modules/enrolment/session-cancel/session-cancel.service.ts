import { courseNameIn, MESSAGES, type AdminSession } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { AppError, notFound } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { actorOf, recordAuditEvents } from '../../audit/audit.repository.js';
import { queueLearnerTextsAfter, queueTextMessagesAfter } from '../../messages/text-messages.service.js';
import { cancelOrderRecord } from '../orders/order-states.repository.js';
import { findOrderById } from '../orders/orders.repository.js';
import { findSession, learnedOrdersOfSession, markSessionCancelled, ordersHoldingSession } from '../seats/sessions.repository.js';
import { emptyWaitlist, lapsedOffersToMail } from '../seats/waitlist.repository.js';
import { SESSION_MESSAGES, toAdminSessionJson } from '../sessions/sessions.service.js';

/**
 * Cancels a session: the session first (one transaction: no new order can take its seats once
 * it commits), then each order holding seats in it through the orders' own cancel (one guarded
 * transaction per order: unpaid ones cancelled with their seats back, paid ones refund due), each
 * learner mailed in their language. Calling it again on a cancelled session finishes the orders
 * a crash may have left.
 *
 * Issue 49: a session that ran (an order of it learned) is not cancelled: 409
 * `SESSION_HAS_LEARNED`. The check reads the orders after the session's row is locked, and a
 * learn locks that row too (FOR SHARE, orders/order-states), so exactly one of a cancel and a
 * learn at the same moment wins. The session's waitlist is emptied in the same transaction
 * (offers included) and everyone who waited is told the session is cancelled.
 */
export async function cancelSession(ctx: ServiceContext, admin: AuthUser, id: string): Promise<AdminSession> {
  const { db } = ctx.database;
  const at = ctx.clock.now();
  const actor = actorOf(admin);
  const { row, waited } = await ctx.events.transaction(db, async (tx, events) => {
    const marked = await markSessionCancelled(tx, id);
    if (!marked) throw notFound(SESSION_MESSAGES.notFound);
    if ((await learnedOrdersOfSession(tx, id)) > 0)
      throw new AppError(409, MESSAGES.sessionHasLearned, undefined, 'SESSION_HAS_LEARNED');
    const waited = await emptyWaitlist(tx, id);
    if (marked.before.status !== 'cancelled')
      await recordAuditEvents(tx, [
        { entity: 'session', entityId: id, action: 'cancelled', actor, at, changes: { status: { from: 'open', to: 'cancelled' } } },
      ]);
    // Those who waited are mailed once this commits; each order's cancel below records its own events.
    events.record({ type: 'courseChanged' });
    events.record({ type: 'sessionCancelled', sessionId: id, waited });
    return { row: (await findSession(tx, id)) ?? marked.after, waited };
  });
  const cancelledText = (course: string, link: { kind: 'order' | 'course'; id: string }) =>
    ({ template: 'session_changed', change: 'cancelled', course, startsAt: row.startsAt, place: row.place, link }) as const;
  for (const person of await lapsedOffersToMail(db, waited)) {
    await queueTextMessagesAfter(
      ctx,
      person.userId,
      `session_changed:${id}:waitlist:${person.userId}:cancelled`,
      cancelledText(person.session.courseName, { kind: 'course', id: person.session.courseId }),
    );
  }
  for (const orderId of await ordersHoldingSession(db, id)) {
    // Its buyer is mailed of the session's cancel once this commits (orderCancelled with the session).
    const outcome = await cancelOrderRecord(db, ctx.events, orderId, actor, at, true, undefined, {
      id,
      startsAt: row.startsAt.toISOString(),
    });
    if (outcome.kind !== 'changed') continue;
    const order = await findOrderById(db, orderId);
    if (!order) continue;
    const line = order.lines.find((l) => l.session?.id === id);
    // Issue 54: the course as sold, in the buyer's language (the texts').
    const course = line ? courseNameIn(line, order.userLanguage) : '';
    await queueTextMessagesAfter(ctx, order.userId, `session_changed:${id}:${orderId}:cancelled`, cancelledText(course, { kind: 'order', id: orderId }));
    // Issue 51: the line's named learners with a phone hear of it too (the course's link: the order is the buyer's).
    if (line?.courseId)
      await queueLearnerTextsAfter(ctx, line.learners, order.userLanguage, `session_changed:${id}:${orderId}:cancelled`, cancelledText(course, { kind: 'course', id: line.courseId }));
  }
  return toAdminSessionJson(row);
}

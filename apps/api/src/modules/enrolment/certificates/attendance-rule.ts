import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { sessionDays } from '@shop/shared';
import type { DbOrTx } from '../../../db/client.js';
import { orderItems, orderLearners, orders } from '../tables/orders.schema.js';
import { learnerAttendance, sessionAttendance, sessions } from '../tables/sessions.schema.js';
import type { WithheldCertificates } from './certificates.repository.js';

/** Whether `present` days of `held` reach `minPercent` (CERTIFICATE_MIN_ATTENDANCE; 0: always). */
export const meetsAttendance = (present: number, held: number, minPercent: number): boolean =>
  minPercent <= 0 || held === 0 || present * 100 >= minPercent * held;

/**
 * Issue 51: who of an order gets no certificate for want of attendance: each named learner
 * present on fewer than `minPercent` of their line's session days, and the buyer (their unnamed
 * seats) likewise by the buyer's own ticks. Lines without a session: no rule. Nothing with 0.
 */
export async function withheldForAttendance(tx: DbOrTx, orderId: string, minPercent: number): Promise<WithheldCertificates> {
  const none: WithheldCertificates = { learners: new Set(), buyer: false };
  if (minPercent <= 0) return none;
  const lines = await tx
    .select({
      itemId: orderItems.id,
      qty: orderItems.qty,
      sessionId: sessions.id,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      userId: orders.userId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sessions, eq(sessions.id, orderItems.sessionId))
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.sessionId)));
  if (lines.length === 0) return none;
  const learners = await tx
    .select({
      id: orderLearners.id,
      itemId: orderLearners.itemId,
      present: sql<number>`(select count(*)::integer from ${learnerAttendance} a
        where a.learner_id = "order_learners"."id" and a.session_id = "order_items"."session_id")`,
    })
    .from(orderLearners)
    .innerJoin(orderItems, eq(orderItems.id, orderLearners.itemId))
    .where(eq(orderLearners.orderId, orderId));
  const withheld = new Set<string>();
  let buyerShort = false;
  for (const line of lines) {
    const held = sessionDays(line.startsAt, line.endsAt).length;
    const named = learners.filter((l) => l.itemId === line.itemId);
    for (const l of named) if (!meetsAttendance(l.present, held, minPercent)) withheld.add(l.id);
    if (named.length < line.qty && line.userId) {
      const buyerDays = await tx
        .select({ n: sql<number>`count(*)::integer` })
        .from(sessionAttendance)
        .where(and(eq(sessionAttendance.sessionId, line.sessionId), eq(sessionAttendance.userId, line.userId)));
      if (!meetsAttendance(buyerDays[0]?.n ?? 0, held, minPercent)) buyerShort = true;
    }
  }
  return { learners: withheld, buyer: buyerShort };
}


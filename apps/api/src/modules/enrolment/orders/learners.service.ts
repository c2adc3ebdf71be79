import { and, eq, notInArray } from 'drizzle-orm';
import { MESSAGES, type Order, type lineLearnersBodySchema } from '@shop/shared';
import type { z } from 'zod';
import { orderItems, orderLearners, orders } from '../tables/orders.schema.js';
import { sessions } from '../tables/sessions.schema.js';
import type { ServiceContext } from '../../../deps.js';
import { AppError, badRequest, notFound } from '../../../errors.js';
import { isId } from '../../../lib/ids.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { requireOrderOwner, requireOrder, toOrderJson } from './orders.service.js';

/** 409 `LEARNERS_LOCKED` (issue 51): the line's session started, or the order is no longer pending or paid. */
export const LEARNERS_LOCKED = 'LEARNERS_LOCKED';
export const LEARNERS_LOCKED_MESSAGE =
  'The learners can no longer be changed: the session has started or the order is no longer pending or paid';
export const LINE_NOT_FOUND = 'Order line not found';

/** What the line's named learners became (the caller tells the new ones, once the order is paid). */
export interface LearnersReplaced {
  order: Order;
  /** Ids of the learners the replacement added (not kept by `_id`). */
  added: string[];
  paid: boolean;
}

/**
 * `PUT /api/orders/{id}/lines/{lineId}/learners` (issue 51; buyer or admin): replaces the line's
 * named learners. An entry with an `_id` of the line keeps that learner's row (and attendance);
 * the others are new; learners not listed are deleted (their attendance and notices with them).
 * One transaction holding the order's row: two tabs renaming the same line queue, the last to
 * commit wins whole, nothing is duplicated. Allowed while the order is pending or paid and the
 * line's session has not started (checked after the lock, at the instant of the write, with the
 * session's row shared so an admin moving its start waits); a course without sessions: until
 * the order is learned. Otherwise 409 LEARNERS_LOCKED.
 */
export async function replaceLineLearners(
  ctx: ServiceContext,
  viewer: AuthUser,
  orderId: string,
  lineId: string,
  input: z.output<typeof lineLearnersBodySchema>,
): Promise<LearnersReplaced> {
  const { db } = ctx.database;
  await requireOrderOwner(db, viewer, orderId);
  if (!isId(lineId)) throw notFound(LINE_NOT_FOUND);
  const keptIds = input.learners.flatMap((l, index) => {
    if (l._id === undefined) return [];
    if (!isId(l._id)) throw badRequest('Unknown learner for this line', [{ path: `learners.${index}._id`, message: 'Unknown learner for this line' }]);
    return [l._id.toLowerCase()];
  });
  if (new Set(keptIds).size !== keptIds.length) throw badRequest('A learner is listed twice', [{ path: 'learners', message: 'A learner is listed twice' }]);
  const result = await ctx.events.transaction(db, async (tx, events) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound(MESSAGES.orderNotFound);
    const [line] = await tx
      .select({ qty: orderItems.qty, sessionId: orderItems.sessionId })
      .from(orderItems)
      .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)));
    if (!line) throw notFound(LINE_NOT_FOUND);
    const [session] = line.sessionId
      ? await tx
          .select({ startsAt: sessions.startsAt })
          .from(sessions)
          .where(eq(sessions.id, line.sessionId))
          .for('share')
      : [];
    // The instant of the write, read after the locks: a rename that waited past the start is refused.
    const now = ctx.clock.now();
    const started = session !== undefined && session.startsAt <= now;
    if ((order.status !== 'pending' && order.status !== 'paid') || started)
      throw new AppError(409, LEARNERS_LOCKED_MESSAGE, undefined, LEARNERS_LOCKED);
    if (input.learners.length > line.qty)
      throw badRequest('More learners named than seats in the line', [{ path: 'learners', message: `At most ${line.qty} learners for this line` }]);
    const current = await tx
      .select({ id: orderLearners.id })
      .from(orderLearners)
      .where(eq(orderLearners.itemId, lineId));
    const currentIds = new Set(current.map((c) => c.id));
    keptIds.forEach((id) => {
      if (!currentIds.has(id)) {
        const index = input.learners.findIndex((l) => l._id?.toLowerCase() === id);
        throw badRequest('Unknown learner for this line', [{ path: `learners.${index}._id`, message: 'Unknown learner for this line' }]);
      }
    });
    await tx
      .delete(orderLearners)
      .where(
        keptIds.length > 0
          ? and(eq(orderLearners.itemId, lineId), notInArray(orderLearners.id, keptIds))
          : eq(orderLearners.itemId, lineId),
      );
    const added: string[] = [];
    for (const [position, learner] of input.learners.entries()) {
      const values = { name: learner.name, email: learner.email ?? null, phone: learner.phone ?? null, position };
      if (learner._id) {
        await tx.update(orderLearners).set(values).where(eq(orderLearners.id, learner._id.toLowerCase()));
      } else {
        const [row] = await tx
          .insert(orderLearners)
          .values({ ...values, orderId, itemId: lineId })
          .returning({ id: orderLearners.id });
        if (row) added.push(row.id);
      }
    }
    // Learners added to a paid order are told as the others were when it was paid, once it commits.
    if (order.status === 'paid' && added.length > 0) events.record({ type: 'learnersAdded', orderId });
    return { added, paid: order.status === 'paid' };
  });
  return { ...result, order: toOrderJson(await requireOrder(db, orderId)) };
}

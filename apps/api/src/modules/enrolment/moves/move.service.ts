import { courseNameIn, MESSAGES, type Order, type SessionMoveBody } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { AppError, conflict, notFound } from '../../../errors.js';
import { isId } from '../../../lib/ids.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { actorOf } from '../../audit/audit.repository.js';
import { queueLearnerTextsAfter, queueTextMessagesAfter } from '../../messages/text-messages.service.js';
import { findOrderById } from '../orders/orders.repository.js';
import { notEnoughSessionSeats, toOrderJson } from '../orders/orders.service.js';
import { moveOrderLine, type MoveOutcome } from './move.repository.js';
import { SESSION_MESSAGES } from '../sessions/sessions.service.js';

export const MOVE_MESSAGES = {
  sameSession: 'The target session is the session the learner is in already',
  targetNotFound: 'Target session not found',
  notInSession: 'This order has no seats in this session',
  orderState: (status: string) =>
    `Only a pending or paid order can be moved; this order is ${status}`,
  otherCourse:
    'The target session is a session of another course: a learner moves only between sessions of the same course',
  targetCancelled: 'The target session was cancelled: choose another one',
  targetEnded: 'The target session has ended: choose another one',
  /** `Not enough seats left for <course> (<date>): 1 left, 2 needed`. */
  notEnoughSeats: (course: string, startsAt: Date, left: number, needed: number) =>
    `${notEnoughSessionSeats(course, startsAt)}: ${left} left, ${needed} needed`,
} as const;

function refusal(outcome: Exclude<MoveOutcome, { kind: 'moved' }>): AppError {
  switch (outcome.kind) {
    case 'orderMissing':
      return notFound(MESSAGES.orderNotFound);
    case 'sessionMissing':
      return notFound(SESSION_MESSAGES.notFound);
    case 'targetMissing':
      return notFound(MOVE_MESSAGES.targetNotFound);
    case 'notInSession':
      return notFound(MOVE_MESSAGES.notInSession);
    case 'orderState':
      return new AppError(409, MOVE_MESSAGES.orderState(outcome.status), undefined, 'ORDER_STATE', {
        status: outcome.status,
      });
    case 'otherCourse':
      return new AppError(400, MOVE_MESSAGES.otherCourse, [
        { path: 'to', message: MOVE_MESSAGES.otherCourse },
      ]);
    case 'targetCancelled':
      return conflict(MOVE_MESSAGES.targetCancelled);
    case 'targetEnded':
      return conflict(MOVE_MESSAGES.targetEnded);
    case 'notEnoughSeats':
      return new AppError(
        409,
        MOVE_MESSAGES.notEnoughSeats(
          outcome.courseName,
          outcome.to.startsAt,
          outcome.seatsLeft,
          outcome.qty,
        ),
        undefined,
        'SEATS_LEFT',
        { seatsLeft: outcome.seatsLeft },
      );
  }
}

/**
 * `POST /api/sessions/{id}/move {order, to}` (admin; issue 34, decision 0396): the order's
 * seats in session `id` move to session `to` of the same course in one transaction
 * (move.repository.ts), seats freed in the source are offered to its waitlist in that
 * transaction, and the learner is mailed the new session with its `.ics`. Answers the order.
 */
export async function moveLearner(
  ctx: ServiceContext,
  admin: AuthUser,
  fromId: string,
  body: SessionMoveBody,
): Promise<Order> {
  const orderId = body.order.trim();
  const toId = body.to.trim();
  if (fromId === toId)
    throw new AppError(400, MOVE_MESSAGES.sameSession, [
      { path: 'to', message: MOVE_MESSAGES.sameSession },
    ]);
  if (!isId(fromId)) throw notFound(SESSION_MESSAGES.notFound);
  if (!isId(orderId)) throw notFound(MESSAGES.orderNotFound);
  if (!isId(toId)) throw notFound(MOVE_MESSAGES.targetNotFound);
  const { db } = ctx.database;
  const at = ctx.clock.now();
  const outcome = await moveOrderLine(db, ctx.events, {
    orderId,
    fromId,
    toId,
    actor: actorOf(admin),
    at,
  });
  // Committed: the catalogue, the source's waitlist offers and the learner's mail followed (learnerMoved).
  if (outcome.kind !== 'moved') throw refusal(outcome);
  const order = await findOrderById(db, orderId);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  const moved = order.lines.find((line) => line.session?.id === toId);
  if (moved?.session)
    await queueTextMessagesAfter(ctx, order.userId, `session_changed:${toId}:${orderId}:moved:${at.toISOString()}`, {
      template: 'session_changed',
      change: 'moved',
      course: courseNameIn(moved, order.userLanguage),
      startsAt: moved.session.startsAt,
      place: moved.session.place,
      link: { kind: 'order', id: orderId },
    });
  // Issue 51: the moved line's named learners with a phone are told where they now sit.
  if (moved?.session && moved.courseId)
    await queueLearnerTextsAfter(ctx, moved.learners, order.userLanguage, `session_changed:${toId}:${orderId}:moved:${at.toISOString()}`, {
      template: 'session_changed',
      change: 'moved',
      course: courseNameIn(moved, order.userLanguage),
      startsAt: moved.session.startsAt,
      place: moved.session.place,
      link: { kind: 'course', id: moved.courseId },
    });
  return toOrderJson(order);
}

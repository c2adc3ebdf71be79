import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared';
import type { Db } from '../../../db/client.js';
import type { DomainEvents } from '../../../events/event-bus.js';
import { courses } from '../../courses/courses.schema.js';
import { orderItems, orders } from '../tables/orders.schema.js';
import { sessions } from '../tables/sessions.schema.js';
import { recordAuditEvents, type AuditActor } from '../../audit/audit.repository.js';
import type { SessionRow } from '../seats/sessions.repository.js';
import { offerFreedSeats } from '../seats/waitlist.repository.js';

/** The order states whose seats can move (they hold seats): decision 0397. */
export const MOVABLE_STATUSES = ['pending', 'paid'] as const satisfies readonly OrderStatus[];

export type MoveOutcome =
  /** `offers`: how many people waiting for the source were offered its freed seats. */
  | {
      kind: 'moved';
      from: SessionRow;
      to: SessionRow;
      qty: number;
      status: OrderStatus;
      offers: number;
    }
  | { kind: 'orderMissing' }
  | { kind: 'sessionMissing' }
  | { kind: 'targetMissing' }
  /** The order has no line in the session of the path. */
  | { kind: 'notInSession' }
  | { kind: 'orderState'; status: OrderStatus }
  | { kind: 'otherCourse' }
  | { kind: 'targetCancelled' }
  | { kind: 'targetEnded' }
  | { kind: 'notEnoughSeats'; courseName: string; to: SessionRow; seatsLeft: number; qty: number };

export interface MoveRequest {
  orderId: string;
  fromId: string;
  toId: string;
  actor: AuditActor;
  at: Date;
}

/**
 * Moves an order's line(s) in session `fromId` to session `toId` of the same course, in ONE
 * transaction (decision 0396): the order's row is locked first (as every order state change
 * does, so a move and a cancel or a payment of the same order queue), then both sessions in id
 * order (as placing, cancelling and expiring lock sessions), then everything is checked on the
 * locked rows: nothing is read and written back unlocked. The target loses `qty` seats (guarded,
 * `seats_left >= qty`), the source gets them back (never above its capacity), the lines point to
 * the target, the freed seats are offered to the source's waitlist, and a `moved` history line
 * records both sessions.
 */
export async function moveOrderLine(db: Db, events: DomainEvents, request: MoveRequest): Promise<MoveOutcome> {
  const { orderId, fromId, toId, actor, at } = request;
  return events.transaction(db, async (tx, recorded) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) return { kind: 'orderMissing' };
    const locked = await tx
      .select()
      .from(sessions)
      .where(inArray(sessions.id, [fromId, toId]))
      .orderBy(asc(sessions.id))
      .for('update');
    const from = locked.find((s) => s.id === fromId);
    const to = locked.find((s) => s.id === toId);
    if (!from) return { kind: 'sessionMissing' };
    if (!to) return { kind: 'targetMissing' };
    const [line] = await tx
      .select({ qty: sql<number>`coalesce(sum(${orderItems.qty}), 0)::integer`.mapWith(Number) })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.sessionId, fromId)));
    const qty = line?.qty ?? 0;
    if (qty === 0) return { kind: 'notInSession' };
    if (!(MOVABLE_STATUSES as readonly OrderStatus[]).includes(order.status))
      return { kind: 'orderState', status: order.status };
    if (to.courseId !== from.courseId) return { kind: 'otherCourse' };
    if (to.status === 'cancelled') return { kind: 'targetCancelled' };
    if (to.endsAt.getTime() <= at.getTime()) return { kind: 'targetEnded' };
    if (to.seatsLeft < qty) {
      const [course] = await tx
        .select({ name: courses.name })
        .from(courses)
        .where(eq(courses.id, to.courseId));
      return {
        kind: 'notEnoughSeats',
        courseName: course?.name ?? '',
        to,
        seatsLeft: to.seatsLeft,
        qty,
      };
    }
    const [toAfter] = await tx
      .update(sessions)
      .set({ seatsLeft: sql`${sessions.seatsLeft} - ${qty}::integer` })
      .where(and(eq(sessions.id, toId), sql`${sessions.seatsLeft} >= ${qty}::integer`))
      .returning();
    // Locked above and checked: the guard only keeps the check constraint's promise.
    if (!toAfter) throw new Error('the target session lost its seats while locked');
    const [fromAfter] = await tx
      .update(sessions)
      .set({ seatsLeft: sql`least(${sessions.capacity}, ${sessions.seatsLeft} + ${qty}::integer)` })
      .where(eq(sessions.id, fromId))
      .returning();
    // Decision 0398: the seats the source got back go first to the people waiting for it (held
    // for the first in line, out of seats left), in this transaction, sessions still locked.
    const offers = await offerFreedSeats(tx, [fromId]);
    await tx
      .update(orderItems)
      .set({ sessionId: toId })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.sessionId, fromId)));
    await recordAuditEvents(tx, [
      {
        entity: 'order',
        entityId: orderId,
        action: 'moved',
        actor,
        at,
        changes: {
          status: { from: order.status, to: order.status },
          session: {
            from: { id: from.id, startsAt: from.startsAt.toISOString() },
            to: { id: to.id, startsAt: to.startsAt.toISOString() },
          },
          seats: { from: qty, to: qty },
        },
      },
    ]);
    recorded.record({ type: 'courseChanged' });
    if (offers > 0) recorded.record({ type: 'waitlistOffersChanged' });
    recorded.record({
      type: 'learnerMoved',
      orderId,
      toSessionId: toId,
      from: { id: from.id, startsAt: from.startsAt.toISOString(), endsAt: from.endsAt.toISOString() },
      at: at.toISOString(),
    });
    return {
      kind: 'moved',
      from: fromAfter ?? from,
      to: toAfter,
      qty,
      status: order.status,
      offers,
    };
  });
}

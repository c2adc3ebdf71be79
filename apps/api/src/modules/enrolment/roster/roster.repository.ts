import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared';
import type { DbOrTx } from '../../../db/client.js';
import { courses } from '../../courses/courses.schema.js';
import { orderItems, orderLearners, orders } from '../tables/orders.schema.js';
import { learnerAttendance, sessionAttendance, sessions } from '../tables/sessions.schema.js';
import { users } from '../../identity/identity.schema.js';

/** The order states a roster lists: those holding seats in the session, or learned in it. */
export const ROSTER_STATUSES = [
  'pending',
  'paid',
  'learned',
] as const satisfies readonly OrderStatus[];

export interface RosterOrder {
  orderId: string;
  userId: string;
  name: string;
  email: string;
  qty: number;
  status: OrderStatus;
  /** Issue 51: the company the invoice is made out to (invoiceTo.name), or null. */
  company: string | null;
}

/** A named learner of a session's roster (issue 51). */
export interface RosterLearner {
  id: string;
  orderId: string;
  name: string;
  email: string | null;
}

/** A session and its course's name (the roster's header), or undefined. */
export async function findSessionWithCourse(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ session: sessions, courseName: courses.name })
    .from(sessions)
    .innerJoin(courses, eq(courses.id, sessions.courseId))
    .where(eq(sessions.id, id))
    .limit(1);
  return row;
}

/**
 * The orders with seats in a session (pending, paid or learned) whose account still exists, one
 * per order with the seats of its lines in the session; by learner name, then order placed.
 */
export function rosterOrders(db: DbOrTx, sessionId: string): Promise<RosterOrder[]> {
  return db
    .select({
      orderId: orders.id,
      userId: sql<string>`${users.id}`,
      name: users.name,
      email: users.email,
      qty: sql<number>`sum(${orderItems.qty})::integer`,
      status: orders.status,
      company: sql<string | null>`${orders.invoiceTo}->>'name'`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orderItems.sessionId, sessionId),
        inArray(orders.status, [...ROSTER_STATUSES]),
        isNotNull(orders.userId),
      ),
    )
    .groupBy(orders.id, users.id, users.name, users.email, orders.status, orders.createdAt)
    .orderBy(asc(sql`lower(${users.name})`), asc(orders.createdAt), asc(orders.id));
}

/**
 * The people named for the seats of a session's orders (issue 51; the orders rosterOrders
 * lists), each order's in line and seat order.
 */
export function rosterLearners(db: DbOrTx, sessionId: string): Promise<RosterLearner[]> {
  return db
    .select({ id: orderLearners.id, orderId: orderLearners.orderId, name: orderLearners.name, email: orderLearners.email })
    .from(orderLearners)
    .innerJoin(orderItems, eq(orderItems.id, orderLearners.itemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sessionId, sessionId), inArray(orders.status, [...ROSTER_STATUSES])))
    .orderBy(asc(orderItems.position), asc(orderLearners.position), asc(orderLearners.id));
}

/** The days each named learner of a session was ticked present (issue 51). */
export function learnerAttendanceOf(db: DbOrTx, sessionId: string): Promise<{ learnerId: string; day: string }[]> {
  return db
    .select({ learnerId: learnerAttendance.learnerId, day: learnerAttendance.day })
    .from(learnerAttendance)
    .where(eq(learnerAttendance.sessionId, sessionId));
}

/** The days each learner of a session was ticked present. */
export function attendanceOf(
  db: DbOrTx,
  sessionId: string,
): Promise<{ userId: string; day: string }[]> {
  return db
    .select({ userId: sessionAttendance.userId, day: sessionAttendance.day })
    .from(sessionAttendance)
    .where(eq(sessionAttendance.sessionId, sessionId));
}

/**
 * Replaces one day's ticks of a session: the day's rows deleted, the present learners inserted,
 * in one transaction (two saves of the same day at once: the last to commit wins whole).
 */
export async function replaceAttendanceDay(
  db: DbOrTx,
  sessionId: string,
  day: string,
  present: readonly string[],
  markedBy: string,
  at: Date,
  /** Issue 51: the named learners present (learner ids); `present` holds the buyers'. */
  learnersPresent: readonly string[] = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    // Saves of one session queue on its row: each save's delete and insert apply whole.
    await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .for('update');
    await tx
      .delete(sessionAttendance)
      .where(and(eq(sessionAttendance.sessionId, sessionId), eq(sessionAttendance.day, day)));
    if (present.length > 0)
      await tx
        .insert(sessionAttendance)
        .values(present.map((userId) => ({ sessionId, userId, day, markedBy, markedAt: at })))
        .onConflictDoNothing();
    await tx
      .delete(learnerAttendance)
      .where(and(eq(learnerAttendance.sessionId, sessionId), eq(learnerAttendance.day, day)));
    if (learnersPresent.length > 0)
      await tx
        .insert(learnerAttendance)
        .values(learnersPresent.map((learnerId) => ({ sessionId, learnerId, day, markedBy, markedAt: at })))
        .onConflictDoNothing();
  });
}

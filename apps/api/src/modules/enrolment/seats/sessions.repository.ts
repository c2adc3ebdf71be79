import { and, asc, eq, getTableColumns, gt, inArray, or, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { courses } from '../../courses/courses.schema.js';
import { orderItems, orders } from '../tables/orders.schema.js';
import { sessions, sessionWaitlist } from '../tables/sessions.schema.js';
import { standingOfferOf } from './waitlist.repository.js';

export type SessionRow = typeof sessions.$inferSelect;

export interface SessionFields {
  startsAt: Date;
  endsAt: Date;
  schedule: string;
  place: string;
  scheduleFr: string;
  scheduleAr: string;
  placeFr: string;
  placeAr: string;
  capacity: number;
  hours: number | null;
  trainer: string | null;
  meetingUrl: string | null;
  meetings: { startsAt: string; endsAt: string }[];
}

/** The course of new sessions, when it exists and is not a draft's ghost (drafts may get sessions too). */
export async function courseExists(db: DbOrTx, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row !== undefined;
}

/** A new session: all its seats left. */
export async function insertSession(
  db: DbOrTx,
  courseId: string,
  fields: SessionFields,
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ courseId, ...fields, seatsLeft: fields.capacity })
    .returning();
  if (!row) throw new Error('inserting a session returned nothing');
  return row;
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

export type SessionUpdateOutcome =
  | { kind: 'updated'; before: SessionRow; after: SessionRow }
  | { kind: 'missing' }
  /** The capacity asked for is below the seats taken now: nothing was written. */
  | { kind: 'belowTaken'; taken: number };

/**
 * The admin's whole edit of a session. The capacity moves the seats left by the same amount in
 * one guarded UPDATE (`seats_left + new - capacity`, refused when that is below 0): orders
 * taking seats at the same moment queue on the row, and the seats taken are never read,
 * changed and written back. The row is read first only for the audit record and the refusal's
 * number.
 */
export async function updateSession(
  db: DbOrTx,
  id: string,
  fields: SessionFields,
): Promise<SessionUpdateOutcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
    if (!before) return { kind: 'missing' };
    const [after] = await tx
      .update(sessions)
      .set({
        ...fields,
        seatsLeft: sql`${sessions.seatsLeft} + ${fields.capacity}::integer - ${sessions.capacity}`,
      })
      .where(
        and(
          eq(sessions.id, id),
          sql`${sessions.seatsLeft} + ${fields.capacity}::integer - ${sessions.capacity} >= 0`,
        ),
      )
      .returning();
    if (!after) return { kind: 'belowTaken', taken: before.capacity - before.seatsLeft };
    return { kind: 'updated', before, after };
  });
}

/** Marks a session cancelled (locked row); the row as it was before, or undefined when unknown. */
export async function markSessionCancelled(
  db: DbOrTx,
  id: string,
): Promise<{ before: SessionRow; after: SessionRow } | undefined> {
  const [before] = await db.select().from(sessions).where(eq(sessions.id, id)).for('update');
  if (!before) return undefined;
  const [after] = await db
    .update(sessions)
    .set({ status: 'cancelled' })
    .where(eq(sessions.id, id))
    .returning();
  return after ? { before, after } : undefined;
}

/** The orders still holding seats of a session (pending or paid) that a cancel must undo. */
export async function ordersHoldingSession(db: DbOrTx, sessionId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: orders.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sessionId, sessionId), inArray(orders.status, ['pending', 'paid'])));
  return rows.map((r) => r.id);
}

/** Whether a course has or had sessions, in any state (issue 49: then it is sold only through an open one). */
export async function courseHadSessions(db: DbOrTx, courseId: string): Promise<boolean> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.courseId, courseId)).limit(1);
  return row !== undefined;
}

/** A course's sessions not ended and not cancelled, soonest first (the course page), with how many wait (issue 34). */
export function upcomingSessionsOfCourse(
  db: DbOrTx,
  // Placeholders: the course page prepares this statement once (issue 55).
  courseId: string | Placeholder,
  now: Date | Placeholder,
) {
  return db
    .select({
      ...getTableColumns(sessions),
      // Qualified by hand: drizzle writes a select list's columns without their table.
      waiting:
        sql<number>`(select count(*) from ${sessionWaitlist} waiting where waiting.session_id = "sessions"."id")`.mapWith(
          Number,
        ),
    })
    .from(sessions)
    .where(
      and(eq(sessions.courseId, courseId), eq(sessions.status, 'open'), gt(sessions.endsAt, now)),
    )
    .orderBy(asc(sessions.startsAt), asc(sessions.id));
}

/**
 * For checking an order's lines, one statement: the sessions of its courses and those it names
 * (any state), and the seats offered to the buyer (issue 34) in the sessions it names, not
 * expired at `at`.
 */
export async function sessionsForOrder(
  db: DbOrTx,
  courseIds: readonly string[],
  sessionIds: readonly string[],
  buyerId: string,
  at: Date,
): Promise<{ sessions: SessionRow[]; offers: Map<string, number> }> {
  const conditions = [];
  if (courseIds.length > 0)
    conditions.push(and(inArray(sessions.courseId, [...courseIds]), eq(sessions.status, 'open')));
  if (sessionIds.length > 0) conditions.push(inArray(sessions.id, [...sessionIds]));
  if (conditions.length === 0) return { sessions: [], offers: new Map() };
  const rows = await db
    .select({
      session: sessions,
      // Qualified by hand, as above; at most one row per (session, customer).
      offerSeats: sql<number | null>`(select ${sessionWaitlist.offerSeats} from ${sessionWaitlist}
        where ${sessionWaitlist.sessionId} = "sessions"."id" and ${standingOfferOf(buyerId, sql`${at.toISOString()}::timestamptz`)})`,
    })
    .from(sessions)
    .where(or(...conditions));
  const named = new Set(sessionIds);
  return {
    sessions: rows.map((row) => row.session),
    offers: new Map(
      rows.flatMap(({ session, offerSeats }) => (offerSeats && named.has(session.id) ? [[session.id, offerSeats] as const] : [])),
    ),
  };
}

/** Every session of a course, cancelled ones included, soonest first (the admin's list, issue 51). */
export function sessionsOfCourse(db: DbOrTx, courseId: string): Promise<(SessionRow & { waiting: number })[]> {
  return db
    .select({
      ...getTableColumns(sessions),
      waiting:
        sql<number>`(select count(*) from ${sessionWaitlist} waiting where waiting.session_id = "sessions"."id")`.mapWith(
          Number,
        ),
    })
    .from(sessions)
    .where(eq(sessions.courseId, courseId))
    .orderBy(asc(sessions.startsAt), asc(sessions.id));
}

/** The upcoming sessions of the shop (the dashboard), soonest first, with their course's name. */
export function upcomingSessions(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({
      id: sessions.id,
      courseId: sessions.courseId,
      courseName: courses.name,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      place: sessions.place,
      capacity: sessions.capacity,
      seatsLeft: sessions.seatsLeft,
    })
    .from(sessions)
    .innerJoin(courses, eq(courses.id, sessions.courseId))
    .where(and(eq(sessions.status, 'open'), gt(sessions.endsAt, now)))
    .orderBy(asc(sessions.startsAt), asc(sessions.id))
    .limit(limit);
}

/**
 * The sessions an order's lines sit in, locked FOR SHARE (decision 0412): marking the order
 * learned holds them, so a session's cancel (FOR UPDATE on its row) waits for the learn to
 * commit and then sees the learned order, or commits first and the learn then sees the session
 * cancelled. Taken after the order's own lock, as every order change takes them.
 */
export async function lockSessionsOfOrder(
  db: DbOrTx,
  orderId: string,
): Promise<{ id: string; status: SessionRow['status']; endsAt: Date }[]> {
  return db
    .select({ id: sessions.id, status: sessions.status, endsAt: sessions.endsAt })
    .from(sessions)
    .where(inArray(sessions.id, db.select({ id: orderItems.sessionId }).from(orderItems).where(eq(orderItems.orderId, orderId))))
    .orderBy(asc(sessions.id))
    .for('share');
}

/** How many learned orders have seats in a session (a session that ran cannot be cancelled). */
export async function learnedOrdersOfSession(db: DbOrTx, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${orders.id})`.mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sessionId, sessionId), eq(orders.status, 'learned')));
  return row?.n ?? 0;
}

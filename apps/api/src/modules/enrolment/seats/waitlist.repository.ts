import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@shop/shared';
import type { DomainEvents } from '../../../events/event-bus.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { courses } from '../../courses/courses.schema.js';
import { sessions, sessionWaitlist } from '../tables/sessions.schema.js';
import { users } from '../../identity/identity.schema.js';

/*
 * The waitlist of a full session (issue 34; docs/decisions/0361-0366). Seats freed in a session
 * with people waiting move from `sessions.seats_left` into the first rows' `offer_seats` in the
 * transaction that freed them, so they are never on sale while offered and never offered twice.
 * Locks follow the enrolment's one lock order (`LOCK_ORDER`, ./lock-order.ts; waitlist rows
 * last): the placing statement, a leave, the lapse sweeper and offerFreedSeats all follow it.
 * The offer mail claimer only takes rows with SKIP LOCKED and waits for nothing.
 */

export type WaitlistRow = typeof sessionWaitlist.$inferSelect;

/**
 * Offers the seats left of these sessions to the people waiting there, in line order: first the
 * standing offers of fewer seats than their people asked for are completed (issue 49, decision
 * 0415), then the people without an offer get one; each gets `least(seats left, seats still
 * wanted)` until none is left. Runs inside the caller's transaction (which freed the seats); the
 * sessions are locked here in id order (again, when the caller already holds them). Cancelled
 * sessions offer nothing. Answers the number of offers made or completed (their mails go out
 * from the waitlist sweeper: `offer_mailed` false; a completed offer is mailed again with all
 * its seats and a new time to order).
 *
 * One statement first finds the sessions where anyone waits for more than they were offered
 * (most have nobody waiting: one round trip instead of two per session). Every caller has
 * changed these sessions' rows in its transaction, so holds them: a customer joins a waitlist
 * holding the session's row (joinWaitlist), so nobody joins between this look and the offers.
 */
export async function offerFreedSeats(tx: DbOrTx, sessionIds: readonly string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const waitedFor = await tx
    .selectDistinct({ id: sessionWaitlist.sessionId })
    .from(sessionWaitlist)
    .where(and(inArray(sessionWaitlist.sessionId, [...new Set(sessionIds)]), lt(sessionWaitlist.offerSeats, sessionWaitlist.seats)));
  const ids = waitedFor.map((row) => row.id).sort();
  let offers = 0;
  for (const id of ids) {
    const [session] = await tx
      .select({ seatsLeft: sessions.seatsLeft, status: sessions.status })
      .from(sessions)
      .where(eq(sessions.id, id))
      .for('update');
    if (!session || session.status !== 'open' || session.seatsLeft <= 0) continue;
    // Each row takes at least one seat: no more rows than seats left are needed.
    const waiting = await tx
      .select({ id: sessionWaitlist.id, seats: sessionWaitlist.seats, offerSeats: sessionWaitlist.offerSeats })
      .from(sessionWaitlist)
      .where(and(eq(sessionWaitlist.sessionId, id), lt(sessionWaitlist.offerSeats, sessionWaitlist.seats)))
      .orderBy(desc(sql`${sessionWaitlist.offerSeats} > 0`), asc(sessionWaitlist.createdAt), asc(sessionWaitlist.id))
      .limit(session.seatsLeft)
      .for('update');
    let left = session.seatsLeft;
    for (const row of waiting) {
      if (left === 0) break;
      const give = Math.min(left, row.seats - row.offerSeats);
      await tx
        .update(sessionWaitlist)
        .set({ offerSeats: row.offerSeats + give, offerMailed: false, offerExpiresAt: null })
        .where(eq(sessionWaitlist.id, row.id));
      left -= give;
      offers += 1;
    }
    if (left !== session.seatsLeft)
      await tx.update(sessions).set({ seatsLeft: left }).where(eq(sessions.id, id));
  }
  return offers;
}

/**
 * Empties the line of a session being cancelled (issue 49), in the cancel's transaction (which
 * holds the session's row): every row leaves, offers included, and the seats offered go back to
 * the session's seats left. Answers who waited, with the seats offered to them (0: none), for
 * their mails once committed; no offer nor lapse mail can follow, the rows being gone.
 */
export async function emptyWaitlist(
  tx: DbOrTx,
  sessionId: string,
): Promise<{ sessionId: string; userId: string; offerSeats: number }[]> {
  const gone = await tx
    .delete(sessionWaitlist)
    .where(eq(sessionWaitlist.sessionId, sessionId))
    .returning({ userId: sessionWaitlist.userId, offerSeats: sessionWaitlist.offerSeats, createdAt: sessionWaitlist.createdAt });
  const offered = gone.reduce((sum, row) => sum + row.offerSeats, 0);
  if (offered > 0) await giveBack(tx, sessionId, offered);
  return gone
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(({ userId, offerSeats }) => ({ sessionId, userId, offerSeats }));
}

/** A `session_waitlist` row that is the customer's offer, standing at `at` (seats offered, not expired). */
export function standingOfferOf(userId: string | null, at: SQL): SQL {
  return sql`${sessionWaitlist.userId} = ${userId}::uuid and ${sessionWaitlist.offerSeats} > 0
        and (${sessionWaitlist.offerExpiresAt} is null or ${sessionWaitlist.offerExpiresAt} > ${at})`;
}

/** How many wait in each of these sessions. */
export async function waitingCounts(
  db: DbOrTx,
  sessionIds: readonly string[],
): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: sessionWaitlist.sessionId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(sessionWaitlist)
    .where(inArray(sessionWaitlist.sessionId, [...sessionIds]))
    .groupBy(sessionWaitlist.sessionId);
  return new Map(rows.map((r) => [r.sessionId, r.n]));
}

export type JoinOutcome =
  | { kind: 'joined'; position: number }
  | { kind: 'missing' }
  | { kind: 'closed' }
  | { kind: 'seatsLeft' }
  | { kind: 'alreadyWaiting' };

/**
 * Joins the line of a session, last. The session row is locked first (as seats are freed), so
 * a join never slips in after seats went back on sale: it is refused while seats are left.
 */
export async function joinWaitlist(
  db: Db,
  events: DomainEvents,
  sessionId: string,
  userId: string,
  seats: number,
  now: Date,
): Promise<JoinOutcome> {
  return events.transaction(db, async (tx, recorded) => {
    const [session] = await tx
      .select({ seatsLeft: sessions.seatsLeft, status: sessions.status, endsAt: sessions.endsAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .for('update');
    if (!session) return { kind: 'missing' };
    if (session.status !== 'open' || session.endsAt <= now) return { kind: 'closed' };
    if (session.seatsLeft > 0) return { kind: 'seatsLeft' };
    const inserted = await tx
      .insert(sessionWaitlist)
      .values({ sessionId, userId, seats, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: sessionWaitlist.id });
    if (inserted.length === 0) return { kind: 'alreadyWaiting' };
    const position = await positionOf(tx, sessionId, userId);
    // The session's waiting count is part of its catalogue answer.
    recorded.record({ type: 'courseChanged' });
    return { kind: 'joined', position: position ?? 1 };
  });
}

/** The place in line of a customer (1 = first), undefined when not waiting. */
async function positionOf(
  db: DbOrTx,
  sessionId: string,
  userId: string,
): Promise<number | undefined> {
  const result = (await db.execute(sql`
    select (select count(*) from ${sessionWaitlist} ahead
            where ahead.session_id = mine.session_id
              and (ahead.created_at, ahead.id) <= (mine.created_at, mine.id))::integer as position
    from ${sessionWaitlist} mine
    where mine.session_id = ${sessionId}::uuid and mine.user_id = ${userId}::uuid
  `)) as unknown as { rows: { position: number }[] };
  const row = result.rows[0];
  return row ? Number(row.position) : undefined;
}

export type LeaveOutcome =
  { kind: 'left'; offerSeats: number } | { kind: 'notWaiting' } | { kind: 'missing' };

/**
 * Leaves the line. Seats offered to the leaver go back to the session and on to the next in line
 * (offerFreedSeats) in the same transaction; the session is locked before the row.
 */
export async function leaveWaitlist(
  db: Db,
  events: DomainEvents,
  sessionId: string,
  userId: string,
): Promise<LeaveOutcome> {
  return events.transaction(db, async (tx, recorded) => {
    const [session] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .for('update');
    if (!session) return { kind: 'missing' };
    const [left] = await tx
      .delete(sessionWaitlist)
      .where(and(eq(sessionWaitlist.sessionId, sessionId), eq(sessionWaitlist.userId, userId)))
      .returning({ offerSeats: sessionWaitlist.offerSeats });
    if (!left) return { kind: 'notWaiting' };
    if (left.offerSeats > 0) {
      await giveBack(tx, sessionId, left.offerSeats);
      await offerFreedSeats(tx, [sessionId]);
    }
    recorded.record({ type: 'courseChanged' });
    // The leaver's offer passed on: the next in line's mail goes now.
    if (left.offerSeats > 0) recorded.record({ type: 'waitlistOffersChanged' });
    return { kind: 'left', offerSeats: left.offerSeats };
  });
}

/** Offered seats back to their session's seats left (never above its capacity). */
async function giveBack(tx: DbOrTx, sessionId: string, seats: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ seatsLeft: sql`least(${sessions.capacity}, ${sessions.seatsLeft} + ${seats}::integer)` })
    .where(eq(sessions.id, sessionId));
}

/**
 * Claims up to `limit` offers that lapsed by `now` (one transaction): their sessions are locked
 * first in id order, then the lapsed rows with SKIP LOCKED; each lapsed person leaves the line
 * and the seats go back, to the next in line first (offerFreedSeats), else on sale. Two
 * instances at once: the second waits on the sessions' locks, then finds the rows gone.
 * Answers the lapsed rows.
 */
export async function lapseDueOffers(
  db: Db,
  events: DomainEvents,
  now: Date,
  limit: number,
): Promise<{ sessionId: string; userId: string; offerSeats: number }[]> {
  return events.transaction(db, async (tx, recorded) => {
    const dueSessions = await tx
      .selectDistinct({ id: sessionWaitlist.sessionId })
      .from(sessionWaitlist)
      .where(
        and(
          gt(sessionWaitlist.offerSeats, 0),
          sql`${sessionWaitlist.offerExpiresAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .limit(limit);
    if (dueSessions.length === 0) return [];
    const ids = dueSessions.map((s) => s.id).sort();
    await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, ids))
      .orderBy(asc(sessions.id))
      .for('update');
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const result = (await tx.execute(sql`
      with due as (
        select ${sessionWaitlist.id} as id from ${sessionWaitlist}
        where ${sessionWaitlist.sessionId} in (${idList}) and ${sessionWaitlist.offerSeats} > 0
          and ${sessionWaitlist.offerExpiresAt} <= ${now.toISOString()}::timestamptz
        order by ${sessionWaitlist.offerExpiresAt}
        limit ${limit}
        for update skip locked
      )
      delete from ${sessionWaitlist} using due where ${sessionWaitlist.id} = due.id
      returning ${sessionWaitlist.sessionId} as session_id, ${sessionWaitlist.userId} as user_id,
        ${sessionWaitlist.offerSeats} as offer_seats
    `)) as unknown as { rows: { session_id: string; user_id: string; offer_seats: number }[] };
    const lapsed = result.rows.map((r) => ({
      sessionId: r.session_id,
      userId: r.user_id,
      offerSeats: Number(r.offer_seats),
    }));
    const back = new Map<string, number>();
    for (const row of lapsed)
      back.set(row.sessionId, (back.get(row.sessionId) ?? 0) + row.offerSeats);
    for (const [sessionId, seats] of [...back].sort(([a], [b]) => a.localeCompare(b)))
      await giveBack(tx, sessionId, seats);
    await offerFreedSeats(tx, [...back.keys()]);
    if (lapsed.length > 0) {
      recorded.record({ type: 'courseChanged' });
      // Told once: only the instance whose transaction removed the rows records it.
      recorded.record({ type: 'waitlistOffersLapsed', lapsed });
    }
    return lapsed;
  });
}

/** The person a waitlist mail goes to, as it names them (OfferToMail['user']). */
const MAILED_USER = { name: users.name, email: users.email, language: users.language };

/** The session a waitlist mail describes, with its course's name (OfferToMail['session']). */
const MAILED_SESSION = {
  id: sessions.id,
  courseId: sessions.courseId,
  courseName: courses.name,
  courseNameFr: courses.nameFr,
  courseNameAr: courses.nameAr,
  startsAt: sessions.startsAt,
  endsAt: sessions.endsAt,
  schedule: sessions.schedule,
  place: sessions.place,
};

/** An offer that lapsed unused, as its mail names it: who, how many seats, which session. */
export type LapsedOfferToMail = Omit<OfferToMail, 'id' | 'expiresAt'>;

/**
 * The people and sessions of offers that lapsed (their waitlist rows are gone): two reads by id,
 * one row a lapse (a user or session deleted meanwhile has no mail).
 */
export async function lapsedOffersToMail(
  db: DbOrTx,
  lapsed: readonly { sessionId: string; userId: string; offerSeats: number }[],
): Promise<LapsedOfferToMail[]> {
  if (lapsed.length === 0) return [];
  const [people, facts] = await Promise.all([
    db
      .select({ id: users.id, user: MAILED_USER })
      .from(users)
      .where(inArray(users.id, [...new Set(lapsed.map((l) => l.userId))])),
    db
      .select(MAILED_SESSION)
      .from(sessions)
      .innerJoin(courses, eq(courses.id, sessions.courseId))
      .where(inArray(sessions.id, [...new Set(lapsed.map((l) => l.sessionId))])),
  ]);
  const person = new Map(people.map(({ id, user }) => [id, user]));
  const session = new Map(facts.map((f) => [f.id, f]));
  return lapsed.flatMap(({ sessionId, userId, offerSeats }) => {
    const user = person.get(userId);
    const facts = session.get(sessionId);
    return user && facts ? [{ userId, seats: offerSeats, user, session: facts }] : [];
  });
}

/** An offer whose mail is going out: who, what, until when. */
export interface OfferToMail {
  id: string;
  /** The account offered the seats (its text messages, issue 53). */
  userId: string;
  seats: number;
  expiresAt: Date;
  user: { name: string; email: string; language: Language };
  session: {
    id: string;
    courseId: string;
    courseName: string;
    /** The course's French and Arabic names ('' when none): the mail names it in the reader's language. */
    courseNameFr: string;
    courseNameAr: string;
    startsAt: Date;
    endsAt: Date;
    schedule: string;
    place: string;
  };
}

/**
 * Sends the mail of one offer not mailed yet, exactly once: the row is claimed with SKIP LOCKED
 * and marked mailed with its end (`now + minutes`) in a transaction that commits only once
 * `send` resolved. A failed send rolls back (the next sweep tries again); a second instance
 * claims another row. Answers false when no offer was waiting for its mail.
 */
export async function mailOneOffer(
  db: Db,
  now: Date,
  minutes: number,
  send: (offer: OfferToMail, tx: DbOrTx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const expiresAt = new Date(now.getTime() + minutes * 60_000);
    const result = (await tx.execute(sql`
      with due as (
        select ${sessionWaitlist.id} as id from ${sessionWaitlist}
        where ${sessionWaitlist.offerSeats} > 0 and not ${sessionWaitlist.offerMailed}
          -- Issue 49: never an offer of a cancelled session (its cancel empties the line too).
          and exists (select 1 from ${sessions} offered where offered.id = ${sessionWaitlist.sessionId} and offered.status = 'open')
        order by ${sessionWaitlist.createdAt}
        limit 1
        for update skip locked
      )
      update ${sessionWaitlist} set offer_mailed = true, offer_expires_at = ${expiresAt.toISOString()}::timestamptz
      from due where ${sessionWaitlist.id} = due.id
      returning ${sessionWaitlist.id} as id
    `)) as unknown as { rows: { id: string }[] };
    const id = result.rows[0]?.id;
    if (!id) return false;
    const [row] = await tx
      .select({ userId: sessionWaitlist.userId, seats: sessionWaitlist.offerSeats, user: MAILED_USER, session: MAILED_SESSION })
      .from(sessionWaitlist)
      .innerJoin(users, eq(users.id, sessionWaitlist.userId))
      .innerJoin(sessions, eq(sessions.id, sessionWaitlist.sessionId))
      .innerJoin(courses, eq(courses.id, sessions.courseId))
      .where(eq(sessionWaitlist.id, id));
    if (!row) return true;
    await send({ id, userId: row.userId, seats: row.seats, expiresAt, user: row.user, session: row.session }, tx);
    return true;
  });
}

/** A customer's waitlists on sessions still open and not ended, soonest first, with position and offer. */
export async function waitlistsOfUser(db: DbOrTx, userId: string, now: Date) {
  const result = (await db.execute(sql`
    select mine.offer_seats, mine.offer_expires_at, s.course_id, c.name as course_name, s.id, s.starts_at, s.ends_at,
      s.schedule, s.place, s.capacity, s.seats_left, s.status,
      s.schedule_fr, s.schedule_ar, s.place_fr, s.place_ar, s.hours, s.trainer, s.meetings,
      (select count(*) from ${sessionWaitlist} ahead
        where ahead.session_id = mine.session_id and (ahead.created_at, ahead.id) <= (mine.created_at, mine.id))::integer as position,
      (select count(*) from ${sessionWaitlist} w where w.session_id = mine.session_id)::integer as waiting
    from ${sessionWaitlist} mine
      join ${sessions} s on s.id = mine.session_id
      join ${courses} c on c.id = s.course_id
    where mine.user_id = ${userId}::uuid and s.status = 'open' and s.ends_at > ${now.toISOString()}::timestamptz
    order by s.starts_at, s.id
  `)) as unknown as {
    rows: {
      offer_seats: number;
      offer_expires_at: Date | string | null;
      course_id: string;
      course_name: string;
      id: string;
      starts_at: Date | string;
      ends_at: Date | string;
      schedule: string;
      place: string;
      capacity: number;
      seats_left: number;
      status: 'open' | 'cancelled';
      schedule_fr: string;
      schedule_ar: string;
      place_fr: string;
      place_ar: string;
      hours: number | string | null;
      trainer: string | null;
      meetings: { startsAt: string; endsAt: string }[] | string;
      position: number;
      waiting: number;
    }[];
  };
  return result.rows.map((r) => ({
    session: {
      id: r.id,
      courseId: r.course_id,
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      schedule: r.schedule,
      place: r.place,
      capacity: Number(r.capacity),
      seatsLeft: Number(r.seats_left),
      status: r.status,
      waiting: Number(r.waiting),
      scheduleFr: r.schedule_fr,
      scheduleAr: r.schedule_ar,
      placeFr: r.place_fr,
      placeAr: r.place_ar,
      hours: r.hours === null ? null : Number(r.hours),
      trainer: r.trainer,
      // node-postgres parses jsonb; PGlite may hand it over as text.
      meetings: (typeof r.meetings === 'string' ? JSON.parse(r.meetings) : r.meetings) as { startsAt: string; endsAt: string }[],
    },
    courseName: r.course_name,
    position: Number(r.position),
    offer:
      Number(r.offer_seats) > 0
        ? {
            seats: Number(r.offer_seats),
            expiresAt: r.offer_expires_at === null ? null : new Date(r.offer_expires_at),
          }
        : null,
  }));
}

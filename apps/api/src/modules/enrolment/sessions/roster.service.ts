import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import {
  errorCodeOf,
  sessionDays,
  type AttendanceBody,
  type RosterRow,
  type SessionDetail,
  type SessionLearnedBody,
  type SessionLearnedResult,
} from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { AppError, badRequest, notFound } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { actorOf, learnOrder } from '../orders/order-states.service.js';
import {
  attendanceOf,
  findSessionWithCourse,
  replaceAttendanceDay,
  rosterOrders,
  type RosterOrder,
} from './roster.repository.js';
import { SESSION_MESSAGES, toSessionJson } from './sessions.service.js';
import type { SessionRow } from './sessions.repository.js';

export const ROSTER_MESSAGES = {
  dayOutside: (first: string, last: string) =>
    first === last
      ? `Date must be the day of the session: ${first} (Tunis time)`
      : `Date must be a day of the session, from ${first} to ${last} (Tunis time)`,
  notALearner: (id: string) => `Not a learner of this session: ${id}`,
  notInSession: 'This order has no seats in this session',
  unavailable: 'The order could not be marked learned just now; try again',
} as const;

async function requireSession(ctx: ServiceContext, id: string) {
  const found = await findSessionWithCourse(ctx.database.db, id);
  if (!found) throw notFound(SESSION_MESSAGES.notFound);
  return found;
}

const daysOf = (session: SessionRow) => sessionDays(session.startsAt, session.endsAt);

/** The session with its course's name: the roster page's header. */
export async function getSessionDetail(ctx: ServiceContext, id: string): Promise<SessionDetail> {
  const { session, courseName } = await requireSession(ctx, id);
  return { ...toSessionJson(session), courseName };
}

async function rosterOf(
  ctx: ServiceContext,
  session: SessionRow,
): Promise<{ days: string[]; orders: RosterOrder[]; present: Set<string>; rows: RosterRow[] }> {
  const { db } = ctx.database;
  const [orders, ticks] = await Promise.all([
    rosterOrders(db, session.id),
    attendanceOf(db, session.id),
  ]);
  const days = daysOf(session);
  const present = new Set(ticks.map((t) => `${t.userId}|${t.day}`));
  const rows = orders.map((o) => ({
    order: o.orderId,
    learner: { _id: o.userId, name: o.name, email: o.email },
    qty: o.qty,
    status: o.status,
    attendance: Object.fromEntries(days.map((day) => [day, present.has(`${o.userId}|${day}`)])),
  }));
  return { days, orders, present, rows };
}

/** `GET /api/sessions/{id}/roster`: one row per order with seats in the session. */
export async function getRoster(ctx: ServiceContext, id: string): Promise<RosterRow[]> {
  const { session } = await requireSession(ctx, id);
  return (await rosterOf(ctx, session)).rows;
}

/**
 * `PUT /api/sessions/{id}/attendance`: the learners present on one day of the session; the
 * day's ticks are replaced. 400 for a day outside the session or someone not in its roster.
 */
export async function saveAttendance(
  ctx: ServiceContext,
  admin: AuthUser,
  id: string,
  body: AttendanceBody,
): Promise<RosterRow[]> {
  const { session } = await requireSession(ctx, id);
  const days = daysOf(session);
  const date = body.date.trim();
  if (!days.includes(date))
    throw badRequest(ROSTER_MESSAGES.dayOutside(days[0] ?? '', days.at(-1) ?? ''));
  const learners = new Set((await rosterOrders(ctx.database.db, id)).map((o) => o.userId));
  const present = [...new Set(body.present)];
  const stranger = present.find((learner) => !learners.has(learner));
  if (stranger !== undefined) throw badRequest(ROSTER_MESSAGES.notALearner(stranger));
  await replaceAttendanceDay(ctx.database.db, id, date, present, admin.id, ctx.clock.now());
  return (await rosterOf(ctx, session)).rows;
}

/** A cell a spreadsheet would run as a formula (= + - @, tab, CR) stays text with a leading '. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * `GET /api/sessions/{id}/attendance.csv`: UTF-8 with a BOM (Excel reads Arabic and French
 * names right), one row per learner (seats summed over their orders, their orders' states), a
 * column per day of the session: 1 present, 0 not ticked; then the days present.
 */
export async function sendAttendanceCsv(
  ctx: ServiceContext,
  id: string,
  res: Response,
): Promise<void> {
  const { session } = await requireSession(ctx, id);
  const { days, orders, present: ticks } = await rosterOf(ctx, session);
  const learners = new Map<
    string,
    { name: string; email: string; seats: number; states: string[] }
  >();
  for (const o of orders) {
    const learner = learners.get(o.userId) ?? {
      name: o.name,
      email: o.email,
      seats: 0,
      states: [],
    };
    learner.seats += o.qty;
    if (!learner.states.includes(o.status)) learner.states.push(o.status);
    learners.set(o.userId, learner);
  }
  const records = [...learners].map(([userId, l]) => {
    const marks = days.map((day) => (ticks.has(`${userId}|${day}`) ? '1' : '0'));
    return [
      asText(l.name),
      asText(l.email),
      String(l.seats),
      l.states.join(' '),
      ...marks,
      String(marks.filter((m) => m === '1').length),
    ];
  });
  const csv = stringify(records, {
    bom: true,
    header: true,
    columns: ['Name', 'E-mail', 'Seats', 'Order state', ...days, 'Days present'],
    record_delimiter: '\r\n',
  });
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="attendance-${days[0] ?? 'session'}.csv"`,
  );
  res.setHeader('Cache-Control', 'private, no-store');
  res.status(200).send(csv);
}

/**
 * `POST /api/sessions/{id}/learned`: marks several orders of the session learned, each through
 * the orders' own `learnOrder` (its own guarded transaction: paid → learned, history line,
 * certificate issued and mailed). One refusal does not undo the others: each order answers
 * `learned`, or `refused` with the single call's status and code (404 unknown or not in the
 * session, 409 not paid or already learned, 409 `SESSION_NOT_OVER` before the session's last day).
 */
export async function markSessionLearned(
  ctx: ServiceContext,
  admin: AuthUser,
  id: string,
  body: SessionLearnedBody,
): Promise<SessionLearnedResult> {
  await requireSession(ctx, id);
  const inSession = new Map(
    (await rosterOrders(ctx.database.db, id)).map((o) => [o.orderId, o.status]),
  );
  const actor = actorOf(admin);
  const results: SessionLearnedResult = [];
  for (const orderId of [...new Set(body.orders)]) {
    if (!inSession.has(orderId)) {
      results.push({
        order: orderId,
        result: 'refused',
        status: null,
        message: ROSTER_MESSAGES.notInSession,
        code: 404,
        reason: errorCodeOf(404, ROSTER_MESSAGES.notInSession),
      });
      continue;
    }
    try {
      const order = await learnOrder(ctx, orderId, actor);
      results.push({
        order: orderId,
        result: 'learned',
        status: order.status,
        message: null,
        code: null,
        reason: null,
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500)
        ctx.logger.error({ err, orderId }, 'marking an order learned failed');
      const known = err instanceof AppError && err.status < 500;
      results.push({
        order: orderId,
        result: 'refused',
        status: inSession.get(orderId) ?? null,
        message: known ? err.message : ROSTER_MESSAGES.unavailable,
        code: known ? err.status : 503,
        // Issue 49: the single call's code, e.g. SESSION_NOT_OVER before the session's last day.
        reason: known ? (err.code ?? errorCodeOf(err.status, err.message)) : 'SERVICE_UNAVAILABLE',
      });
    }
  }
  return results;
}

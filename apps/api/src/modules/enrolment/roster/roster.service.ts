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
  learnerAttendanceOf,
  rosterLearners,
  rosterOrders,
  type RosterLearner,
  type RosterOrder,
} from './roster.repository.js';
import { meetsAttendance } from '../certificates/attendance-rule.js';
import { SESSION_MESSAGES, toSessionJson } from '../sessions/sessions.service.js';
import type { SessionRow } from '../seats/sessions.repository.js';

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

// Issue 51: a session listing its meetings is held on their Tunis days.
const daysOf = (session: SessionRow) => sessionDays(session.startsAt, session.endsAt, session.meetings);

/** The session with its course's name: the roster page's header. */
export async function getSessionDetail(ctx: ServiceContext, id: string): Promise<SessionDetail> {
  const { session, courseName } = await requireSession(ctx, id);
  return { ...toSessionJson(session), courseName };
}

/** Why a learner present on `present` of `held` days gets no certificate (CERTIFICATE_MIN_ATTENDANCE), or null. */
function withheldReason(present: number, held: number, minPercent: number): string | null {
  if (meetsAttendance(present, held, minPercent)) return null;
  return `Present ${present} of ${held} days; a certificate needs ${minPercent} %`;
}

/**
 * The roster (issue 51): per order, one row per named learner (qty 1) then one row for the
 * buyer's unnamed seats, when any; each with the buyer and the company beside.
 */
async function rosterOf(
  ctx: ServiceContext,
  session: SessionRow,
): Promise<{ days: string[]; orders: RosterOrder[]; present: Set<string>; rows: RosterRow[] }> {
  const { db } = ctx.database;
  const [orders, learners, ticks, learnerTicks] = await Promise.all([
    rosterOrders(db, session.id),
    rosterLearners(db, session.id),
    attendanceOf(db, session.id),
    learnerAttendanceOf(db, session.id),
  ]);
  const days = daysOf(session);
  const present = new Set([
    ...ticks.map((t) => `${t.userId}|${t.day}`),
    ...learnerTicks.map((t) => `${t.learnerId}|${t.day}`),
  ]);
  const byOrder = new Map<string, RosterLearner[]>();
  for (const l of learners) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  const minPercent = ctx.config.certificateMinAttendance;
  const rows: RosterRow[] = [];
  for (const o of orders) {
    const buyer = { _id: o.userId, name: o.name, email: o.email };
    const row = (learner: RosterRow['learner'], named: boolean, qty: number): RosterRow => {
      const attendance = Object.fromEntries(days.map((day) => [day, present.has(`${learner._id}|${day}`)]));
      const daysPresent = Object.values(attendance).filter(Boolean).length;
      return {
        order: o.orderId,
        learner,
        named,
        buyer,
        company: o.company,
        certificateWithheld: withheldReason(daysPresent, days.length, minPercent),
        qty,
        status: o.status,
        attendance,
      };
    };
    const named = byOrder.get(o.orderId) ?? [];
    for (const l of named) rows.push(row({ _id: l.id, name: l.name, email: l.email }, true, 1));
    if (o.qty > named.length) rows.push(row(buyer, false, o.qty - named.length));
  }
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
  // Issue 51: the roster's rows are named learners (learner ids) and buyers' unnamed seats (account ids).
  const { rows } = await rosterOf(ctx, session);
  const buyers = new Set(rows.filter((r) => !r.named).map((r) => r.learner._id));
  const named = new Set(rows.filter((r) => r.named).map((r) => r.learner._id));
  const present = [...new Set(body.present.map((p) => p.toLowerCase()))];
  const stranger = present.find((learner) => !buyers.has(learner) && !named.has(learner));
  if (stranger !== undefined) throw badRequest(ROSTER_MESSAGES.notALearner(stranger));
  await replaceAttendanceDay(
    ctx.database.db,
    id,
    date,
    present.filter((p) => buyers.has(p)),
    admin.id,
    ctx.clock.now(),
    present.filter((p) => named.has(p)),
  );
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
  const { days, rows } = await rosterOf(ctx, session);
  // The roster's rows (issue 51): a named learner each, the buyer's unnamed seats summed over their orders.
  const lines = new Map<
    string,
    { name: string; email: string; seats: number; states: string[]; attendance: Record<string, boolean>; buyer: string; company: string }
  >();
  for (const r of rows) {
    const key = r.named ? `learner|${r.learner._id}` : `buyer|${r.learner._id}`;
    const line = lines.get(key) ?? {
      name: r.learner.name,
      email: r.learner.email ?? '',
      seats: 0,
      states: [],
      attendance: r.attendance,
      buyer: r.named ? r.buyer.name : '',
      company: r.company ?? '',
    };
    line.seats += r.qty;
    if (!line.states.includes(r.status)) line.states.push(r.status);
    lines.set(key, line);
  }
  const records = [...lines.values()].map((l) => {
    const marks = days.map((day) => (l.attendance[day] ? '1' : '0'));
    return [
      asText(l.name),
      asText(l.email),
      String(l.seats),
      l.states.join(' '),
      ...marks,
      String(marks.filter((m) => m === '1').length),
      asText(l.buyer),
      asText(l.company),
    ];
  });
  const csv = stringify(records, {
    bom: true,
    header: true,
    columns: ['Name', 'E-mail', 'Seats', 'Order state', ...days, 'Days present', 'Bought by', 'Company'],
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

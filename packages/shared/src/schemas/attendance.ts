import { z } from '../zod.js';
import { ORDER_STATUSES } from '../constants.js';
import { sessionSchema } from './sessions.js';

/**
 * Roster, attendance and "mark learned" of a session (issue 34; docs/product.md#rules, "Sessions"):
 * `GET /api/sessions/{id}/roster`, `PUT /api/sessions/{id}/attendance`,
 * `GET /api/sessions/{id}/attendance.csv`, `POST /api/sessions/{id}/learned`.
 * Attendance days are Tunis calendar days `YYYY-MM-DD` within the session.
 */

const TUNIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Tunis',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Tunis calendar day (`YYYY-MM-DD`) of an instant. */
export function tunisDay(at: Date | string): string {
  return TUNIS_DAY.format(typeof at === 'string' ? new Date(at) : at);
}

/** The most days a roster has columns for (a session longer than that lists its first days). */
export const SESSION_DAYS_MAX = 400;

/**
 * The Tunis calendar days of a session, first to last: from the day it starts to the day of its
 * last instant (a session ending at midnight does not take the next day). Both ends included.
 * With meetings, the distinct Tunis days they start on, in order.
 */
export function sessionDays(
  startsAt: Date | string,
  endsAt: Date | string,
  /** Issue 51: a session that lists its meetings is held on their Tunis days only. */
  meetings?: readonly { startsAt: Date | string }[],
): string[] {
  if (meetings && meetings.length > 0) return [...new Set(meetings.map((m) => tunisDay(m.startsAt)))].sort();
  const first = tunisDay(startsAt);
  const lastInstant = new Date(new Date(endsAt).getTime() - 1);
  const last = tunisDay(lastInstant < new Date(startsAt) ? startsAt : lastInstant);
  const days: string[] = [];
  // Calendar arithmetic on the day itself (UTC noon): no clock change can skip or repeat a day.
  for (
    let day = new Date(`${first}T12:00:00Z`);
    days.length < SESSION_DAYS_MAX;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    const iso = day.toISOString().slice(0, 10);
    days.push(iso);
    if (iso >= last) break;
  }
  return days;
}

/**
 * One row of the roster (issue 51): a named learner (`learner._id` the learner's id, `qty` 1), or
 * the buyer for the order's seats not named (`learner._id` the buyer's account id, `qty` those
 * seats). `attendance`: every day of the session.
 */
export const rosterRowSchema = z.object({
  order: z.string(),
  learner: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }),
  /** Whether the row is a named learner (else the buyer's unnamed seats). */
  named: z.boolean(),
  buyer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** The company the order's invoice is made out to (`invoiceTo.name`), or null. */
  company: z.string().nullable(),
  /**
   * Why this learner would get no certificate now (CERTIFICATE_MIN_ATTENDANCE), e.g.
   * `Present 1 of 3 days; a certificate needs 80 %`; null when the rule is met or off.
   */
  certificateWithheld: z.string().nullable(),
  qty: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  attendance: z.record(z.string(), z.boolean()).meta({
    description:
      'Each day of the session (YYYY-MM-DD, Tunis time): whether the learner was ticked present',
  }),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;
export const rosterSchema = z.array(rosterRowSchema);

/** The roster page's header: the session and its course's name (`GET /api/sessions/{id}`). */
export const sessionDetailSchema = sessionSchema.extend({ courseName: z.string() });
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/** Body of `PUT /api/sessions/{id}/attendance`: the learners present that day (replaces the day's ticks). */
export const attendanceBodySchema = z.object({
  date: z
    .string({ error: 'Date is required' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a day YYYY-MM-DD')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, 'Date must be a real day'),
  present: z
    .array(
      z
        .string({ error: 'Each learner must be a learner id' })
        .max(100, 'Each learner must be a learner id'),
      {
        error: 'Present must be a list of learner ids',
      },
    )
    .max(10_000, 'Present lists at most 10000 learners'),
});
export type AttendanceBody = z.input<typeof attendanceBodySchema>;

/** The most orders one "mark learned" takes. */
export const LEARNED_ORDERS_MAX = 500;

/** Body of `POST /api/sessions/{id}/learned`: the orders to mark learned. */
export const sessionLearnedBodySchema = z.object({
  orders: z
    .array(
      z
        .string({ error: 'Each order must be an order id' })
        .max(100, 'Each order must be an order id'),
      {
        error: 'Orders must be a list of order ids',
      },
    )
    .min(1, 'Choose at least one order')
    .max(LEARNED_ORDERS_MAX, `At most ${LEARNED_ORDERS_MAX} orders at once`),
});
export type SessionLearnedBody = z.input<typeof sessionLearnedBodySchema>;

/**
 * What became of each order of a "mark learned": `learned`, or `refused` with the reason the
 * single `PUT /api/orders/{id}/learn` would give (`code` its status: 404 or 409).
 */
export const sessionLearnedResultSchema = z.array(
  z.object({
    order: z.string(),
    result: z.enum(['learned', 'refused']),
    status: z
      .enum(ORDER_STATUSES)
      .nullable()
      .meta({ description: 'The order’s state afterwards (null: unknown order)' }),
    message: z.string().nullable(),
    code: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'For a refusal: 404 or 409, as the single call would answer' }),
    reason: z.string().nullable().meta({
      description:
        'For a refusal: the `code` the single call would answer (e.g. `SESSION_NOT_OVER` before the session’s last ' +
        'day, `ORDER_STATE` when not paid, `NOT_FOUND`); null when learned',
    }),
  }),
);
export type SessionLearnedResult = z.infer<typeof sessionLearnedResultSchema>;

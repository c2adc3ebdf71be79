import { z } from '../zod.js';

/**
 * Dated sessions of a course (issue 33; docs/product.md#rules, "Sessions"): a course runs on dates, each
 * session with its own seats. Times are ISO instants (stored in UTC, shown in Tunis time).
 */
export const SESSION_STATUSES = ['open', 'full', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_TEXT_MAX = 200;
/** The most seats one session can have (issue 33). */
export const SESSION_CAPACITY_MAX = 10_000;

/** An ISO date-time with a zone (`2027-01-12T17:00:00.000Z` or `...+01:00`). */
const sessionInstant = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(40, `${label} must be an ISO date and time`)
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        !Number.isNaN(Date.parse(v)),
      `${label} must be an ISO date and time with its zone, e.g. 2027-01-12T18:00:00+01:00`,
    );

const sessionText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(SESSION_TEXT_MAX, `${label} must be at most ${SESSION_TEXT_MAX} characters`);

/** A translated schedule or place (issue 54): '' shows the main text. */
const translatedSessionText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(SESSION_TEXT_MAX, `${label} must be at most ${SESSION_TEXT_MAX} characters`);

/** Total training hours of a session (issue 51): 0.5 to 2000. */
export const SESSION_HOURS_MIN = 0.5;
export const SESSION_HOURS_MAX = 2000;
export const SESSION_TRAINER_MAX = 100;
/** The most meetings one session lists (issue 51). */
export const SESSION_MEETINGS_MAX = 200;
export const MEETING_URL_MAX = 500;

/** One meeting of a session (issue 51): when the group actually meets. */
export const meetingSchema = z.object({ startsAt: z.string(), endsAt: z.string() });
export type Meeting = z.infer<typeof meetingSchema>;

const meetingInputSchema = z
  .object(
    { startsAt: sessionInstant('Meeting start'), endsAt: sessionInstant('Meeting end') },
    { error: 'Each meeting is {startsAt, endsAt}' },
  )
  .strict();

/** An online session's link (issue 51): an `https://` address, or null. */
const meetingUrlSchema = z
  .string({ error: 'Meeting link must be an https:// address' })
  .trim()
  .max(MEETING_URL_MAX, `Meeting link must be at most ${MEETING_URL_MAX} characters`)
  // https://, a host (letters, digits, dots, hyphens, an optional port), then any path without spaces.
  .refine(
    (v) => /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?([/?#]\S*)?$/i.test(v),
    'Meeting link must be an https:// address');

/**
 * Why a session's meetings are refused, or null (issue 51): each ends after it starts, all lie
 * within the session's start and end, none overlaps the one before, soonest first.
 */
export function meetingsProblem(
  startsAt: string,
  endsAt: string,
  meetings: readonly { startsAt: string; endsAt: string }[],
): { index: number; message: string } | null {
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  let previousEnd = Number.NEGATIVE_INFINITY;
  let previousStart = Number.NEGATIVE_INFINITY;
  for (const [index, m] of meetings.entries()) {
    const s = Date.parse(m.startsAt);
    const e = Date.parse(m.endsAt);
    if (!(e > s)) return { index, message: `Meeting ${index + 1} must end after it starts` };
    if (s < start || e > end)
      return { index, message: `Meeting ${index + 1} must lie within the session's start and end` };
    if (s < previousStart) return { index, message: 'Meetings must be listed soonest first' };
    if (s < previousEnd) return { index, message: `Meeting ${index + 1} overlaps the one before` };
    previousStart = s;
    previousEnd = e;
  }
  return null;
}

/**
 * Body of the admin `POST /api/courses/{id}/sessions` and `PUT /api/sessions/{id}` (the whole
 * body each time): start and end instants, schedule and place as free text (with their French
 * and Arabic, issue 54), capacity; issue 51: `hours`, `trainer`, `meetingUrl`, `meetings`
 * (absent: none / null).
 */
export const sessionBodySchema = z
  .object({
    startsAt: sessionInstant('Start'),
    endsAt: sessionInstant('End'),
    schedule: sessionText('Schedule'),
    place: sessionText('Place'),
    scheduleFr: translatedSessionText('French schedule').optional(),
    scheduleAr: translatedSessionText('Arabic schedule').optional(),
    placeFr: translatedSessionText('French place').optional(),
    placeAr: translatedSessionText('Arabic place').optional(),
    capacity: z
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(SESSION_CAPACITY_MAX, `Capacity must be at most ${SESSION_CAPACITY_MAX}`),
    hours: z
      .number({ error: 'Hours must be a number' })
      .min(SESSION_HOURS_MIN, `Hours must be from ${SESSION_HOURS_MIN} to ${SESSION_HOURS_MAX}`)
      .max(SESSION_HOURS_MAX, `Hours must be from ${SESSION_HOURS_MIN} to ${SESSION_HOURS_MAX}`)
      .nullable()
      .optional(),
    trainer: z
      .string({ error: 'Trainer must be text' })
      .trim()
      .max(SESSION_TRAINER_MAX, `Trainer must be at most ${SESSION_TRAINER_MAX} characters`)
      .nullable()
      .optional(),
    meetingUrl: meetingUrlSchema.nullable().optional(),
    meetings: z
      .array(meetingInputSchema, { error: 'Meetings must be a list of {startsAt, endsAt}' })
      .max(SESSION_MEETINGS_MAX, `At most ${SESSION_MEETINGS_MAX} meetings`)
      .optional(),
  })
  .refine((b) => Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    message: 'End must be after start',
    path: ['endsAt'],
  })
  .superRefine((b, ctx) => {
    const problem = meetingsProblem(b.startsAt, b.endsAt, b.meetings ?? []);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['meetings', problem.index] });
  });
export type SessionBody = z.input<typeof sessionBodySchema>;

/** A session as the API answers it. `waiting`: how many people wait for a seat. */
export const sessionSchema = z.object({
  _id: z.string(),
  course: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  schedule: z.string(),
  place: z.string(),
  /** The schedule and place in French and Arabic; '' when the session has none (issue 54). */
  scheduleFr: z.string(),
  scheduleAr: z.string(),
  placeFr: z.string(),
  placeAr: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  status: z.enum(SESSION_STATUSES),
  waiting: z.number().int(),
  /** Total training hours (issue 51): as set, else the meetings' summed length, else null. */
  hours: z.number().nullable(),
  trainer: z.string().nullable(),
  /** When the group meets (issue 51), soonest first; [] when the session lists none. */
  meetings: z.array(meetingSchema),
});
export type Session = z.infer<typeof sessionSchema>;

/** A session as the admin's writes and list answer it: with its online meeting link (issue 51). */
export const adminSessionSchema = sessionSchema.extend({
  meetingUrl: z.string().nullable(),
  /** The hours as the admin set them (null: `hours` is the meetings' summed length or unknown). */
  hoursSet: z.number().nullable(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** `nextSession` of each course in `GET /api/courses`: the soonest not ended nor cancelled. */
export const nextSessionSchema = z.object({
  _id: z.string(),
  startsAt: z.string(),
  seatsLeft: z.number().int(),
});
export type NextSession = z.infer<typeof nextSessionSchema>;

/** The session of an order line, as the order answers it (null for a course without sessions). */
export const orderLineSessionSchema = z.object({
  _id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  schedule: z.string(),
  place: z.string(),
  /** Issue 54: the schedule and place in French and Arabic ('' when none). */
  scheduleFr: z.string().optional(),
  scheduleAr: z.string().optional(),
  placeFr: z.string().optional(),
  placeAr: z.string().optional(),
  /** Issue 51. */
  hours: z.number().nullable().optional(),
  trainer: z.string().nullable().optional(),
  meetings: z.array(meetingSchema).optional(),
  /** The online meeting link: only for the buyer, payer and admins once the order is paid. */
  meetingUrl: z.string().nullable().optional(),
});
export type OrderLineSession = z.infer<typeof orderLineSessionSchema>;

/** The `session` an order line asks for (`orderItems[{course, qty, session}]`). */
export const orderItemSessionInputSchema = z
  .string({ error: 'Session must be a session id' })
  .min(1, 'Session must be a session id')
  .max(100, 'Session must be a session id');

/** `code` of the 400 of `POST /api/orders` when a course with open sessions has none chosen. */
export const SESSION_REQUIRED = 'SESSION_REQUIRED' as const;

/** The summed length of meetings in hours (issue 51), or null when there are none. */
export function meetingsHours(meetings: readonly { startsAt: string | Date; endsAt: string | Date }[]): number | null {
  if (meetings.length === 0) return null;
  const ms = meetings.reduce((sum, m) => sum + (new Date(m.endsAt).getTime() - new Date(m.startsAt).getTime()), 0);
  return Math.round((ms / 3_600_000) * 100) / 100;
}

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

/**
 * Body of the admin `POST /api/courses/{id}/sessions` and `PUT /api/sessions/{id}` (the whole
 * body each time): start and end instants, schedule and place as free text, capacity.
 */
export const sessionBodySchema = z
  .object({
    startsAt: sessionInstant('Start'),
    endsAt: sessionInstant('End'),
    schedule: sessionText('Schedule'),
    place: sessionText('Place'),
    capacity: z
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(SESSION_CAPACITY_MAX, `Capacity must be at most ${SESSION_CAPACITY_MAX}`),
  })
  .refine((b) => Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    message: 'End must be after start',
    path: ['endsAt'],
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
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  status: z.enum(SESSION_STATUSES),
  waiting: z.number().int(),
});
export type Session = z.infer<typeof sessionSchema>;

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
});
export type OrderLineSession = z.infer<typeof orderLineSessionSchema>;

/** The `session` an order line asks for (`orderItems[{course, qty, session}]`). */
export const orderItemSessionInputSchema = z
  .string({ error: 'Session must be a session id' })
  .min(1, 'Session must be a session id')
  .max(100, 'Session must be a session id');

/** `code` of the 400 of `POST /api/orders` when a course with open sessions has none chosen. */
export const SESSION_REQUIRED = 'SESSION_REQUIRED' as const;

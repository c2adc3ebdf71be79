import { meetingsHours, MESSAGES, type AdminSession, type Session, type SessionBody } from '@shop/shared';
import type { z } from 'zod';
import type { sessionBodySchema } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { conflict, notFound } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { actorOf, changedFields, recordAuditEvents } from '../../audit/audit.repository.js';
import {
  courseExists,
  findSession,
  insertSession,
  sessionsOfCourse,
  updateSession,
  type SessionFields,
  type SessionRow,
} from '../seats/sessions.repository.js';
import { offerFreedSeats } from '../seats/waitlist.repository.js';

export const SESSION_MESSAGES = {
  notFound: 'Session not found',
  cancelled: 'This session was cancelled',
  belowTaken: (taken: number) =>
    `Capacity cannot be below the ${taken} seat${taken === 1 ? '' : 's'} already taken`,
} as const;

/** 'full' when no seat is left, 'cancelled' once cancelled, else 'open'. `waiting`: how many wait (issue 34), when read. */
export function toSessionJson(row: SessionRow & { waiting?: number }): Session {
  const meetings = row.meetings ?? [];
  return {
    _id: row.id,
    course: row.courseId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    schedule: row.schedule,
    place: row.place,
    scheduleFr: row.scheduleFr,
    scheduleAr: row.scheduleAr,
    placeFr: row.placeFr,
    placeAr: row.placeAr,
    capacity: row.capacity,
    seatsLeft: row.seatsLeft,
    status: row.status === 'cancelled' ? 'cancelled' : row.seatsLeft === 0 ? 'full' : 'open',
    waiting: row.waiting ?? 0,
    hours: effectiveHours(row),
    trainer: row.trainer,
    meetings: meetings.map((m) => ({ startsAt: m.startsAt, endsAt: m.endsAt })),
  };
}

/** Issue 51: the hours set, else the meetings' summed length, else null. */
export function effectiveHours(row: { hours: number | null; meetings: readonly { startsAt: string; endsAt: string }[] | null }): number | null {
  return row.hours ?? meetingsHours(row.meetings ?? []);
}

/** The admin's view: with the meeting link and the hours as set (never in public answers). */
export function toAdminSessionJson(row: SessionRow & { waiting?: number }): AdminSession {
  return { ...toSessionJson(row), meetingUrl: row.meetingUrl, hoursSet: row.hours };
}

type ParsedSessionBody = z.output<typeof sessionBodySchema>;

function fieldsOf(body: ParsedSessionBody | SessionBody): SessionFields {
  return {
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    schedule: body.schedule.trim(),
    place: body.place.trim(),
    scheduleFr: body.scheduleFr?.trim() ?? '',
    scheduleAr: body.scheduleAr?.trim() ?? '',
    placeFr: body.placeFr?.trim() ?? '',
    placeAr: body.placeAr?.trim() ?? '',
    capacity: body.capacity,
    hours: body.hours ?? null,
    trainer: body.trainer?.trim() || null,
    meetingUrl: body.meetingUrl?.trim() || null,
    // Stored as UTC ISO instants, soonest first (the schema refused any other order).
    meetings: (body.meetings ?? []).map((m) => ({
      startsAt: new Date(m.startsAt).toISOString(),
      endsAt: new Date(m.endsAt).toISOString(),
    })),
  };
}

const AUDITED_SESSION_FIELDS = [
  'startsAt',
  'endsAt',
  'schedule',
  'place',
  'capacity',
  'seatsLeft',
  'status',
  'hours',
  'trainer',
  'meetingUrl',
] as const;

export async function createSession(
  ctx: ServiceContext,
  admin: AuthUser,
  courseId: string,
  body: ParsedSessionBody,
): Promise<AdminSession> {
  const row = await ctx.events.transaction(ctx.database.db, async (tx, events) => {
    if (!(await courseExists(tx, courseId))) throw notFound(MESSAGES.courseNotFound);
    const created = await insertSession(tx, courseId, fieldsOf(body));
    await recordAuditEvents(tx, [
      {
        entity: 'session',
        entityId: created.id,
        action: 'created',
        actor: actorOf(admin),
        at: ctx.clock.now(),
        changes: { course: { from: null, to: courseId }, ...changedFields(undefined, created, AUDITED_SESSION_FIELDS) },
      },
    ]);
    events.record({ type: 'courseChanged' });
    return created;
  });
  return toAdminSessionJson(row);
}

/** The whole edit; 409 with the number of seats taken when the capacity is below them. */
export async function editSession(ctx: ServiceContext, admin: AuthUser, id: string, body: ParsedSessionBody): Promise<AdminSession> {
  const { db } = ctx.database;
  const current = await findSession(db, id);
  if (!current) throw notFound(SESSION_MESSAGES.notFound);
  if (current.status === 'cancelled') throw conflict(SESSION_MESSAGES.cancelled);
  const row = await ctx.events.transaction(db, async (tx, events) => {
    const outcome = await updateSession(tx, id, fieldsOf(body));
    if (outcome.kind === 'missing') throw notFound(SESSION_MESSAGES.notFound);
    if (outcome.kind === 'belowTaken') throw conflict(SESSION_MESSAGES.belowTaken(outcome.taken));
    // Issue 34: a raised capacity frees seats like a cancel does: the waitlist is offered them first.
    if (outcome.after.seatsLeft > 0 && (await offerFreedSeats(tx, [id])) > 0) {
      events.record({ type: 'waitlistOffersChanged' });
      outcome.after = (await findSession(tx, id)) ?? outcome.after;
    }
    const changes = changedFields(outcome.before, outcome.after, AUDITED_SESSION_FIELDS);
    if (Object.keys(changes).length > 0)
      await recordAuditEvents(tx, [
        { entity: 'session', entityId: id, action: 'updated', actor: actorOf(admin), at: ctx.clock.now(), changes },
      ]);
    events.record({ type: 'courseChanged' });
    return outcome.after;
  });
  return toAdminSessionJson(row);
}

/** `GET /api/courses/{id}/sessions` (admin, issue 51): every session of the course with its meeting link. */
export async function listCourseSessions(ctx: ServiceContext, courseId: string): Promise<AdminSession[]> {
  const { db } = ctx.database;
  if (!(await courseExists(db, courseId))) throw notFound(MESSAGES.courseNotFound);
  return (await sessionsOfCourse(db, courseId)).map(toAdminSessionJson);
}

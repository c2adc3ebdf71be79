import { meetingsHours, type Session, type WaitlistEntry, type WaitlistPosition } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { AppError, conflict, notFound } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import {
  joinWaitlist,
  leaveWaitlist,
  waitlistsOfUser,
} from '../seats/waitlist.repository.js';

/**
 * The waitlist of a full session (issue 34; docs/decisions/0361-0366): join, leave, the
 * customer's list, and the sweeper that mails new offers and passes lapsed ones on.
 */
export const WAITLIST_MESSAGES = {
  notFound: 'Session not found',
  closed: 'This session is no longer open',
  seatsLeft: 'This session still has seats left: order them instead of waiting',
  alreadyWaiting: 'You are already on the waitlist of this session',
  notWaiting: 'You are not on the waitlist of this session',
} as const;

/** `code` of the 409s of joining, for clients. */
export const WAITLIST_CODES = {
  seatsLeft: 'SEATS_LEFT',
  alreadyWaiting: 'ALREADY_WAITING',
} as const;

export async function joinSessionWaitlist(
  ctx: ServiceContext,
  user: AuthUser,
  sessionId: string,
  seats = 1,
): Promise<WaitlistPosition> {
  const outcome = await joinWaitlist(ctx.database.db, ctx.events, sessionId, user.id, seats, ctx.clock.now());
  switch (outcome.kind) {
    case 'missing':
      throw notFound(WAITLIST_MESSAGES.notFound);
    case 'closed':
      throw conflict(WAITLIST_MESSAGES.closed);
    case 'seatsLeft':
      throw new AppError(409, WAITLIST_MESSAGES.seatsLeft, undefined, WAITLIST_CODES.seatsLeft);
    case 'alreadyWaiting':
      throw new AppError(
        409,
        WAITLIST_MESSAGES.alreadyWaiting,
        undefined,
        WAITLIST_CODES.alreadyWaiting,
      );
    case 'joined':
      return { position: outcome.position };
  }
}

/** Leaves the line; seats offered to the leaver pass on to the next in line (their mail goes out now). */
export async function leaveSessionWaitlist(
  ctx: ServiceContext,
  user: AuthUser,
  sessionId: string,
): Promise<{ message: string }> {
  const outcome = await leaveWaitlist(ctx.database.db, ctx.events, sessionId, user.id);
  if (outcome.kind === 'missing') throw notFound(WAITLIST_MESSAGES.notFound);
  if (outcome.kind === 'notWaiting') throw notFound(WAITLIST_MESSAGES.notWaiting);
  return { message: 'You left the waitlist' };
}

/** The signed-in customer's waitlists (sessions open and not ended), soonest first. */
export async function myWaitlists(ctx: ServiceContext, user: AuthUser): Promise<WaitlistEntry[]> {
  const rows = await waitlistsOfUser(ctx.database.db, user.id, ctx.clock.now());
  return rows.map((r) => {
    const session: Session = {
      _id: r.session.id,
      course: r.session.courseId,
      startsAt: r.session.startsAt.toISOString(),
      endsAt: r.session.endsAt.toISOString(),
      schedule: r.session.schedule,
      place: r.session.place,
      capacity: r.session.capacity,
      seatsLeft: r.session.seatsLeft,
      status: r.session.seatsLeft === 0 ? 'full' : 'open',
      waiting: r.session.waiting,
      scheduleFr: r.session.scheduleFr,
      scheduleAr: r.session.scheduleAr,
      placeFr: r.session.placeFr,
      placeAr: r.session.placeAr,
      hours: r.session.hours ?? meetingsHours(r.session.meetings),
      trainer: r.session.trainer,
      meetings: r.session.meetings,
    };
    return {
      session,
      course: { _id: r.session.courseId, name: r.courseName },
      position: r.position,
      offer: r.offer
        ? { seats: r.offer.seats, expiresAt: r.offer.expiresAt?.toISOString() ?? null }
        : null,
    };
  });
}

import { meetingsHours, type Session, type WaitlistEntry, type WaitlistPosition } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { AppError, conflict, notFound } from '../../../errors.js';
import { startSweeper, type Sweeper } from '../../../lib/sweeper.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { sendInBackground } from '../../mail/mailer.js';
import { queueTextMessages } from '../../messages/text-messages.service.js';
import { waitlistLapsedMail, waitlistOfferMail } from './waitlist-mail.js';
import {
  joinWaitlist,
  lapseDueOffers,
  lapsedOffersToMail,
  leaveWaitlist,
  mailOneOffer,
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
  const outcome = await joinWaitlist(ctx.database.db, sessionId, user.id, seats, ctx.clock.now());
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
      ctx.courses.courseChanged();
      return { position: outcome.position };
  }
}

/** Leaves the line; seats offered to the leaver pass on to the next in line (their mail goes out now). */
export async function leaveSessionWaitlist(
  ctx: ServiceContext,
  user: AuthUser,
  sessionId: string,
): Promise<{ message: string }> {
  const outcome = await leaveWaitlist(ctx.database.db, sessionId, user.id);
  if (outcome.kind === 'missing') throw notFound(WAITLIST_MESSAGES.notFound);
  if (outcome.kind === 'notWaiting') throw notFound(WAITLIST_MESSAGES.notWaiting);
  ctx.courses.courseChanged();
  if (outcome.offerSeats > 0) waitlistOffersChanged(ctx);
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

/** How many lapsed offers one transaction claims. */
export const WAITLIST_LAPSE_BATCH = 50;

/**
 * One sweep: offers that lapsed pass to the next in line (or back on sale) and their people are
 * told, then every offer whose mail has not gone out is mailed (one claimed row per transaction,
 * committed once sent). Answers what it did.
 */
export async function sweepWaitlists(
  ctx: ServiceContext,
): Promise<{ lapsed: number; mailed: number }> {
  const { db } = ctx.database;
  let lapsed = 0;
  for (;;) {
    const rows = await lapseDueOffers(db, ctx.clock.now(), WAITLIST_LAPSE_BATCH);
    lapsed += rows.length;
    if (rows.length > 0) {
      ctx.courses.courseChanged();
      ctx.logger.info({ offers: rows.length }, 'waitlist offers lapsed');
      // Told once: only the instance whose transaction removed the rows mails (after commit).
      for (const lapsedOffer of await lapsedOffersToMail(db, rows))
        sendInBackground(ctx.mailer, ctx.logger, waitlistLapsedMail(lapsedOffer, ctx.config));
    }
    if (rows.length < WAITLIST_LAPSE_BATCH) break;
  }
  let mailed = 0;
  while (
    await mailOneOffer(db, ctx.clock.now(), ctx.config.waitlistOfferMinutes, async (offer, tx) => {
      // Issue 53: by SMS and WhatsApp too, queued with the claim (an offer topped up later is
      // offered again with a new end: a message of its own).
      await queueTextMessages(
        tx,
        ctx.config,
        offer.userId,
        `waitlist_offer:${offer.id}:${offer.expiresAt.toISOString()}`,
        {
          template: 'waitlist_offer',
          course: offer.session.courseName,
          seats: offer.seats,
          until: offer.expiresAt,
          link: { kind: 'course', id: offer.session.courseId },
        },
        ctx.clock.now(),
      );
      await ctx.mailer.send(waitlistOfferMail(offer, ctx.config));
    })
  )
    mailed += 1;
  if (mailed > 0) ctx.logger.info({ offers: mailed }, 'waitlist offers mailed');
  return { lapsed, mailed };
}

const running = new WeakMap<object, Promise<unknown>>();

/**
 * Seats were freed or offered (a cancel, an expiry, a capacity raised, a leave, a placed order
 * with an offer's remainder): mails the new offers now, in the background, rather than at the
 * next sweep. Safe to call from anywhere and any instance: each offer is claimed once.
 */
export function waitlistOffersChanged(ctx: ServiceContext): void {
  const key = ctx.database;
  const previous = running.get(key) ?? Promise.resolve();
  const next = previous
    .then(() => sweepWaitlists(ctx))
    .catch((err: unknown) =>
      ctx.logger.error({ err }, 'waitlist offers failed; the sweeper tries again'),
    );
  running.set(key, next);
}

/** Waits for the background runs of waitlistOffersChanged (tests, shutdown). */
export async function waitlistOffersSettled(ctx: Pick<ServiceContext, 'database'>): Promise<void> {
  await running.get(ctx.database);
}

export const WAITLIST_SWEEP_MS = 30_000;

/** Every 30 s (and at start): lapsed offers pass on, unsent offer mails go out. */
export function startWaitlistSweeper(ctx: ServiceContext, intervalMs = WAITLIST_SWEEP_MS): Sweeper {
  return startSweeper(
    () => sweepWaitlists(ctx),
    (err) => ctx.logger.error({ err }, 'waitlist sweep failed; trying again at the next sweep'),
    intervalMs,
    { runAtStart: true },
  );
}

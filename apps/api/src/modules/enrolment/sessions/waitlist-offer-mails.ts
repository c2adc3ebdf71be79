import type { ServiceContext } from '../../../deps.js';
import type { DomainEventOf } from '../../../events/domain-events.js';
import { startSweeper, type Sweeper } from '../../../lib/sweeper.js';
import { sendInBackground } from '../../mail/mailer.js';
import { queueTextMessages } from '../../messages/text-messages.service.js';
import { waitlistLapsedMail, waitlistOfferMail, waitlistSessionCancelledMail } from './waitlist-mail.js';
import { lapseDueOffers, lapsedOffersToMail, mailOneOffer } from '../seats/waitlist.repository.js';

/*
 * The waitlist's mails (issue 34): each offer mailed once across instances (a claimed row per
 * offer, committed once sent), the sweeper that passes lapsed offers on, and the subscribers
 * app.ts registers for the waitlist's events (issue 50).
 */

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
    // Committed batch by batch: the catalogue and the lapsed people's mails followed (waitlistOffersLapsed).
    const rows = await lapseDueOffers(db, ctx.events, ctx.clock.now(), WAITLIST_LAPSE_BATCH);
    lapsed += rows.length;
    if (rows.length > 0) ctx.logger.info({ offers: rows.length }, 'waitlist offers lapsed');
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

/** Subscriber of `waitlistOffersLapsed`: each person whose offer lapsed unused is told (once: one transaction removed their row). */
export async function mailLapsedOffers(ctx: ServiceContext, { lapsed }: DomainEventOf<'waitlistOffersLapsed'>): Promise<void> {
  for (const lapsedOffer of await lapsedOffersToMail(ctx.database.db, lapsed))
    sendInBackground(ctx.mailer, ctx.logger, waitlistLapsedMail(lapsedOffer, ctx.config));
}

/** Subscriber of `sessionCancelled`: everyone who waited for the session is told it is cancelled. */
export async function mailCancelledSessionWaitlist(ctx: ServiceContext, { waited }: DomainEventOf<'sessionCancelled'>): Promise<void> {
  for (const person of await lapsedOffersToMail(ctx.database.db, waited))
    sendInBackground(ctx.mailer, ctx.logger, waitlistSessionCancelledMail(person, ctx.config));
}

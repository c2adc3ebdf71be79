import type { ServiceContext } from '../../../deps.js';
import { startSweeper, type Sweeper } from '../../../lib/sweeper.js';
import { queueTextMessages } from '../../messages/text-messages.service.js';
import { requireOrder } from '../orders/orders.service.js';
import { sweepLearnerNotices } from '../orders/learner-notices.service.js';
import type { OrderRecord } from '../orders/orders.types.js';
import { linesInSession } from '../sessions/session-mail.js';
import { sessionReminderMail } from './reminder-mail.js';
import {
  claimReminders,
  deletePendingReminders,
  findClaimedReminders,
  insertDueReminders,
  markReminderSent,
  markRemindersSkipped,
  reminderWindows,
  type ClaimedReminder,
  type ReminderDay,
} from '../sessions/reminders.repository.js';

const DAY_MS = 86_400_000;

/** Reminders claimed per statement: a batch is mailed well within its lease even by a slow SMTP server. */
export const REMINDER_BATCH = 10;
/** A claimed reminder is not mailed with less than this left on its lease: the row waits for its next turn. */
const LEASE_MARGIN_MS = 60_000;

type Verdict = 'send' | 'skip' | 'later';

/**
 * Whether a claimed reminder still goes out, decided on what the database says now: not for a
 * cancelled or started session, nor without a paid order of the learner in it (cancelled,
 * refunded, moved), nor once a later reminder of the list is due (one mail, the latest, after an
 * outage); 'later' when the session moved later and the reminder is not due yet.
 */
function verdictOf(reminder: ClaimedReminder, now: Date, windows: readonly ReminderDay[]): Verdict {
  if (
    reminder.sessionStatus !== 'open' ||
    reminder.startsAt.getTime() <= now.getTime() ||
    !reminder.orderId
  )
    return 'skip';
  const smaller = windows.filter((w) => w.days < reminder.days).map((w) => w.days);
  const nextDays = smaller.length > 0 ? Math.max(...smaller) : 0;
  if (reminder.startsAt.getTime() - nextDays * DAY_MS <= now.getTime()) return 'skip';
  if (reminder.startsAt.getTime() - reminder.days * DAY_MS > now.getTime()) return 'later';
  return 'send';
}

/** Queues the reminder's text messages for the buyer (issue 53); the outbox sends them. */
async function queueReminderTexts(ctx: ServiceContext, order: OrderRecord, sessionId: string, days: number): Promise<void> {
  const inSession = linesInSession(order.lines, sessionId, order.userLanguage);
  if (!inSession || !order.userId) return;
  await queueTextMessages(
    ctx.database.db,
    ctx.config,
    order.userId,
    `session_reminder:${sessionId}:${days}`,
    {
      template: 'session_reminder',
      course: inSession.course,
      startsAt: inSession.session.startsAt,
      place: inSession.session.place,
      link: { kind: 'order', id: order.id },
    },
    ctx.clock.now(),
  );
}

export interface ReminderSweep {
  inserted: number;
  sent: number;
  skipped: number;
  failed: number;
}

/**
 * One turn of the reminders (issue 34), safe on every instance at once: (1) the reminders now
 * due are inserted as rows, once per learner, session and day (`on conflict do nothing`); (2)
 * pending rows are claimed in batches with a lease (SKIP LOCKED), each checked again, mailed in
 * the learner's language with the session's `.ics`, then marked sent. A mail that fails stays
 * pending and is tried again when its lease ends; an instance that stops between claim and send
 * leaves the row to whichever instance claims it after the lease (decision 0372).
 */
export async function sweepReminders(ctx: ServiceContext): Promise<ReminderSweep> {
  const { db } = ctx.database;
  const windows = reminderWindows(ctx.config.reminderDays);
  const outcome: ReminderSweep = {
    inserted: await insertDueReminders(db, ctx.clock.now(), windows),
    sent: 0,
    skipped: 0,
    failed: 0,
  };
  for (;;) {
    const now = ctx.clock.now();
    const { ids, until } = await claimReminders(db, now, REMINDER_BATCH);
    if (ids.length === 0) break;
    const claimed = await findClaimedReminders(db, ids);
    const verdicts = claimed.map((r) => ({ reminder: r, verdict: verdictOf(r, now, windows) }));
    const skip = verdicts.filter((v) => v.verdict === 'skip').map((v) => v.reminder.id);
    await markRemindersSkipped(db, skip);
    await deletePendingReminders(
      db,
      verdicts.filter((v) => v.verdict === 'later').map((v) => v.reminder.id),
    );
    outcome.skipped += skip.length;
    for (const { reminder, verdict } of verdicts) {
      if (verdict !== 'send' || !reminder.orderId) continue;
      // Out of lease (a very slow mail server): the rest waits for its lease to end, then any instance takes it.
      if (ctx.clock.now().getTime() > until.getTime() - LEASE_MARGIN_MS) return outcome;
      try {
        const order = await requireOrder(db, reminder.orderId);
        // Issue 53: the same reminder by SMS and WhatsApp to the opted-in buyer, queued once
        // (per session and day) whether or not the mail goes through now.
        await queueReminderTexts(ctx, order, reminder.sessionId, reminder.days);
        const mail = sessionReminderMail(order, reminder.sessionId, reminder.days, ctx.config, now);
        if (!mail) {
          await markRemindersSkipped(db, [reminder.id]);
          outcome.skipped += 1;
          continue;
        }
        await ctx.mailer.send(mail);
        await markReminderSent(db, reminder.id, ctx.clock.now());
        outcome.sent += 1;
      } catch (err) {
        outcome.failed += 1;
        ctx.logger.error(
          { err, reminder: reminder.id },
          'a session reminder could not be sent; tried again once its lease ends',
        );
      }
    }
    if (ids.length < REMINDER_BATCH) break;
  }
  if (outcome.sent > 0 || outcome.skipped > 0) ctx.logger.info(outcome, 'session reminders');
  return outcome;
}

/** Every 60 s (and at start), on every instance: the database decides who mails which reminder. */
export const REMINDER_SWEEP_MS = 60_000;

export function startReminderSweeper(ctx: ServiceContext, intervalMs = REMINDER_SWEEP_MS): Sweeper {
  return startSweeper(
    // Issue 51: the named learners' notices (paid, reminders) in the same turn.
    async () => {
      await sweepReminders(ctx);
      await sweepLearnerNotices(ctx);
    },
    (err) => ctx.logger.error({ err }, 'session reminders failed; trying again at the next sweep'),
    intervalMs,
    { runAtStart: true },
  );
}

import { eq, inArray, sql } from 'drizzle-orm';
import { courseNameIn, type Language } from '@shop/shared';
import { claimDueRows } from '../../../db/claim-due.js';
import { learnerNotices, orderLearners } from '../tables/orders.schema.js';
import type { ServiceContext } from '../../../deps.js';
import type { MailMessage } from '../../mail/mailer.js';
import { orderCalendar } from './calendar.js';
import { orderSessionMail } from './order-session-mail.js';
import { REMINDER_TEXTS } from '../sessions/reminder-texts.js';
import { reminderWindows } from '../sessions/reminders.repository.js';
import { sessionDetails } from '../sessions/session-mail.js';
import { queueLearnerTexts } from '../../messages/text-messages.service.js';
import { requireOrder } from './orders.service.js';
import type { OrderRecord } from './orders.types.js';

const DAY_MS = 86_400_000;
/** How long a claimed notice is this instance's alone; then another instance may take it. */
export const LEARNER_NOTICE_LEASE_MS = 5 * 60_000;
const BATCH = 10;

/** The words of the mail a named learner gets once the order is paid (issue 51), in the buyer's language. */
export const LEARNER_TEXTS: Record<
  Language,
  {
    subject: (course: string) => string;
    intro: (buyer: string, course: string) => string;
    calendar: string;
    seeCourse: string;
    courseLink: (link: string) => string;
  }
> = {
  en: {
    seeCourse: 'See the course',
    courseLink: (link) => `The course: ${link}`,
    subject: (course) => `Your seat in ${course}`,
    intro: (buyer, course) => `${buyer} booked a seat for you in ${course}. Here are the session's details.`,
    calendar: 'The attached calendar file (session.ics) adds the session to your calendar.',
  },
  fr: {
    seeCourse: 'Voir la formation',
    courseLink: (link) => `La formation : ${link}`,
    subject: (course) => `Votre place : ${course}`,
    intro: (buyer, course) => `${buyer} vous a réservé une place en ${course}. Voici les détails de la session.`,
    calendar: 'Le fichier de calendrier joint (session.ics) ajoute la session à votre agenda.',
  },
  ar: {
    seeCourse: 'عرض الدورة',
    courseLink: (link) => `الدورة: ${link}`,
    subject: (course) => `مقعدك في دورة ${course}`,
    intro: (buyer, course) => `حجز لك ${buyer} مقعدًا في دورة ${course}. إليك تفاصيل الدورة.`,
    calendar: 'ملف التقويم المرفق (session.ics) يضيف الدورة إلى تقويمك.',
  },
};

/**
 * Inserts the notices now due to named learners with an e-mail (issue 51), once per learner and
 * event (`on conflict do nothing`, safe on every instance): `paid:{order}` for the learners of a
 * paid order (paid or named in the last 7 days), `reminder:{session}:{days}` in each
 * REMINDER_DAYS window, as the buyers' reminders (session open, not started, order paid by then).
 */
export async function insertDueLearnerNotices(ctx: ServiceContext, now: Date): Promise<number> {
  const { db } = ctx.database;
  const at = now.toISOString();
  const paid = (await db.execute(sql`
    insert into learner_notices (learner_id, event_key, claimed_until)
    select l.id, 'paid:' || o.id, ${at}::timestamptz
    from order_learners l join orders o on o.id = l.order_id
    where o.status = 'paid' and l.email is not null
      and (o.paid_at >= ${at}::timestamptz - interval '7 days' or l.created_at >= ${at}::timestamptz - interval '7 days')
    on conflict (learner_id, event_key) do nothing
    returning id
  `)) as unknown as { rows: unknown[] };
  const windows = reminderWindows(ctx.config.reminderDays);
  if (windows.length === 0) return paid.rows.length;
  const horizon = new Date(now.getTime() + Math.max(...windows.map((w) => w.days)) * DAY_MS).toISOString();
  const values = sql.join(
    windows.map((w) => sql`(${w.days}::int, ${w.nextDays}::int)`),
    sql`, `,
  );
  const reminders = (await db.execute(sql`
    insert into learner_notices (learner_id, event_key, claimed_until)
    select l.id, 'reminder:' || s.id || ':' || d.days, ${at}::timestamptz
    from sessions s
    cross join (values ${values}) as d(days, next_days)
    join order_items oi on oi.session_id = s.id
    join orders o on o.id = oi.order_id
    join order_learners l on l.item_id = oi.id
    where s.status = 'open'
      and s.starts_at > ${at}::timestamptz
      and s.starts_at <= ${horizon}::timestamptz
      and s.starts_at - d.days * interval '24 hours' <= ${at}::timestamptz
      and s.starts_at - d.next_days * interval '24 hours' > ${at}::timestamptz
      and o.status = 'paid'
      and (l.email is not null or l.phone is not null)
      and o.paid_at <= s.starts_at - d.days * interval '24 hours'
    on conflict (learner_id, event_key) do nothing
    returning id
  `)) as unknown as { rows: unknown[] };
  return paid.rows.length + reminders.rows.length;
}

/** The mail of one notice to a learner, or null when it no longer applies (order not paid, session started or gone). */
function learnerMail(
  order: OrderRecord,
  learner: { id: string; name: string; email: string },
  eventKey: string,
  ctx: ServiceContext,
  now: Date,
): MailMessage | null {
  if (order.status !== 'paid') return null;
  const line = order.lines.find((l) => l.learners?.some((x) => x.id === learner.id));
  if (!line) return null;
  const language = order.userLanguage;
  // The learner's own mail: greeted by name, the session of their line, its calendar file.
  const forLearner: OrderRecord = { ...order, userName: learner.name, userEmail: learner.email, lines: [line] };
  const [kind, sessionId, days] = eventKey.split(':');
  const session = line.session ?? null;
  // The learner has no access to the buyer's order: their links lead to the course page (the
  // shop's home when the course was deleted), in the mail and in the calendar file.
  const appUrl = ctx.config.appUrl.replace(/\/$/, '');
  const courseUrl = line.courseId ? `${appUrl}/course/${encodeURIComponent(line.courseId)}` : `${appUrl}/`;
  const learnerWords = LEARNER_TEXTS[language];
  const link = { url: courseUrl, button: learnerWords.seeCourse, textLink: learnerWords.courseLink(courseUrl) };
  const ics = () => orderCalendar(forLearner, ctx.config.appUrl, now, [], courseUrl, language);
  if (kind === 'paid') {
    const words = learnerWords;
    return orderSessionMail(forLearner, ctx.config, {
      link,
      subject: words.subject(courseNameIn(line, language)),
      paragraphs: [
        [words.intro(order.userName, courseNameIn(line, language))],
        ...(session ? [sessionDetails(session, language), [words.calendar]] : []),
      ],
      ics: session ? ics() : null,
    });
  }
  if (kind === 'reminder' && session && session.id === sessionId && session.startsAt > now) {
    const words = REMINDER_TEXTS[language];
    const inDays = words.inDays(Number(days));
    return orderSessionMail(forLearner, ctx.config, {
      link,
      subject: words.subject(courseNameIn(line, language), inDays),
      paragraphs: [[words.intro(courseNameIn(line, language), inDays)], sessionDetails(session, language), [words.calendar]],
      ics: ics(),
    });
  }
  return null;
}

/** Queues the SMS of a learner's session reminder (issues 51, 53), when it still applies; true once queued or already there. */
async function queueLearnerReminderText(
  ctx: ServiceContext,
  order: OrderRecord,
  learner: { learnerId: string; name: string; phone: string | null; eventKey: string },
  now: Date,
): Promise<boolean> {
  const [kind, sessionId, days] = learner.eventKey.split(':');
  if (kind !== 'reminder' || order.status !== 'paid') return false;
  const line = order.lines.find((l) => l.learners?.some((x) => x.id === learner.learnerId));
  const session = line?.session;
  if (!line?.courseId || !session || session.id !== sessionId || session.startsAt <= now) return false;
  await queueLearnerTexts(
    ctx.database.db,
    ctx.config,
    [{ id: learner.learnerId, name: learner.name, phone: learner.phone }],
    order.userLanguage,
    `session_reminder:${session.id}:${days}`,
    { template: 'session_reminder', course: courseNameIn(line, order.userLanguage), startsAt: session.startsAt, place: session.place, link: { kind: 'course', id: line.courseId } },
    now,
  );
  return true;
}

export interface LearnerNoticeSweep {
  inserted: number;
  sent: number;
  skipped: number;
  failed: number;
}

/**
 * One turn of the learners' notices (issue 51), safe on every instance at once: due rows
 * inserted once per learner and event, then claimed in batches with a lease (FOR UPDATE SKIP
 * LOCKED), checked again (a learner renamed away has no row any more: cascade), mailed, marked
 * sent. A failed mail stays pending and is tried again when its lease ends.
 */
export async function sweepLearnerNotices(ctx: ServiceContext): Promise<LearnerNoticeSweep> {
  const { db } = ctx.database;
  const outcome: LearnerNoticeSweep = { inserted: await insertDueLearnerNotices(ctx, ctx.clock.now()), sent: 0, skipped: 0, failed: 0 };
  for (;;) {
    const now = ctx.clock.now();
    const until = new Date(now.getTime() + LEARNER_NOTICE_LEASE_MS);
    const ids = await claimDueRows(
      db,
      { table: learnerNotices, id: learnerNotices.id, status: learnerNotices.status, dueAt: learnerNotices.claimedUntil },
      now,
      BATCH,
      sql`claimed_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1`,
    );
    if (ids.length === 0) break;
    const claimed = await db
      .select({
        id: learnerNotices.id,
        eventKey: learnerNotices.eventKey,
        learnerId: orderLearners.id,
        orderId: orderLearners.orderId,
        name: orderLearners.name,
        email: orderLearners.email,
        phone: orderLearners.phone,
      })
      .from(learnerNotices)
      .innerJoin(orderLearners, eq(orderLearners.id, learnerNotices.learnerId))
      .where(inArray(learnerNotices.id, ids));
    for (const notice of claimed) {
      try {
        const order = await requireOrder(db, notice.orderId);
        const mail = notice.email
          ? learnerMail(order, { id: notice.learnerId, name: notice.name, email: notice.email }, notice.eventKey, ctx, now)
          : null;
        if (mail) await ctx.mailer.send(mail);
        // Issue 53: a reminder also goes by SMS to a learner with a phone (the outbox sends it, once).
        const texted = notice.phone ? await queueLearnerReminderText(ctx, order, notice, now) : false;
        await db
          .update(learnerNotices)
          .set(mail || texted ? { status: 'sent', sentAt: ctx.clock.now() } : { status: 'skipped' })
          .where(eq(learnerNotices.id, notice.id));
        if (mail || texted) outcome.sent += 1;
        else outcome.skipped += 1;
      } catch (err) {
        outcome.failed += 1;
        ctx.logger.error({ err, notice: notice.id }, 'a learner notice could not be sent; tried again once its lease ends');
      }
    }
    if (ids.length < BATCH) break;
  }
  if (outcome.sent > 0 || outcome.skipped > 0) ctx.logger.info(outcome, 'learner notices');
  return outcome;
}

/** Runs a sweep after the answer went out (a payment, a rename): errors are logged, the sweeper retries. */
export function learnerNoticesNow(ctx: ServiceContext): void {
  sweepLearnerNotices(ctx).catch((err: unknown) => ctx.logger.error({ err }, 'learner notices failed; the sweeper tries again'));
}



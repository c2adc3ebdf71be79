import type { Language } from '@shop/shared';
import type { ServiceContext } from '../../deps.js';
import { startSweeper, type Sweeper } from '../../lib/sweeper.js';
import { escapeHtml } from '../mail/mail.templates.js';
import { htmlLangAttributes, MAIL_LOCALES } from '../mail/mail.texts.js';
import { tunisTime } from '../mail/tunis-time.js';
import type { MailMessage } from '../mail/mailer.js';
import { money } from '../enrolment/orders/invoice.js';
import { orderLink, transferReference } from '../enrolment/orders/order-mails.js';
import {
  claimNotices,
  digestFacts,
  findNotices,
  insertDueNotices,
  markNotice,
  proofFacts,
  refundFacts,
  sessionFacts,
  staffLanguage,
  type ClaimedNotice,
} from './staff-notices.repository.js';
import { STAFF_TEXTS } from './staff-notices.texts.js';

/** The morning digest goes out from this hour of the Tunis day on (once per day). */
export const DIGEST_HOUR = 7;
const BATCH = 10;
const LEASE_MARGIN_MS = 60_000;

const TUNIS_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Tunis',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Tunis calendar day (YYYY-MM-DD) and hour of an instant. */
export function tunisDayAndHour(at: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(TUNIS_PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: `${parts['year']}-${parts['month']}-${parts['day']}`, hour: Number(parts['hour']) };
}

/** The instants a Tunis day starts and ends (Tunisia keeps UTC+1 all year). */
function tunisDayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+01:00`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

function tunisDayTitle(day: string, language: Language): string {
  return new Intl.DateTimeFormat(MAIL_LOCALES[language], { timeZone: 'Africa/Tunis', dateStyle: 'full' }).format(
    new Date(`${day}T12:00:00+01:00`),
  );
}

function tunisHourMinute(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(MAIL_LOCALES[language], {
    timeZone: 'Africa/Tunis',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

type Block = string[];

function staffMail(to: string, language: Language, subject: string, blocks: Block[], action: { label: string; link: string }): MailMessage {
  const texts = STAFF_TEXTS[language];
  const all: Block[] = [[texts.hello], ...blocks];
  const text = [...all.map((b) => b.join('\n')), `${action.label}: ${action.link}`].join('\n\n');
  const html = `<!doctype html>
<html ${htmlLangAttributes(language)}><body style="font-family:sans-serif;line-height:1.5">
${all.map((b) => `<p>${b.map(escapeHtml).join('<br>')}</p>`).join('\n')}
<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
</body></html>`;
  return { to, subject, text, html, link: action.link };
}

/** The mail a claimed notice sends now, or null when what it tells is over (the proof checked, the refund made). */
async function noticeMail(ctx: ServiceContext, notice: ClaimedNotice, to: string, language: Language): Promise<MailMessage | null> {
  const { db } = ctx.database;
  const t = STAFF_TEXTS[language];
  const appUrl = ctx.config.appUrl;
  switch (notice.kind) {
    case 'proof': {
      const facts = await proofFacts(db, notice.key.split('@')[0] ?? '');
      if (!facts?.waiting) return null;
      const ref = transferReference(facts.orderId);
      return staffMail(to, language, t.proofSubject(ref), [[t.proofIntro(ref, `${facts.buyer} <${facts.email}>`, money(facts.total))]], {
        label: t.openOrder,
        link: orderLink(appUrl, facts.orderId),
      });
    }
    case 'refund': {
      const facts = await refundFacts(db, notice.key);
      if (!facts?.due) return null;
      const ref = transferReference(facts.orderId);
      return staffMail(
        to,
        language,
        t.refundSubject(ref),
        [[t.refundIntro(ref, `${facts.buyer} <${facts.email}>`, money(facts.amount), facts.provider)]],
        { label: t.openOrder, link: orderLink(appUrl, facts.orderId) },
      );
    }
    case 'sessionFull': {
      const facts = await sessionFacts(db, notice.key);
      if (!facts?.open) return null;
      return staffMail(
        to,
        language,
        t.sessionFullSubject(facts.course),
        [[t.sessionFullIntro(facts.course, tunisTime(facts.startsAt, language), facts.place, facts.capacity)]],
        { label: t.openSession, link: `${appUrl}/admin/session/${facts.id}` },
      );
    }
    case 'digest': {
      const { start, end } = tunisDayBounds(notice.key);
      const facts = await digestFacts(db, start, end, ctx.clock.now());
      const blocks: Block[] = [
        facts.sessions.length === 0
          ? [t.noSessions]
          : [
              t.digestSessions(facts.sessions.length),
              ...facts.sessions.map((s) =>
                t.sessionLine(s.course, tunisHourMinute(s.startsAt, language), s.place, s.capacity - s.seatsLeft, s.capacity),
              ),
            ],
      ];
      if (facts.proofs.length > 0)
        blocks.push([t.digestProofs(facts.proofs.length), ...facts.proofs.map((p) => t.orderLine(transferReference(p.orderId), p.buyer, money(p.total)))]);
      if (facts.refunds.length > 0)
        blocks.push([t.digestRefunds(facts.refunds.length), ...facts.refunds.map((r) => t.orderLine(transferReference(r.orderId), r.buyer, money(r.amount)))]);
      if (facts.onSite.length > 0)
        blocks.push([
          t.digestOnSite(facts.onSite.length),
          ...facts.onSite.map((o) => t.holdLine(transferReference(o.orderId), o.buyer, money(o.total), tunisTime(o.holdExpiresAt, language))),
        ]);
      if (facts.proofs.length + facts.refunds.length + facts.onSite.length === 0) blocks.push([t.nothingWaits]);
      return staffMail(to, language, t.digestSubject(tunisDayTitle(notice.key, language)), blocks, {
        label: t.openDashboard,
        link: `${appUrl}/admin`,
      });
    }
  }
}

export interface StaffNoticeSweep {
  inserted: number;
  sent: number;
  skipped: number;
  failed: number;
}

/**
 * One turn of the staff notices (issue 54), safe on every instance at once: the events now to
 * tell are inserted as rows once each (`on conflict do nothing`: a receipt per upload, a refund,
 * a full session, the digest of the Tunis day from DIGEST_HOUR on), then claimed in batches with
 * a lease (SKIP LOCKED), mailed to SHOP_STAFF_EMAIL and marked sent. A failed mail is tried
 * again when its lease ends. Nothing happens without SHOP_STAFF_EMAIL.
 */
export async function sweepStaffNotices(ctx: ServiceContext): Promise<StaffNoticeSweep> {
  const outcome: StaffNoticeSweep = { inserted: 0, sent: 0, skipped: 0, failed: 0 };
  const to = ctx.config.staffEmail;
  if (!to) return outcome;
  const { db } = ctx.database;
  const { day, hour } = tunisDayAndHour(ctx.clock.now());
  outcome.inserted = await insertDueNotices(db, ctx.clock.now(), hour >= DIGEST_HOUR ? day : null);
  let language: Language | undefined;
  for (;;) {
    const { ids, until } = await claimNotices(db, ctx.clock.now(), BATCH);
    if (ids.length === 0) break;
    language ??= await staffLanguage(db, to);
    for (const notice of await findNotices(db, ids)) {
      if (ctx.clock.now().getTime() > until.getTime() - LEASE_MARGIN_MS) return outcome;
      try {
        const mail = await noticeMail(ctx, notice, to, language);
        if (!mail) {
          await markNotice(db, notice.id, 'skipped', ctx.clock.now());
          outcome.skipped += 1;
          continue;
        }
        await ctx.mailer.send(mail);
        await markNotice(db, notice.id, 'sent', ctx.clock.now());
        outcome.sent += 1;
      } catch (err) {
        outcome.failed += 1;
        ctx.logger.error({ err, notice: notice.id }, 'a staff notice could not be sent; tried again once its lease ends');
      }
    }
    if (ids.length < BATCH) break;
  }
  if (outcome.sent > 0 || outcome.skipped > 0) ctx.logger.info(outcome, 'staff notices');
  return outcome;
}

/** Every 60 s (and at start) on every instance; writes also nudge it at once (staffNoticeNudge). */
export const STAFF_NOTICE_SWEEP_MS = 60_000;

export function startStaffNoticeSweeper(ctx: ServiceContext, intervalMs = STAFF_NOTICE_SWEEP_MS): Sweeper {
  return startSweeper(
    () => sweepStaffNotices(ctx),
    (err) => ctx.logger.error({ err }, 'staff notices failed; trying again at the next sweep'),
    intervalMs,
    { runAtStart: true },
  );
}

/**
 * What a write calls once it answered: a sweep of the staff notices on this instance right away
 * (one at a time; writes during a sweep ask for one more after it), so the staff hear of a
 * receipt, a refund due or a full session within moments rather than at the next tick. A no-op
 * without SHOP_STAFF_EMAIL.
 */
export function staffNoticeNudge(ctx: ServiceContext): () => void {
  if (!ctx.config.staffEmail) return () => undefined;
  let running = false;
  let again = false;
  const run = (): void => {
    running = true;
    again = false;
    sweepStaffNotices(ctx)
      .catch((err: unknown) => ctx.logger.error({ err }, 'staff notices failed; trying again at the next sweep'))
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return () => {
    if (running) again = true;
    else run();
  };
}

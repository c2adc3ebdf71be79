import type { Config } from '../../config.js';
import {
  escapeHtml,
  htmlLangAttributes,
  MAIL_TEXTS,
  type MailMessage,
} from '../mail/mail.service.js';
import { orderLink, tunisTime } from '../orders/order-mails.service.js';
import type { OrderRecord } from '../orders/orders.types.js';
import { orderCalendar } from './calendar.js';
import { MOVE_TEXTS } from './move-texts.js';

/** The session the learner left, as the mail and the calendar name it. */
export interface LeftSession {
  id: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * "Your session has changed" (issue 34, decision 0399), in the buyer's language: the course,
 * the new start and end in Tunis time, schedule and place, the start of the session left, a
 * link to the order, and a `session.ics` with the new session (same UID as the other mails'
 * for that session) and the old one CANCELLED under its old UID, so importing it moves the
 * event in the learner's calendar. Null when the order has no line in `toId` (nothing to tell).
 */
export function sessionMovedMail(
  order: OrderRecord,
  toId: string,
  left: LeftSession,
  config: Pick<Config, 'appUrl' | 'shop'>,
  now: Date,
): MailMessage | null {
  const lines = order.lines.filter((l) => l.session?.id === toId);
  const session = lines[0]?.session;
  if (!session) return null;
  const language = order.userLanguage;
  const texts = MAIL_TEXTS[language];
  const words = MOVE_TEXTS[language];
  const course = lines[0]?.name ?? '';
  const link = orderLink(config.appUrl, order.id);
  const signature = config.shop.legalName || texts.signature;
  const paragraphs = [
    [texts.hello(order.userName)],
    [words.intro(course)],
    [
      words.starts(tunisTime(session.startsAt, language)),
      words.ends(tunisTime(session.endsAt, language)),
      words.schedule(session.schedule),
      words.place(session.place),
    ],
    [words.before(tunisTime(left.startsAt, language))],
    [words.calendar],
  ];
  const text = [
    ...paragraphs.map((p) => p.join('\n')),
    texts.order.yourOrder(link),
    signature,
  ].join('\n\n');
  const html = `<!doctype html>
<html ${htmlLangAttributes(language)}><body style="font-family:sans-serif;line-height:1.5">
${paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(texts.order.seeOrder)}</a></p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  const ics = orderCalendar({ ...order, lines }, config.appUrl, now, [{ ...left, course }]);
  return {
    to: order.userEmail,
    subject: words.subject(course),
    text,
    html,
    link,
    ...(ics
      ? {
          attachments: [
            {
              filename: 'session.ics',
              content: Buffer.from(ics, 'utf8'),
              contentType: 'text/calendar; charset=utf-8',
            },
          ],
        }
      : {}),
  };
}

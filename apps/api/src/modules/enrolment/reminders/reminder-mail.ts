import type { Config } from '../../../config.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { OrderRecord } from '../orders/orders.types.js';
import { orderCalendar } from '../orders/calendar.js';
import { REMINDER_TEXTS } from '../sessions/reminder-texts.js';
import { orderSessionMail } from '../orders/order-session-mail.js';
import { linesInSession, sessionDetails } from '../sessions/session-mail.js';

/**
 * The reminder `days` before a session starts (issue 34), in the buyer's language: the course,
 * the start and end in Tunis time, the schedule and the place, a link to the order, and the
 * session's `.ics` attached (the same event UID as the "payment received" mail's, so importing it
 * again updates the event). Issue 51: reminders go to paid orders only, so the online link is in
 * the details. Null when the order has no line in the session.
 */
export function sessionReminderMail(
  order: OrderRecord,
  sessionId: string,
  days: number,
  config: Pick<Config, 'appUrl' | 'shop'>,
  now: Date,
): MailMessage | null {
  const inSession = linesInSession(order.lines, sessionId, order.userLanguage);
  if (!inSession) return null;
  const { lines, session, course } = inSession;
  const language = order.userLanguage;
  const words = REMINDER_TEXTS[language];
  const inDays = words.inDays(days);
  return orderSessionMail(order, config, {
    subject: words.subject(course, inDays),
    paragraphs: [[words.intro(course, inDays)], sessionDetails(session, language, { meetingUrl: session.meetingUrl ?? null }), [words.calendar]],
    ics: orderCalendar({ ...order, lines }, config.appUrl, now),
  });
}

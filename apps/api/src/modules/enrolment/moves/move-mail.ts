import type { Config } from '../../../config.js';
import { tunisTime } from '../../mail/tunis-time.js';
import { sendInBackground, type MailMessage } from '../../mail/mailer.js';
import type { ServiceContext } from '../../../deps.js';
import type { DomainEventOf } from '../../../events/domain-events.js';
import { findOrderById } from '../orders/orders.repository.js';
import type { OrderRecord } from '../orders/orders.types.js';
import { orderCalendar } from '../orders/calendar.js';
import { MOVE_TEXTS } from './move-texts.js';
import { orderSessionMail } from '../orders/order-session-mail.js';
import { linesInSession, sessionDetails } from '../sessions/session-mail.js';

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
  const moved = linesInSession(order.lines, toId, order.userLanguage);
  if (!moved) return null;
  const { lines, session, course } = moved;
  const language = order.userLanguage;
  const words = MOVE_TEXTS[language];
  return orderSessionMail(order, config, {
    subject: words.subject(course),
    paragraphs: [
      [words.intro(course)],
      sessionDetails(session, language),
      [words.before(tunisTime(left.startsAt, language))],
      [words.calendar],
    ],
    ics: orderCalendar({ ...order, lines }, config.appUrl, now, [{ ...left, course }]),
  });
}

/** Subscriber of `learnerMoved` (app.ts): the moved learner's mail, once the move committed. */
export async function mailLearnerMoved(ctx: ServiceContext, event: DomainEventOf<'learnerMoved'>): Promise<void> {
  const order = await findOrderById(ctx.database.db, event.orderId);
  if (!order) return;
  const from = { id: event.from.id, startsAt: new Date(event.from.startsAt), endsAt: new Date(event.from.endsAt) };
  const mail = sessionMovedMail(order, event.toSessionId, from, ctx.config, new Date(event.at));
  if (mail) sendInBackground(ctx.mailer, ctx.logger, mail);
}

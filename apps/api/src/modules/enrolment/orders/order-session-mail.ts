import type { Config } from '../../../config.js';
import { MAIL_TEXTS } from '../../mail/mail.texts.js';
import { type MailMessage } from '../../mail/mailer.js';
import { orderLink } from './order-mails.js';
import type { OrderRecord } from './orders.types.js';
import { calendarAttachment, sessionMailBody } from '../sessions/session-mail.js';

/**
 * A mail to the buyer about a session of their order (the move and the reminder), in the order's
 * language: hello, `paragraphs`, a button and a line to the order, the shop's signature, and the
 * calendar file attached.
 */
export function orderSessionMail(
  order: OrderRecord,
  config: Pick<Config, 'appUrl' | 'shop'>,
  content: { subject: string; paragraphs: string[][]; ics: string | null },
): MailMessage {
  const texts = MAIL_TEXTS[order.userLanguage];
  const link = orderLink(config.appUrl, order.id);
  const body = sessionMailBody({
    language: order.userLanguage,
    paragraphs: [[texts.hello(order.userName)], ...content.paragraphs],
    link,
    button: texts.order.seeOrder,
    textLink: texts.order.yourOrder(link),
    signature: config.shop.legalName || texts.signature,
  });
  return { to: order.userEmail, subject: content.subject, ...body, link, ...calendarAttachment(content.ics) };
}

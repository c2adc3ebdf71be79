import { courseNameIn, sessionPlaceText } from '@shop/shared';
import { shopHoursIn, type Config } from '../../../config.js';
import { escapeHtml } from '../../mail/mail.templates.js';
import { htmlLangAttributes, MAIL_TEXTS } from '../../mail/mail.texts.js';
import { tunisTime } from '../../mail/tunis-time.js';
import { type MailMessage } from '../../mail/mailer.js';
import { orderCalendar } from './calendar.js';
import { sessionDetails } from '../sessions/session-mail.js';
import { money } from './invoice.js';
import type { OrderRecord, RefundRecord } from './orders.repository.js';
import { orderTaxLines } from './order-tax.js';

type MailConfig = Pick<Config, 'appUrl' | 'shop'> & Partial<Pick<Config, 'transfer'>>;


export const orderLink = (appUrl: string, id: string) => `${appUrl}/order/${id}`;

/**
 * Issue 51: the order as its payer's mails see it: addressed to the adult who accepted to pay a
 * child's order, in their language; the order itself unchanged. Without a payer, the order.
 */
export function addressedToPayer(order: OrderRecord): OrderRecord {
  const { payer } = order;
  return payer ? { ...order, userName: payer.name, userEmail: payer.email, userLanguage: payer.language } : order;
}

/** The mails of an event everyone concerned hears of: the buyer's, and the payer's when one accepted (issue 51). */
export function toBuyerAndPayer(order: OrderRecord, mail: (order: OrderRecord) => MailMessage): MailMessage[] {
  return order.payer ? [mail(order), mail(addressedToPayer(order))] : [mail(order)];
}

/** A paragraph of the mail: plain lines, each escaped in the HTML version. */
type Block = string[];

/** The mail's words in the buyer's language. */
const wordsOf = (order: OrderRecord) => MAIL_TEXTS[order.userLanguage].order;

function compose(order: OrderRecord, config: MailConfig, subject: string, blocks: Block[]): MailMessage {
  const language = order.userLanguage;
  const texts = MAIL_TEXTS[language];
  const words = texts.order;
  const link = orderLink(config.appUrl, order.id);
  // Issue 54: in Arabic the course name is isolated (it may be Latin) and the sums read left to
  // right, so "name: 1 x 90.00 TND = 90.00 TND" is not reordered by the mail reader's bidi.
  const rtl = language === 'ar';
  const name = (text: string) => (rtl ? `\u2068${text}\u2069` : text);
  const sum = (text: string) => (rtl ? `\u2066${text}\u2069` : text);
  // Issue 54: each course as it was sold, in the reader's language.
  const lines = order.lines.map(
    (l) => `${name(courseNameIn(l, language))}: ${sum(`${l.qty} x ${money(l.price)} = ${money(l.qty * l.price)}`)}`,
  );
  const taxLines = orderTaxLines(order);
  const amount = (value: number) => sum(money(value));
  const amounts = [
    `${words.items}: ${amount(order.itemsPrice)}`,
    // Issue 37: the discount on its own line.
    ...(order.discountPrice ? [`${words.discount(order.couponCode ?? '')}: ${amount(-order.discountPrice)}`] : []),
    `${words.shipping}: ${amount(order.shippingPrice)}`,
    // Issue 52: one line per rate when the order has several, and the stamp duty on its own line.
    ...(taxLines.length > 1
      ? taxLines.map((line) => `${words.taxAt(String(line.rate))}: ${amount(line.amount)}`)
      : [`${words.tax}: ${amount(order.taxPrice)}`]),
    ...(order.stampDuty ? [`${words.stampDuty}: ${amount(order.stampDuty)}`] : []),
    `${words.total}: ${amount(order.totalPrice)}`,
  ];
  const signature = config.shop.legalName || texts.signature;
  const all: Block[] = [[texts.hello(order.userName)], ...blocks, [words.orderLine(order.id), ...lines], amounts];
  const text = [...all.map((b) => b.join('\n')), words.yourOrder(link), signature].join('\n\n');
  const paragraph = (b: Block) => `<p>${b.map(escapeHtml).join('<br>')}</p>`;
  const html = `<!doctype html>
<html ${htmlLangAttributes(language)}><body style="font-family:sans-serif;line-height:1.5">
${all.map(paragraph).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.seeOrder)}</a></p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { to: order.userEmail, subject, text, html, link };
}

/** Where and when to pay on site, leaving out what the shop has not configured. */
function payOnSite(order: OrderRecord, config: MailConfig): Block {
  const { legalName, address } = config.shop;
  const hours = shopHoursIn(config.shop, order.userLanguage);
  const words = wordsOf(order);
  // Issue 54: the centre is where to pay; a dated course may take place elsewhere (Sousse).
  const places = [...new Set(order.lines.flatMap((l) => (l.session ? [sessionPlaceText(l.session, order.userLanguage)] : [])))];
  return [
    words.payOnSite,
    ...(legalName ? [words.where(`${legalName}${address ? `, ${address}` : ''}`)] : address ? [words.where(address)] : []),
    ...(hours ? [words.hours(hours)] : []),
    ...(places.length > 0 ? [words.coursePlace(places.join(' · '))] : []),
    words.amountToPay(money(order.totalPrice)),
  ];
}

/** The reference a Transfer is sent with: the order number as the mails and the admin search know it. */
export const transferReference = (orderId: string) => orderId.slice(0, 8);

/** Where to send a Transfer (bank account, D17 number) and how to send the proof (issue 36). */
function payByTransfer(order: OrderRecord, config: MailConfig): Block {
  const words = MAIL_TEXTS[order.userLanguage].transfer;
  const { bankAccount = '', d17Number = '' } = config.transfer ?? {};
  return [
    words.howToPay,
    ...(bankAccount ? [words.bankAccount(bankAccount)] : []),
    ...(d17Number ? [words.d17Number(d17Number)] : []),
    words.reference(transferReference(order.id)),
    wordsOf(order).amountToPay(money(order.totalPrice)),
    words.uploadProof,
  ];
}

/**
 * The admin refused the proof of a Transfer order: why, and that another may be sent while the
 * seats are held, with until when (the hold the rejection put back, decision 0408) when it runs.
 */
export function proofRejectedMail(order: OrderRecord, config: MailConfig, reason: string, now: Date): MailMessage {
  const words = MAIL_TEXTS[order.userLanguage].transfer;
  const held =
    order.status === 'pending' && order.holdExpiresAt && order.holdExpiresAt > now
      ? [wordsOf(order).heldUntil(tunisTime(order.holdExpiresAt, order.userLanguage))]
      : [];
  return compose(order, config, words.rejectedSubject(order.id.slice(0, 8)), [
    [words.rejectedIntro, words.reason(reason), words.uploadAgain, ...held],
  ]);
}

export function orderPlacedMail(order: OrderRecord, config: MailConfig): MailMessage {
  const words = wordsOf(order);
  const hold = order.holdExpiresAt ? [words.heldUntil(tunisTime(order.holdExpiresAt, order.userLanguage))] : [];
  const payment =
    order.paymentMethod === 'In Place'
      ? payOnSite(order, config)
      : order.paymentMethod === 'Transfer'
        ? payByTransfer(order, config)
        : [words.payByCard];
  return compose(order, config, words.placedSubject(order.id.slice(0, 8)), [
    [words.placedIntro],
    payment,
    hold,
  ].filter((b) => b.length > 0));
}

/** The order's sessions as a calendar file (issue 33), for the "payment received" mail. */
function calendarAttachment(order: OrderRecord, config: MailConfig): NonNullable<MailMessage['attachments']> {
  const ics = orderCalendar(order, config.appUrl, order.paidAt ?? new Date());
  return ics ? [{ filename: 'sessions.ics', content: Buffer.from(ics, 'utf8'), contentType: 'text/calendar; charset=utf-8' }] : [];
}

export function orderPaidMail(order: OrderRecord, config: MailConfig): MailMessage {
  const words = wordsOf(order);
  const attachments = calendarAttachment(order, config);
  // Issue 51: each session of the order with its details, the online link included (the order is paid).
  const sessions = order.lines.flatMap((line) =>
    line.session ? [[courseNameIn(line, order.userLanguage), ...sessionDetails(line.session, order.userLanguage, { meetingUrl: line.session.meetingUrl ?? null })]] : [],
  );
  const mail = compose(order, config, words.paidSubject(order.id.slice(0, 8)), [
    [
      words.paidIntro(money(order.totalPrice)),
      ...(order.invoiceNumber ? [words.invoice(order.invoiceNumber)] : []),
    ],
    ...sessions,
  ]);
  return attachments.length > 0 ? { ...mail, attachments } : mail;
}

/** The refund the cancel of a paid order owes (the newest such refund still due), if any. */
const cancelRefundOf = (order: OrderRecord): RefundRecord | undefined =>
  order.refunds.findLast((r) => r.reason === 'cancelled' && r.status === 'due');

/** A cancel; when the order was paid, the money is owed back (never "refunded" before it is). */
export function orderCancelledMail(order: OrderRecord, config: MailConfig): MailMessage {
  const words = wordsOf(order);
  const owed = cancelRefundOf(order);
  const refund = owed ? [words.refundDue(money(owed.amount))] : [];
  const reason = order.cancelReason ? [words.cancelledReason(order.cancelReason)] : [];
  return compose(order, config, words.cancelledSubject(order.id.slice(0, 8)), [[words.cancelledIntro, ...reason, ...refund]]);
}

/** The centre cancelled a session of the order (issue 33): the order is cancelled, a paid one refunded. */
export function sessionCancelledMail(
  order: OrderRecord,
  config: MailConfig,
  session: { course: string; startsAt: Date },
): MailMessage {
  const words = wordsOf(order);
  const owed = cancelRefundOf(order);
  const refund = owed ? [words.refundDue(money(owed.amount))] : [];
  const start = tunisTime(session.startsAt, order.userLanguage);
  return compose(order, config, words.cancelledSubject(order.id.slice(0, 8)), [
    [words.sessionCancelled(session.course, start), ...refund],
  ]);
}

/**
 * Money reached an order that could not take it (cancelled, expired with its seats gone, or paid
 * already: issue 49): `refund` is the one recorded for it.
 */
export function paymentToRefundMail(order: OrderRecord, config: MailConfig, refund: RefundRecord): MailMessage {
  const words = wordsOf(order);
  const amount = money(refund.amount);
  const received =
    refund.reason === 'paidTwice'
      ? words.receivedTwice(amount)
      : order.status === 'expired'
        ? words.receivedExpired(amount)
        : words.receivedCancelled(amount);
  return compose(order, config, words.receivedSubject(order.id.slice(0, 8)), [[received, words.willBeRefunded]]);
}

/** A refund recorded as made (`refund`), with the credit note that cancels the invoice. */
export function orderRefundedMail(order: OrderRecord, config: MailConfig, refund: RefundRecord): MailMessage {
  const words = wordsOf(order);
  return compose(order, config, words.refundedSubject(order.id.slice(0, 8)), [
    [
      refund.reason === 'paidTwice' ? words.refundedTwiceIntro(money(refund.amount)) : words.refundedIntro(money(refund.amount)),
      ...(refund.creditNoteNumber ? [words.creditNote(refund.creditNoteNumber)] : []),
    ],
  ]);
}

export function orderExpiredMail(order: OrderRecord, config: MailConfig): MailMessage {
  const words = wordsOf(order);
  const until = order.holdExpiresAt ? words.expiredOn(tunisTime(order.holdExpiresAt, order.userLanguage)) : '';
  return compose(order, config, words.expiredSubject(order.id.slice(0, 8)), [
    [words.expiredIntro(until), words.orderAgain],
  ]);
}

/** The link a child's request to pay opens (issue 51): the order page, with the token in the query. */
export const payerLink = (appUrl: string, orderId: string, token: string) => `${appUrl}/order/${orderId}?payer=${token}`;

/**
 * Issue 51: the mail to the adult a child asked to pay its order, in the child's language: the
 * child's name, the courses (with their sessions' start), the total and the link.
 */
export function payerRequestMail(order: OrderRecord, config: MailConfig, to: string, link: string): MailMessage {
  const language = order.userLanguage;
  const texts = MAIL_TEXTS[language];
  const words = texts.payerRequest;
  const courses = order.lines.flatMap((l) => [
    `${courseNameIn(l, language)}: ${l.qty} x ${money(l.price)}`,
    ...(l.session ? [`  ${words.session(tunisTime(l.session.startsAt, language))}`] : []),
  ]);
  const blocks: Block[] = [[words.greeting], [words.intro(order.userName)], courses, [words.total(money(order.totalPrice))]];
  const signature = config.shop.legalName || texts.signature;
  const text = [...blocks.map((b) => b.join('\n')), link, words.outro, signature].join('\n\n');
  const paragraph = (b: Block) => `<p>${b.map(escapeHtml).join('<br>')}</p>`;
  const html = `<!doctype html>
<html ${htmlLangAttributes(language)}><body style="font-family:sans-serif;line-height:1.5">
${blocks.map(paragraph).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.action)}</a></p>
<p>${escapeHtml(texts.buttonFallback)}<br>${escapeHtml(link)}</p>
<p>${escapeHtml(words.outro)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { to, subject: words.subject(order.userName), text, html, link };
}

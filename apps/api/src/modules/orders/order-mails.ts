import { formatAmount } from '@shop/shared';
import type { Config } from '../../config.js';
import { escapeHtml } from '../mail/mail.templates.js';
import type { MailMessage } from '../mail/mailer.js';
import type { OrderRecord } from './orders.repository.js';

type MailConfig = Pick<Config, 'appUrl' | 'shop'>;

/** Mails and invoices state the real currency; SPEC §9's "$" is a label of the order screens. */
export const money = (amount: number) => `${formatAmount(amount)} TND`;

/** "Friday 15 May 2026 at 14:30 (Tunis time)": the centre's own clock, whatever the server's. */
export function tunisTime(at: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Tunis',
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(at);
  return `${formatted} (Tunis time)`;
}

export const orderLink = (appUrl: string, id: string) => `${appUrl}/order/${id}`;

/** A paragraph of the mail: plain lines, each escaped in the HTML version. */
type Block = string[];

function compose(order: OrderRecord, config: MailConfig, subject: string, blocks: Block[]): MailMessage {
  const link = orderLink(config.appUrl, order.id);
  const lines = order.lines.map((l) => `${l.name}: ${l.qty} x ${money(l.price)} = ${money(l.qty * l.price)}`);
  const amounts = [
    `Items: ${money(order.itemsPrice)}`,
    `Shipping: ${money(order.shippingPrice)}`,
    `Tax: ${money(order.taxPrice)}`,
    `Total: ${money(order.totalPrice)}`,
  ];
  const signature = config.shop.legalName || 'Course Shop';
  const all: Block[] = [[`Hello ${order.userName},`], ...blocks, [`Order ${order.id}`, ...lines], amounts];
  const text = [...all.map((b) => b.join('\n')), `Your order: ${link}`, signature].join('\n\n');
  const paragraph = (b: Block) => `<p>${b.map(escapeHtml).join('<br>')}</p>`;
  const html = `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5">
${all.map(paragraph).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">See your order</a></p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { to: order.userEmail, subject, text, html, link };
}

/** Where and when to pay on site, leaving out what the shop has not configured. */
function payOnSite(order: OrderRecord, config: MailConfig): Block {
  const { legalName, address, hours } = config.shop;
  return [
    'How to pay: at the centre, in cash or by card, quoting your order number.',
    ...(legalName ? [`Where: ${legalName}${address ? `, ${address}` : ''}`] : address ? [`Where: ${address}`] : []),
    ...(hours ? [`Opening hours: ${hours}`] : []),
    `Amount to pay: ${money(order.totalPrice)}`,
  ];
}

export function orderPlacedMail(order: OrderRecord, config: MailConfig): MailMessage {
  const hold = order.holdExpiresAt
    ? [`Your seats are held until ${tunisTime(order.holdExpiresAt)}. Unpaid by then, the order expires and the seats go back on sale.`]
    : [];
  const payment =
    order.paymentMethod === 'In Place'
      ? payOnSite(order, config)
      : ['You chose to pay by card. We will e-mail you as soon as the payment is received.'];
  return compose(order, config, `Your order ${order.id.slice(0, 8)} is placed`, [
    ['Thank you for your order. Here is what you ordered.'],
    payment,
    hold,
  ].filter((b) => b.length > 0));
}

export function orderPaidMail(order: OrderRecord, config: MailConfig): MailMessage {
  return compose(order, config, `Payment received for order ${order.id.slice(0, 8)}`, [
    [
      `We received your payment of ${money(order.totalPrice)}. Your seats are yours.`,
      ...(order.invoiceNumber ? [`Invoice number: ${order.invoiceNumber} (download it from your order page).`] : []),
    ],
  ]);
}

export function orderCancelledMail(order: OrderRecord, config: MailConfig): MailMessage {
  const refund = order.refundedAt ? [`The ${money(order.totalPrice)} you paid is refunded.`] : [];
  return compose(order, config, `Your order ${order.id.slice(0, 8)} is cancelled`, [
    ['Your order is cancelled and its seats went back on sale.', ...refund],
  ]);
}

export function orderExpiredMail(order: OrderRecord, config: MailConfig): MailMessage {
  const until = order.holdExpiresAt ? ` on ${tunisTime(order.holdExpiresAt)}` : '';
  return compose(order, config, `Your order ${order.id.slice(0, 8)} has expired`, [
    [
      `Your order was not paid in time: its seat hold ended${until}, so the seats went back on sale.`,
      'You are welcome to order again.',
    ],
  ]);
}

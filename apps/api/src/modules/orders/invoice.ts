import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { ShopIdentity } from '../../config.js';
import { money } from './order-mails.js';
import type { OrderRecord } from './orders.repository.js';

const require = createRequire(import.meta.url);
/**
 * DejaVu Sans (npm dejavu-fonts-ttf) covers Latin with French accents and Arabic, and pdfkit
 * (through fontkit) shapes Arabic letters and lays an Arabic run right to left. A single text
 * mixing Arabic and Latin words is not reordered (no bidi pass): each value is drawn alone.
 */
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const PAYMENT_LABELS: Record<string, string> = { Card: 'Card', 'In Place': 'Paid on site' };

/** "15/05/2026": the payment's date in Tunis. */
const TUNIS_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'short' });
const tunisDate = (at: Date) => TUNIS_DATE.format(at);

const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { course: LEFT, qty: 330, price: 380, amount: 460 };

/** The invoice of a paid order as a PDF (A4), in memory: a few kilobytes. */
export function renderInvoice(order: OrderRecord, shop: ShopIdentity): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `Invoice ${order.invoiceNumber ?? ''}`, Author: shop.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);

  doc.font('bold').fontSize(16).text(shop.legalName);
  doc.font('regular').fontSize(10).text(shop.address).text(`Tax ID: ${shop.taxId}`);

  doc.moveDown(1.5).font('bold').fontSize(20).text('INVOICE');
  doc.font('regular').fontSize(10);
  const facts: [string, string][] = [
    ['Invoice number', order.invoiceNumber ?? ''],
    ['Date', order.paidAt ? tunisDate(order.paidAt) : ''],
    ['Order', order.id],
    ['Payment method', PAYMENT_LABELS[order.paymentMethod] ?? order.paymentMethod],
  ];
  for (const [label, value] of facts) labelled(doc, label, value);

  doc.moveDown().font('bold').text('Billed to', LEFT);
  doc.font('regular');
  for (const line of [
    order.userName,
    order.userEmail,
    order.address,
    `${order.postalCode} ${order.city}`,
    order.country,
  ]) {
    doc.text(line, LEFT);
  }

  doc.moveDown(1.5);
  row(doc, 'bold', ['Course', 'Qty', 'Unit price', 'Amount']);
  rule(doc);
  for (const line of order.lines) {
    row(doc, 'regular', [line.name, String(line.qty), money(line.price), money(line.qty * line.price)]);
  }
  rule(doc);
  for (const [label, amount, font] of [
    ['Items', order.itemsPrice, 'regular'],
    ['Shipping', order.shippingPrice, 'regular'],
    ['Tax (15%)', order.taxPrice, 'regular'],
    ['Total', order.totalPrice, 'bold'],
  ] as const) {
    const y = doc.y;
    doc.font(font).text(label, COLUMNS.price, y, { width: 80 });
    doc.text(money(amount), COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
  }
  doc.end();
  return done;
}

function labelled(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  doc.font('regular').text(`${label}:`, LEFT, y, { width: 110 });
  doc.text(value, LEFT + 115, y);
}

function row(doc: PDFKit.PDFDocument, font: 'regular' | 'bold', [course, qty, price, amount]: string[]): void {
  const y = doc.y;
  doc.font(font);
  doc.text(course ?? '', COLUMNS.course, y, { width: COLUMNS.qty - COLUMNS.course - 10 });
  const bottom = doc.y;
  doc.text(qty ?? '', COLUMNS.qty, y, { width: 40, align: 'right' });
  doc.text(price ?? '', COLUMNS.price, y, { width: 75, align: 'right' });
  doc.text(amount ?? '', COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
  doc.y = Math.max(bottom, doc.y) + 4;
}

function rule(doc: PDFKit.PDFDocument): void {
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).stroke();
  doc.y += 6;
}

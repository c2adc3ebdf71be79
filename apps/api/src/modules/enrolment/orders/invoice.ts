import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { courseNameIn, formatAmount, formatMatricule, fromCents, isLanguage, TAX_PERCENT, toCents, type InvoiceTo, type Language, type TaxLine } from '@shop/shared';
import type { ShopIdentity } from '../../../config.js';
import { registerPdfFonts } from '../../../lib/pdf-fonts.js';
import { DOCUMENT_TEXTS, type DocumentTexts } from './document-texts.js';
import type { OrderRecord } from './orders.repository.js';
import { lineTaxRate, orderTaxLines, readInvoiceTo } from './order-tax.js';

/** Mails and invoices state the real currency; the "$" of the order screens is only a label (docs/product.md#rules, "Prices"). */
export const money = (amount: number) => `${formatAmount(amount)} TND`;

/*
 * DejaVu Sans (lib/pdf-fonts) covers Latin with French accents and Arabic. A single text mixing
 * Arabic and Latin words is not reordered by pdfkit (no bidi pass): each value is drawn alone,
 * and an Arabic document mirrors its layout (labels on the right, values to their left).
 */

/**
 * The invoice as issued (issue 31), kept in `orders.invoice` by the transaction that marks the
 * order paid: every later download draws this, whatever the buyer or the shop settings become.
 */
export interface InvoiceSnapshot {
  version: 1;
  number: string;
  /** ISO instant of the payment: the invoice's date. */
  issuedAt: string;
  orderId: string;
  /** The buyer's language at payment: the invoice's and its credit note's language. */
  language: Language;
  paymentMethod: string;
  seller: { legalName: string; address: string; taxId: string };
  buyer: { name: string; email: string; address: string; city: string; postalCode: string; country: string };
  /**
   * The company (matricule fiscal) or person (CIN) the invoice is made out to, when given at
   * checkout; `kind` absent in snapshots kept before issue 52 (a company).
   */
  company: (Omit<InvoiceTo, 'kind'> & { kind?: InvoiceTo['kind'] }) | null;
  /**
   * `taxRate`: the line's rate in percent (issue 52); absent in snapshots kept before (15).
   * `name`: the course in the invoice's language (issue 54; the main name in snapshots kept before).
   */
  lines: { name: string; qty: number; price: number; amount: number; taxRate?: number }[];
  itemsPrice: number;
  /** What the promo code took off the items, and the code (issue 37); absent in snapshots kept before. */
  discountPrice?: number;
  couponCode?: string | null;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  /** The shop's rate at payment (before issue 52 the only one). */
  taxPercent: number;
  /**
   * Tax per rate as charged (issue 52): `[{rate, base, amount}]`, lowest rate first; absent in
   * snapshots kept before (read with {@link invoiceTaxLines}).
   */
  taxLines?: TaxLine[];
  /** The stamp duty included in `totalPrice` (issue 52); absent in snapshots kept before: 0. */
  stampDuty?: number;
}

/** An invoice's tax per rate: as issued, or one line at `taxPercent` for a snapshot kept before issue 52. */
export const invoiceTaxLines = (invoice: InvoiceSnapshot): TaxLine[] =>
  invoice.taxLines && invoice.taxLines.length > 0
    ? invoice.taxLines
    : orderTaxLines({ itemsPrice: invoice.itemsPrice, discountPrice: invoice.discountPrice, taxPrice: invoice.taxPrice }).map((l) => ({
        ...l,
        rate: invoice.taxPercent,
      }));

/** The shop identity an invoice needs; incomplete (production without the settings) gives none. */
export function invoiceSeller(shop: ShopIdentity): InvoiceSnapshot['seller'] | null {
  if (!shop.legalName || !shop.address || !shop.taxId) return null;
  return { legalName: shop.legalName, address: shop.address, taxId: shop.taxId };
}

/** The invoice of an order from its data now: what is kept at payment (and the fallback for orders paid before). */
export function buildInvoiceSnapshot(
  order: OrderRecord,
  seller: InvoiceSnapshot['seller'],
  number: string,
  issuedAt: Date,
): InvoiceSnapshot {
  // Issue 51: a child's order paid by an adult is invoiced to that adult, in their language.
  const language = order.payer?.language ?? order.userLanguage;
  return {
    version: 1,
    number,
    issuedAt: issuedAt.toISOString(),
    orderId: order.id,
    language,
    paymentMethod: order.paymentMethod,
    seller,
    buyer: {
      name: order.payer?.name ?? order.userName,
      email: order.payer?.email ?? order.userEmail,
      address: order.address,
      city: order.city,
      postalCode: order.postalCode,
      country: order.country,
    },
    company: readInvoiceTo(order.invoiceTo),
    lines: order.lines.map((l) => ({
      // Issue 54: the course as the line was sold, in the invoice's language (fixed with it).
      name: courseNameIn(l, language),
      qty: l.qty,
      price: l.price,
      amount: fromCents(toCents(l.price) * l.qty),
      taxRate: lineTaxRate(l),
    })),
    itemsPrice: order.itemsPrice,
    discountPrice: order.discountPrice ?? 0,
    couponCode: order.couponCode ?? null,
    shippingPrice: order.shippingPrice,
    taxPrice: order.taxPrice,
    totalPrice: order.totalPrice,
    taxPercent: TAX_PERCENT,
    taxLines: orderTaxLines(order),
    stampDuty: order.stampDuty ?? 0,
  };
}

/** A stored snapshot as written by this version (anything else is treated as none). */
export function readInvoiceSnapshot(value: unknown): InvoiceSnapshot | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<InvoiceSnapshot>;
  if (v.version !== 1 || typeof v.number !== 'string' || !Array.isArray(v.lines) || !v.seller || !v.buyer) return null;
  return { ...(v as InvoiceSnapshot), language: isLanguage(v.language) ? v.language : 'en' };
}

/** What a credit note adds to the invoice it cancels. */
export interface CreditNote {
  number: string;
  /** When the refund was recorded as done. */
  doneAt: Date;
  amount: number;
  /** The invoice it cancels; null for money that reached an order never invoiced. */
  invoiceNumber: string | null;
  /** The payment provider's reference, when there is one. */
  paymentReference: string | null;
  /** The unique reference El Fatoora gave it (issue 52), once recorded. */
  ttnReference?: string | null;
}

/**
 * The mention of a copy of an e-invoice registered with Tunisie TradeNet (issue 52), in French
 * as the law words it, whatever the document's language.
 */
export const ttnCopyMention = (reference: string) =>
  `Copie de la facture électronique enregistrée auprès de Tunisie TradeNet sous la référence unique n° ${reference}`;

/** "15/05/2026": a date in Tunis. */
const TUNIS_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'short' });
export const tunisDate = (at: Date | string) => TUNIS_DATE.format(new Date(at));

export const LEFT = 50;
export const RIGHT = 545;
const COLUMNS = { course: LEFT, qty: 330, price: 380, amount: 460 };
const LABEL_WIDTH = 160;

type Align = 'left' | 'right';

const ARABIC = /[\u0600-\u06FF]/;
/**
 * pdfkit drops the last space of a right-to-left run ("رقم الفاتورة" comes out with its two
 * words joined); a trailing space, drawn at the run's visual end, keeps every space.
 */
const withArabicSpaces = (text: string) => (ARABIC.test(text) && text.includes(' ') ? `${text} ` : text);
type Font = 'regular' | 'bold';

/** A piece of an Arabic page's text, in drawing order (right to left); `hug`: no space before it. */
interface Piece {
  text: string;
  hug: boolean;
}

const STRONG_LTR = /[A-Za-z0-9\u00C0-\u024F]/;
/** Whether the first letter of `text` (Latin or Arabic; digits and signs are neutral) is Arabic. */
const firstStrongIsArabic = (text: string) => ARABIC.test(/[A-Za-z\u00C0-\u024F\u0600-\u06FF]/.exec(text)?.[0] ?? '');
/** Punctuation that ends a word and, in an Arabic line, belongs on the word's left. */
const TRAILING = /[:،؛.,!?؟]+$/;

/**
 * Issue 54: the visual order of an Arabic page's text, laid out by hand. pdfkit has no bidi
 * pass: a colon ending a two-word label landed between the words ("رقم: الفاتورة") and a number
 * before an Arabic word was glued to it ("المنزه6"). The words are drawn one by one from the
 * right: Arabic words (and neutral ones) in their logical order, a run of Latin words or numbers
 * kept left to right inside (as an isolate, FSI…PDI, would keep it), and a word's closing
 * punctuation on its left.
 */
export function rightToLeftPieces(text: string): Piece[] {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const pieces: Piece[] = [];
  let latin: Piece[] = [];
  const flush = () => {
    pieces.push(...latin.reverse());
    latin = [];
  };
  for (const word of words) {
    const end = TRAILING.exec(word)?.[0] ?? '';
    const core = end ? word.slice(0, -end.length) : word;
    if (core && !ARABIC.test(core) && STRONG_LTR.test(core)) {
      latin.push({ text: core, hug: false });
      if (end) {
        flush();
        pieces.push({ text: end, hug: true });
      }
      continue;
    }
    flush();
    if (core) pieces.push({ text: core, hug: false });
    if (end) pieces.push({ text: end, hug: core.length > 0 });
  }
  flush();
  return pieces;
}

/**
 * A page written left to right, or mirrored for Arabic: every box `x..x+width` is drawn at
 * its mirror image and left/right alignment swap.
 */
export class Page {
  readonly doc: PDFKit.PDFDocument;
  constructor(
    readonly t: DocumentTexts,
    readonly rtl: boolean,
    title: string,
    author: string,
  ) {
    this.doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: title, Author: author } });
    registerPdfFonts(this.doc);
  }

  /** One text in the box `x..x+width` (page coordinates of the left-to-right layout). */
  put(text: string, x: number, y: number, width: number, align: Align = 'left', font: Font = 'regular', size = 10): void {
    const mirroredX = this.rtl ? LEFT + RIGHT - x - width : x;
    const mirroredAlign: Align = this.rtl ? (align === 'left' ? 'right' : 'left') : align;
    this.doc.font(font).fontSize(size);
    // A text whose first letter is Arabic reads right to left on any page (an Arabic course name
    // on a French invoice too), as Unicode's bidi rule sets a paragraph's direction.
    if ((this.rtl || firstStrongIsArabic(text)) && ARABIC.test(text) && this.putRightToLeft(text, mirroredX, y, width, mirroredAlign))
      return;
    this.doc.text(withArabicSpaces(text), mirroredX, y, { width, align: mirroredAlign });
  }

  /** Draws an Arabic line word by word from the right (rightToLeftPieces); false when it does not fit on one line. */
  private putRightToLeft(text: string, x: number, y: number, width: number, align: Align): boolean {
    const pieces = rightToLeftPieces(text);
    const space = this.doc.widthOfString(' ');
    const widths = pieces.map((p) => this.doc.widthOfString(p.text));
    const total = widths.reduce((sum, w, i) => sum + w + (i > 0 && !pieces[i]?.hug ? space : 0), 0);
    if (total > width) return false;
    let right = align === 'right' ? x + width : x + total;
    pieces.forEach((piece, i) => {
      if (i > 0 && !piece.hug) {
        // A real space between the words: text read back (copy, search, screen readers) keeps them apart.
        this.doc.text(' ', right - space, y, { lineBreak: false });
        right -= space;
      }
      const w = widths[i] ?? 0;
      this.doc.text(piece.text, right - w, y, { lineBreak: false });
      right -= w;
    });
    this.doc.x = x;
    this.doc.y = y + this.doc.currentLineHeight(true);
    return true;
  }

  /** A full-width line of text. */
  line(text: string, font: Font = 'regular', size = 10): void {
    this.put(text, LEFT, this.doc.y, RIGHT - LEFT, 'left', font, size);
  }

  gap(lines = 1): void {
    this.doc.font('regular').fontSize(10).moveDown(lines);
  }

  /** "Label: value": in Latin languages one text, in Arabic the label and its value apart. */
  labelled(label: string, value: string, font: Font = 'regular'): void {
    const y = this.doc.y;
    this.put(`${label}:`, LEFT, y, LABEL_WIDTH - 5, 'left', font);
    const bottom = this.doc.y;
    this.put(value, LEFT + LABEL_WIDTH, y, RIGHT - LEFT - LABEL_WIDTH, 'left', font);
    this.doc.y = Math.max(bottom, this.doc.y);
  }

  /** A further value under the previous labelled line's, without a label (a list, one item a line). */
  continued(value: string, font: Font = 'regular'): void {
    this.put(value, LEFT + LABEL_WIDTH, this.doc.y, RIGHT - LEFT - LABEL_WIDTH, 'left', font);
  }

  row(font: Font, [course, qty, price, amount]: string[]): void {
    const y = this.doc.y;
    this.put(course ?? '', COLUMNS.course, y, COLUMNS.qty - COLUMNS.course - 10, 'left', font);
    const bottom = this.doc.y;
    this.put(qty ?? '', COLUMNS.qty, y, 40, 'right', font);
    this.put(price ?? '', COLUMNS.price, y, 75, 'right', font);
    this.put(amount ?? '', COLUMNS.amount, y, RIGHT - COLUMNS.amount, 'right', font);
    this.doc.y = Math.max(bottom, this.doc.y) + 4;
  }

  /** A total under the amount column, its label under the price column. */
  total(label: string, amount: number, font: Font = 'regular'): void {
    const y = this.doc.y;
    this.put(label, COLUMNS.price - 60, y, 140, 'left', font);
    this.put(money(amount), COLUMNS.amount, y, RIGHT - COLUMNS.amount, 'right', font);
  }

  /** The table of the courses bought: course, quantity, unit price, amount, between two rules. */
  courseLines(lines: InvoiceSnapshot['lines']): void {
    this.gap(1.5);
    this.row('bold', [this.t.course, this.t.qty, this.t.unitPrice, this.t.amount]);
    this.rule();
    for (const line of lines) this.row('regular', [line.name, String(line.qty), money(line.price), money(line.amount)]);
    this.rule();
  }

  rule(): void {
    this.doc.moveTo(LEFT, this.doc.y).lineTo(RIGHT, this.doc.y).lineWidth(0.5).stroke();
    this.doc.y += 6;
  }

  /** The seller's header: name, address, tax id. */
  seller(seller: InvoiceSnapshot['seller']): void {
    this.line(seller.legalName, 'bold', 16);
    this.line(seller.address);
    if (this.rtl) this.labelled(this.t.taxId, seller.taxId);
    else this.line(`${this.t.taxId}: ${seller.taxId}`);
  }

  /** Who the invoice is made out to: the company with its matricule fiscal, or the buyer. */
  billedTo(invoice: InvoiceSnapshot): void {
    this.gap();
    this.line(this.t.billedTo, 'bold');
    const { buyer, company } = invoice;
    if (company) {
      this.line(company.name);
      // Issue 52: a person is identified by their CIN, a company by its matricule fiscal.
      const person = company.kind === 'person';
      const label = person ? this.t.personTaxId : this.t.companyTaxId;
      // A matricule printed as it is written (`1234567/A/A/M/000`); stored normalised.
      const taxId = person ? company.taxId : formatMatricule(company.taxId);
      if (this.rtl) this.labelled(label, taxId);
      else this.line(`${label}: ${taxId}`);
    } else {
      this.line(buyer.name);
    }
    for (const text of [buyer.email, buyer.address, `${buyer.postalCode} ${buyer.city}`, buyer.country]) this.line(text);
  }

  /**
   * The mention of the copy registered with TTN: the sentence, then the reference on a line of
   * its own (pdfkit would break a reference such as `TTN-AVOIR-1` at its hyphens).
   */
  ttnMention(reference: string): void {
    const sentence = ttnCopyMention(reference).slice(0, -reference.length).trimEnd();
    this.put(sentence, LEFT, this.doc.y, RIGHT - LEFT, 'left', 'regular', 9);
    this.put(reference, LEFT, this.doc.y, RIGHT - LEFT, 'left', 'bold', 9);
  }

  finish(): Promise<Buffer> {
    return collect(this.end());
  }

  /** The document, ended, as the stream of its bytes (pdfkit's document is a Readable). */
  end(): Readable {
    this.doc.end();
    return this.doc;
  }
}

/**
 * A document in the invoice's language, opened alike for the invoice and the credit note: the
 * seller's header, then the document's title (`titleOf` picks it from the texts) and number.
 */
function openDocument(invoice: InvoiceSnapshot, titleOf: (t: DocumentTexts) => string, number: string): Page {
  const t = DOCUMENT_TEXTS[invoice.language];
  const page = new Page(t, invoice.language === 'ar', `${titleOf(t)} ${number}`, invoice.seller.legalName);
  page.seller(invoice.seller);
  page.gap(1.5);
  page.line(titleOf(t), 'bold', 20);
  return page;
}

/**
 * The tax of each rate (issue 52: "Tax (19%)", and its base when the invoice has several rates)
 * and the stamp duty on its own line when there is one. In Arabic the rate and base stay out of
 * the Arabic text, drawn beside it.
 */
function taxAndStamp(page: Page, invoice: InvoiceSnapshot): void {
  const { t, rtl } = page;
  const lines = invoiceTaxLines(invoice);
  for (const line of lines) {
    if (!rtl) {
      page.total(`${t.tax} (${lines.length > 1 ? `${line.rate}%, ${t.taxBase} ${money(line.base)}` : `${line.rate}%`})`, line.amount);
      continue;
    }
    // Arabic: the rate beside the label, the base on a line of its own under it (the label's
    // column is too narrow for both, and a parenthesis mixing both directions reads badly).
    page.total(`${t.tax} ${line.rate}%`, line.amount);
    if (lines.length > 1) page.put(`${t.taxBase} ${money(line.base)}`, COLUMNS.price - 60, page.doc.y, 140, 'left', 'regular', 8);
  }
  if (invoice.stampDuty) page.total(t.stampDuty, invoice.stampDuty);
}

/** A PDF's bytes gathered in memory. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An invoice as a PDF (A4), in memory, in the invoice's language: a few kilobytes. */
export function renderInvoice(invoice: InvoiceSnapshot, ttnReference: string | null = null): Promise<Buffer> {
  return collect(invoicePdfStream(invoice, ttnReference));
}

/** An invoice as the stream of its PDF's bytes (the accountant's export pipes it into its ZIP). */
export function invoicePdfStream(invoice: InvoiceSnapshot, ttnReference: string | null = null): Readable {
  const page = openDocument(invoice, (t) => t.invoiceTitle, invoice.number);
  const { t } = page;
  page.labelled(t.invoiceNumber, invoice.number);
  page.labelled(t.date, tunisDate(invoice.issuedAt));
  page.labelled(t.order, invoice.orderId);
  page.labelled(t.paymentMethod, t.payment[invoice.paymentMethod] ?? invoice.paymentMethod);
  page.billedTo(invoice);
  page.courseLines(invoice.lines);
  page.total(t.items, invoice.itemsPrice);
  // Issue 37: the discount on its own line, with its code.
  if (invoice.discountPrice)
    page.total(invoice.couponCode ? `${t.discount} (${invoice.couponCode})` : t.discount, -invoice.discountPrice);
  page.total(t.shipping, invoice.shippingPrice);
  taxAndStamp(page, invoice);
  page.total(t.total, invoice.totalPrice, 'bold');
  if (ttnReference) {
    page.gap(2);
    page.ttnMention(ttnReference);
  }
  return page.end();
}

/**
 * The credit note of a refunded order (issue 31), in the invoice's language: its number, the
 * invoice it cancels, the date the refund was recorded, the buyer as on the invoice and the
 * amount paid back.
 */
export function renderCreditNote(invoice: InvoiceSnapshot, note: CreditNote): Promise<Buffer> {
  return collect(creditNotePdfStream(invoice, note));
}

/** A credit note as the stream of its PDF's bytes. */
export function creditNotePdfStream(invoice: InvoiceSnapshot, note: CreditNote): Readable {
  const page = openDocument(invoice, (t) => t.creditNoteTitle, note.number);
  const { t } = page;
  page.labelled(t.creditNoteNumber, note.number);
  page.labelled(t.date, tunisDate(note.doneAt));
  if (note.invoiceNumber) {
    page.labelled(t.cancelsInvoice, note.invoiceNumber);
    page.labelled(t.invoiceDate, tunisDate(invoice.issuedAt));
  }
  page.labelled(t.order, invoice.orderId);
  if (note.paymentReference) page.labelled(t.paymentReference, note.paymentReference);
  page.billedTo(invoice);
  page.courseLines(invoice.lines);
  // Issue 52: what the invoice charged, tax per rate and stamp duty included, is what the note cancels.
  page.total(t.items, invoice.itemsPrice);
  if (invoice.discountPrice)
    page.total(invoice.couponCode ? `${t.discount} (${invoice.couponCode})` : t.discount, -invoice.discountPrice);
  page.total(t.shipping, invoice.shippingPrice);
  taxAndStamp(page, invoice);
  page.total(t.total, invoice.totalPrice);
  page.total(t.refunded, note.amount, 'bold');
  page.gap(2);
  page.line(t.creditNoteNote);
  if (note.ttnReference) {
    page.gap();
    page.ttnMention(note.ttnReference);
  }
  return page.end();
}

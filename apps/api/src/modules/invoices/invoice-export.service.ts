import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { and, asc, eq, gt, gte, isNotNull, lt, or } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';
import type { InvoiceExportQuery } from '@shop/shared';
import { dayEnd, dayStart } from '../../db/sql-helpers.js';
import { orderRefunds, orders } from '../enrolment/tables/orders.schema.js';
import type { ServiceContext } from '../../deps.js';
import { findOrderById } from '../enrolment/orders/orders.repository.js';
import { issuedInvoiceOf, renderCreditNotePdf, renderInvoicePdf } from '../enrolment/orders/order-documents.service.js';
import type { InvoiceSnapshot } from '../enrolment/orders/orders.types.js';
import { buildTeif, teifTaxLines } from './teif.js';
import { teifInputOfInvoice } from './teif-input.js';
import { openConfiguredSeal, signTeif, type TeifSeal } from './teif-sign.js';

/** Documents drawn per query and per flush: what the export holds in memory at once. */
const BATCH = 50;

/** One row of the ZIP's index.csv. */
interface IndexRow {
  number: string;
  type: 'invoice' | 'credit-note';
  date: string;
  buyer: string;
  taxId: string;
  /** Base and tax per rate (percent → amounts); a credit note's are negative. */
  perRate: Map<number, { base: number; tax: number }>;
  stampDuty: number;
  total: number;
  ttnReference: string;
}

const TUNIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tunis', year: 'numeric', month: '2-digit', day: '2-digit' });
const cents = (n: number) => Math.round(n * 100);

/** The invoice's VAT per rate, as the TEIF document writes it (shipping's base at 0 %). */
function perRateOf(invoice: InvoiceSnapshot, sign: 1 | -1): Map<number, { base: number; tax: number }> {
  const input = teifInputOfInvoice(invoice, { kind: 'invoice' });
  const taxLines = input
    ? teifTaxLines(input)
    : [{ rate: invoice.taxPercent, base: invoice.itemsPrice - (invoice.discountPrice ?? 0), amount: invoice.taxPrice }];
  return new Map(taxLines.map((l) => [l.rate, { base: (sign * cents(l.base)) / 100, tax: (sign * cents(l.amount)) / 100 }]));
}

const buyerOf = (invoice: InvoiceSnapshot) => ({ name: invoice.company?.name ?? invoice.buyer.name, taxId: invoice.company?.taxId ?? '' });

/**
 * The accountant's export (issue 52): a ZIP streamed to `out` holding every invoice and credit
 * note issued in the Tunis days `from`..`to`, each as PDF and (when its buyer is identified)
 * TEIF XML, signed when the seal is set, plus `index.csv` (number, date, buyer, tax id, base and
 * tax per rate, stamp duty, total, TTN reference). Documents are drawn `BATCH` at a time and
 * the next batch waits until the previous one has left through `out`, so memory stays bounded
 * however long the period.
 */
export async function exportInvoices(ctx: ServiceContext, query: InvoiceExportQuery, out: Writable): Promise<void> {
  const { db } = ctx.database;
  const seal: TeifSeal | null = ctx.config.teifSeal ? await openConfiguredSeal(ctx.config.teifSeal) : null;
  const zip = new yazl.ZipFile();
  zip.outputStream.pipe(out);
  const finished = once(zip.outputStream, 'end');
  const mtime = ctx.clock.now();
  const rows: IndexRow[] = [];

  /** Adds the entries, then waits until the ZIP has written the last of them (so through `out`'s backpressure). */
  async function flush(entries: { name: string; data: Buffer | string }[]): Promise<void> {
    let last: Promise<unknown> = Promise.resolve();
    for (const { name, data } of entries) {
      const stream = Readable.from([Buffer.from(data)]);
      last = once(stream, 'end');
      zip.addReadStream(stream, name, { mtime });
    }
    await last;
  }
  const xmlOf = async (xml: string) => (seal ? signTeif(xml, seal, ctx.clock.now()) : xml);

  // Invoices, by the instant they were issued (paid).
  const inPeriod = and(isNotNull(orders.invoiceNumber), gte(orders.paidAt, dayStart(query.from)), lt(orders.paidAt, dayEnd(query.to)));
  let after: { paidAt: Date; id: string } | null = null;
  for (;;) {
    const page: { id: string; invoiceNumber: string | null; paidAt: Date | null; invoice: unknown; ttn: string | null }[] = await db
      .select({ id: orders.id, invoiceNumber: orders.invoiceNumber, paidAt: orders.paidAt, invoice: orders.invoice, ttn: orders.invoiceTtnReference })
      .from(orders)
      .where(after ? and(inPeriod, or(gt(orders.paidAt, after.paidAt), and(eq(orders.paidAt, after.paidAt), gt(orders.id, after.id)))) : inPeriod)
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(BATCH);
    if (page.length === 0) break;
    const entries: { name: string; data: Buffer | string }[] = [];
    for (const row of page) {
      const invoice = await snapshotOf(ctx, row);
      if (!invoice) continue;
      entries.push({ name: `invoices/invoice-${invoice.number}.pdf`, data: await renderInvoicePdf(invoice, row.ttn) });
      const input = teifInputOfInvoice(invoice, { kind: 'invoice' });
      if (input) entries.push({ name: `invoices/invoice-${invoice.number}.xml`, data: await xmlOf(buildTeif(input)) });
      const buyer = buyerOf(invoice);
      rows.push({
        number: invoice.number,
        type: 'invoice',
        date: TUNIS_DAY.format(new Date(invoice.issuedAt)),
        buyer: buyer.name,
        taxId: buyer.taxId,
        perRate: perRateOf(invoice, 1),
        stampDuty: (invoice as { stampDuty?: number }).stampDuty ?? 0,
        total: invoice.totalPrice,
        ttnReference: row.ttn ?? '',
      });
    }
    await flush(entries);
    const last = page[page.length - 1]!;
    after = { paidAt: last.paidAt!, id: last.id };
  }

  // Credit notes, by the instant the refund was recorded as done.
  const notesInPeriod = and(
    isNotNull(orderRefunds.creditNoteNumber),
    gte(orderRefunds.doneAt, dayStart(query.from)),
    lt(orderRefunds.doneAt, dayEnd(query.to)),
  );
  let afterNote: { doneAt: Date; id: string } | null = null;
  for (;;) {
    const page: {
      id: string;
      number: string | null;
      doneAt: Date | null;
      amount: number | string;
      reference: string | null;
      ttn: string | null;
      orderId: string;
      invoiceNumber: string | null;
      paidAt: Date | null;
      invoice: unknown;
      invoiceTtn: string | null;
    }[] = await db
      .select({
        id: orderRefunds.id,
        number: orderRefunds.creditNoteNumber,
        doneAt: orderRefunds.doneAt,
        amount: orderRefunds.amount,
        reference: orderRefunds.reference,
        ttn: orderRefunds.ttnReference,
        orderId: orders.id,
        invoiceNumber: orders.invoiceNumber,
        paidAt: orders.paidAt,
        invoice: orders.invoice,
        invoiceTtn: orders.invoiceTtnReference,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(
        afterNote
          ? and(notesInPeriod, or(gt(orderRefunds.doneAt, afterNote.doneAt), and(eq(orderRefunds.doneAt, afterNote.doneAt), gt(orderRefunds.id, afterNote.id))))
          : notesInPeriod,
      )
      .orderBy(asc(orderRefunds.doneAt), asc(orderRefunds.id))
      .limit(BATCH);
    if (page.length === 0) break;
    const entries: { name: string; data: Buffer | string }[] = [];
    for (const row of page) {
      const number = row.number!;
      const doneAt = row.doneAt!;
      const invoice = await snapshotOf(ctx, { id: row.orderId, invoiceNumber: row.invoiceNumber, paidAt: row.paidAt, invoice: row.invoice });
      if (!invoice) continue;
      entries.push({
        name: `credit-notes/credit-note-${number}.pdf`,
        data: await renderCreditNotePdf(invoice, {
          number,
          doneAt,
          amount: Number(row.amount),
          invoiceNumber: row.invoiceNumber,
          paymentReference: row.reference,
          ttnReference: row.ttn,
        }),
      });
      const input = row.invoiceNumber
        ? teifInputOfInvoice(invoice, { kind: 'credit-note', number, issuedAt: doneAt }, row.invoiceTtn)
        : null;
      if (input) entries.push({ name: `credit-notes/credit-note-${number}.xml`, data: await xmlOf(buildTeif(input)) });
      const buyer = buyerOf(invoice);
      rows.push({
        number,
        type: 'credit-note',
        date: TUNIS_DAY.format(doneAt),
        buyer: buyer.name,
        taxId: buyer.taxId,
        perRate: perRateOf(invoice, -1),
        stampDuty: -((invoice as { stampDuty?: number }).stampDuty ?? 0),
        total: -Number(row.amount),
        ttnReference: row.ttn ?? '',
      });
    }
    await flush(entries);
    const last = page[page.length - 1]!;
    afterNote = { doneAt: last.doneAt!, id: last.id };
  }

  zip.addBuffer(Buffer.from(indexCsv(rows)), 'index.csv', { mtime });
  zip.end();
  await finished;
}

/** The invoice as issued; for an order paid before invoices were kept, the one drawn from the order now. */
async function snapshotOf(
  ctx: ServiceContext,
  row: { id: string; invoiceNumber: string | null; paidAt: Date | null; invoice: unknown },
): Promise<InvoiceSnapshot | null> {
  if (!row.invoiceNumber || !row.paidAt) return null;
  const kept = row.invoice as InvoiceSnapshot | null;
  if (kept && typeof kept === 'object' && kept.version === 1) return kept;
  const order = await findOrderById(ctx.database.db, row.id);
  return order ? issuedInvoiceOf(ctx, order, row.invoiceNumber, row.paidAt) : null;
}

const amount = (n: number) => n.toFixed(3);

/** index.csv: one row per document, a base and a tax column per rate met in the period. */
export function indexCsv(rows: IndexRow[]): string {
  const rates = [...new Set(rows.flatMap((r) => [...r.perRate.keys()]))].sort((a, b) => a - b);
  const header = [
    'number',
    'type',
    'date',
    'buyer',
    'tax id',
    ...rates.flatMap((rate) => [`base ${rate}%`, `tax ${rate}%`]),
    'stamp duty',
    'total',
    'TTN reference',
  ];
  const body = rows.map((r) => [
    r.number,
    r.type,
    r.date,
    r.buyer,
    r.taxId,
    ...rates.flatMap((rate) => {
      const at = r.perRate.get(rate);
      return at ? [amount(at.base), amount(at.tax)] : ['', ''];
    }),
    amount(r.stampDuty),
    amount(r.total),
    r.ttnReference,
  ]);
  return stringify([header, ...body], { bom: true });
}

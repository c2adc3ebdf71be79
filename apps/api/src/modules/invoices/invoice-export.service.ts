import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { and, asc, eq, gt, gte, isNotNull, lt, or } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';
import type { InvoiceExportQuery } from '@shop/shared';
import { dayEnd, dayStart } from '../../db/sql-helpers.js';
import { orderRefunds, orders } from '../enrolment/tables/orders.schema.js';
import type { ServiceContext } from '../../deps.js';
import { findOrderById } from '../enrolment/orders/orders.repository.js';
import { creditNotePdf, invoicePdf, issuedInvoiceOf } from '../enrolment/orders/order-documents.service.js';
import type { InvoiceSnapshot } from '../enrolment/orders/orders.types.js';
import { creditedInvoice } from './credited.js';
import { buildTeif, teifTaxLines } from './teif.js';
import { teifInputOfInvoice } from './teif-input.js';
import { openConfiguredSeal, signTeif, type TeifSeal } from './teif-sign.js';

/** Rows read per query: the export holds one page of rows and one document at a time. */
const PAGE = 100;

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

/** What the export tells as it goes (the bench counts documents; a test watches the order of events). */
export interface ExportProgress {
  /** A document (PDF or XML) was made and handed to the ZIP. */
  onEntry?: (name: string) => void;
  /** The temporary folder that holds index.csv's rows until the end (removed when the export ends). */
  onSpool?: (dir: string) => void;
}

/**
 * The accountant's export (issue 52): a ZIP streamed to `out` holding every invoice and credit
 * note issued in the Tunis days `from`..`to`, each as PDF and (when its buyer is identified)
 * TEIF XML, signed when the seal is set, plus `index.csv` (number, date, buyer, tax id, base and
 * tax per rate, stamp duty, total, TTN reference).
 *
 * Bounded memory (decision 0486): rows are read by keyset pages of `PAGE`; each PDF is piped
 * into its ZIP entry as pdfkit writes it, and the next document is only drawn once the ZIP has
 * taken the previous one, which it does at the pace `out` drains (its backpressure). So at any
 * time the export holds a page of rows, one document and the streams' buffers; the font
 * files are read once per process (lib/pdf-fonts). index.csv's columns are the rates met in the
 * whole period, so its rows go to a temporary file as they come (a JSON line each) and are turned
 * into CSV lines, read back one at a time, once the rates are known.
 */
export async function exportInvoices(ctx: ServiceContext, query: InvoiceExportQuery, out: Writable, progress: ExportProgress = {}): Promise<void> {
  const seal: TeifSeal | null = ctx.config.teifSeal ? await openConfiguredSeal(ctx.config.teifSeal) : null;
  const zip = new yazl.ZipFile();
  const piped = pipeline(zip.outputStream, out);
  // Awaited below (and raced with each document); this only keeps an early failure from counting as unhandled.
  piped.catch(() => undefined);
  const mtime = ctx.clock.now();
  const index = await IndexSpool.open();
  progress.onSpool?.(index.dir);
  try {
    await exportInto(ctx, query, { zip, piped, mtime, seal, index, progress });
  } finally {
    await index.remove();
  }
}

/** What one export writes into: the ZIP, the pipe to the client, the entries' time, the seal, the index's spool. */
interface ExportTarget {
  zip: yazl.ZipFile;
  piped: Promise<void>;
  mtime: Date;
  seal: TeifSeal | null;
  index: IndexSpool;
  progress: ExportProgress;
}

async function exportInto(ctx: ServiceContext, query: InvoiceExportQuery, { zip, piped, mtime, seal, index, progress }: ExportTarget): Promise<void> {
  const { db } = ctx.database;

  /** Hands a document to the ZIP and waits until the ZIP has read all of it (text is deflated). */
  async function add(name: string, data: Readable | string, compress = typeof data === 'string'): Promise<void> {
    let stream: Readable | null = typeof data === 'string' ? Readable.from([Buffer.from(data)]) : data;
    const taken = finished(stream);
    // yazl keeps every entry (for the central directory) with the function that gives its data:
    // that function must not hold the document, or every PDF drawn stays in memory to the end
    // (about 250 KB each). It hands the stream over once and forgets it.
    const handOver = (give: (err: Error | null, s: Readable) => void) => {
      const s = stream!;
      stream = null;
      give(null, s);
    };
    // pdfkit deflates a PDF's pages and fonts already: stored as they are (deflating again gains
    // little and costs trips through zlib's thread pool); the XML is deflated.
    zip.addReadStreamLazy(name, { mtime, compress }, handOver);
    progress.onEntry?.(name);
    // Fails with the output (a client gone): no use drawing more documents.
    await Promise.race([taken, piped]);
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
      .limit(PAGE);
    if (page.length === 0) break;
    for (const row of page) {
      const invoice = await snapshotOf(ctx, row);
      if (!invoice) continue;
      await add(`invoices/invoice-${invoice.number}.pdf`, invoicePdf(invoice, row.ttn));
      const input = teifInputOfInvoice(invoice, { kind: 'invoice' });
      if (input) await add(`invoices/invoice-${invoice.number}.xml`, await xmlOf(buildTeif(input)));
      const buyer = buyerOf(invoice);
      await index.push({
        number: invoice.number,
        type: 'invoice',
        date: TUNIS_DAY.format(new Date(invoice.issuedAt)),
        buyer: buyer.name,
        taxId: buyer.taxId,
        perRate: perRateOf(invoice, 1),
        stampDuty: invoice.stampDuty ?? 0,
        total: invoice.totalPrice,
        ttnReference: row.ttn ?? '',
      });
    }
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
      .limit(PAGE);
    if (page.length === 0) break;
    for (const row of page) {
      const number = row.number!;
      const doneAt = row.doneAt!;
      const refunded = Number(row.amount);
      const invoice = await snapshotOf(ctx, { id: row.orderId, invoiceNumber: row.invoiceNumber, paidAt: row.paidAt, invoice: row.invoice });
      if (!invoice) continue;
      await add(
        `credit-notes/credit-note-${number}.pdf`,
        creditNotePdf(invoice, {
          number,
          doneAt,
          amount: refunded,
          invoiceNumber: row.invoiceNumber,
          paymentReference: row.reference,
          ttnReference: row.ttn,
        }),
      );
      // What the note credits: the whole invoice, or a partial refund's share of it.
      const credited = creditedInvoice(invoice, refunded);
      const input = row.invoiceNumber
        ? teifInputOfInvoice(credited, { kind: 'credit-note', number, issuedAt: doneAt }, row.invoiceTtn)
        : null;
      if (input) await add(`credit-notes/credit-note-${number}.xml`, await xmlOf(buildTeif(input)));
      const buyer = buyerOf(invoice);
      await index.push({
        number,
        type: 'credit-note',
        date: TUNIS_DAY.format(doneAt),
        buyer: buyer.name,
        taxId: buyer.taxId,
        perRate: perRateOf(credited, -1),
        stampDuty: -(credited.stampDuty ?? 0),
        total: -refunded,
        ttnReference: row.ttn ?? '',
      });
    }
    const last = page[page.length - 1]!;
    afterNote = { doneAt: last.doneAt!, id: last.id };
  }

  await add('index.csv', await index.csv(), true);
  zip.end();
  await piped;
}

/**
 * index.csv's rows kept in a temporary file as they come (one JSON line each, the rates as pairs),
 * so the export's memory does not grow with the period; the rates met are the only thing kept.
 */
class IndexSpool {
  private readonly rates = new Set<number>();
  /** The file's write error (a full disk), kept so it fails the export instead of the process. */
  private failure: Error | null = null;
  private constructor(
    readonly dir: string,
    private readonly out: WriteStream,
  ) {
    out.on('error', (err) => (this.failure = err));
  }

  static async open(): Promise<IndexSpool> {
    const dir = await mkdtemp(path.join(tmpdir(), 'invoice-export-'));
    return new IndexSpool(dir, createWriteStream(path.join(dir, 'index.jsonl')));
  }

  async push(row: IndexRow): Promise<void> {
    for (const rate of row.perRate.keys()) this.rates.add(rate);
    if (this.failure) throw this.failure;
    // Waits for the file when its buffer is full (`once` rejects on the stream's error).
    if (!this.out.write(`${JSON.stringify({ ...row, perRate: [...row.perRate] })}\n`)) await once(this.out, 'drain');
  }

  /** The CSV, read back from the file a line at a time: a header and a row per document. */
  async csv(): Promise<Readable> {
    this.out.end();
    await finished(this.out);
    const rates = [...this.rates].sort((a, b) => a - b);
    const lines = createInterface({ input: createReadStream(path.join(this.dir, 'index.jsonl')), crlfDelay: Infinity });
    async function* csvLines(): AsyncGenerator<string> {
      yield indexCsvHeader(rates);
      for await (const line of lines) {
        const row = JSON.parse(line) as Omit<IndexRow, 'perRate'> & { perRate: [number, { base: number; tax: number }][] };
        yield indexCsvRow({ ...row, perRate: new Map(row.perRate) }, rates);
      }
    }
    return Readable.from(csvLines());
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await rm(this.dir, { recursive: true, force: true });
  }
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

/** index.csv's first line (with the byte order mark): a base and a tax column per rate met in the period. */
function indexCsvHeader(rates: number[]): string {
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
  return stringify([header], { bom: true });
}

/** One document's line of index.csv. */
function indexCsvRow(r: IndexRow, rates: number[]): string {
  const cells = [
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
  ];
  return stringify([cells]);
}

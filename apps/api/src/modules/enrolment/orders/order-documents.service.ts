import { eq } from 'drizzle-orm';
import { MESSAGES, orderStateConflict } from '@shop/shared';
import type { DbOrTx } from '../../../db/client.js';
import { orders } from '../tables/orders.schema.js';
import type { ServiceContext } from '../../../deps.js';
import { AppError, conflict, notFound } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import {
  buildInvoiceSnapshot,
  invoiceSeller,
  readInvoiceSnapshot,
  renderCreditNote,
  renderInvoice,
  type CreditNote,
  type InvoiceSnapshot,
} from './invoice.js';
import type { OrderRecord } from './orders.repository.js';
import { requireOwnOrder } from './orders.service.js';

/** What the invoice and credit note read beside the order: the invoice as issued. */
async function findDocumentFacts(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      invoice: orders.invoice,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/**
 * The invoice as issued; for an order paid before invoices were kept (or while the centre's
 * identity was not configured), the invoice drawn from the order and the settings of today.
 */
function invoiceOf(ctx: ServiceContext, order: OrderRecord, stored: unknown, number: string, issuedAt: Date): InvoiceSnapshot {
  const kept = readInvoiceSnapshot(stored);
  if (kept) return kept;
  const seller = invoiceSeller(ctx.config.shop);
  if (!seller) throw new AppError(503, MESSAGES.invoicesNotConfigured);
  return buildInvoiceSnapshot(order, seller, number, issuedAt);
}

/** An invoice as issued, as its PDF (with the TTN mention once a reference is recorded): the accountant's export draws these. */
export const renderInvoicePdf = (invoice: InvoiceSnapshot, ttnReference: string | null): Promise<Buffer> => renderInvoice(invoice, ttnReference);

/** A credit note as its PDF. */
export const renderCreditNotePdf = (invoice: InvoiceSnapshot, note: CreditNote): Promise<Buffer> => renderCreditNote(invoice, note);

/** The invoice of a paid order as issued (issue 52's TEIF documents read it too). */
export async function issuedInvoiceOf(ctx: ServiceContext, order: OrderRecord, number: string, paidAt: Date): Promise<InvoiceSnapshot> {
  const facts = await findDocumentFacts(ctx.database.db, order.id);
  return invoiceOf(ctx, order, facts?.invoice, number, paidAt);
}

/**
 * The PDF invoice of an order that was paid (paid, learned, or paid then cancelled), for its
 * owner or an admin: always the invoice kept at payment.
 */
export async function getInvoice(
  ctx: ServiceContext,
  user: AuthUser,
  id: string,
): Promise<{ pdf: Buffer; invoiceNumber: string }> {
  const { db } = ctx.database;
  const order = await requireOwnOrder(db, user, id);
  // An invoice number is given only when the order is paid, and never taken back.
  if (!order.invoiceNumber || !order.paidAt) throw conflict(orderStateConflict('invoice', order.status));
  const facts = await findDocumentFacts(db, id);
  const invoice = invoiceOf(ctx, order, facts?.invoice, order.invoiceNumber, order.paidAt);
  return { pdf: await renderInvoice(invoice, order.invoiceTtnReference ?? null), invoiceNumber: order.invoiceNumber };
}

/**
 * A PDF credit note of an order, for its owner or an admin: the one numbered `number`, or (none
 * given) the first made; each refund recorded as done has its own (issue 49). 409 before any
 * refund was made, 404 for a number the order has not. The buyer is the one of the invoice it cancels.
 */
export async function getCreditNote(
  ctx: ServiceContext,
  user: AuthUser,
  id: string,
  number?: string,
): Promise<{ pdf: Buffer; creditNoteNumber: string }> {
  const { db } = ctx.database;
  const order = await requireOwnOrder(db, user, id);
  const made = order.refunds.filter((r) => r.status === 'done' && r.creditNoteNumber && r.doneAt);
  if (made.length === 0) throw conflict(MESSAGES.noCreditNote);
  const refund = number === undefined ? made[0] : made.find((r) => r.creditNoteNumber === number);
  if (!refund?.creditNoteNumber || !refund.doneAt) throw notFound(MESSAGES.creditNoteNotFound);
  const facts = await findDocumentFacts(db, id);
  // Money that reached an order never paid has no invoice: the credit note names the order and the payment.
  const invoice = invoiceOf(ctx, order, facts?.invoice, order.invoiceNumber ?? '', order.paidAt ?? order.createdAt);
  const pdf = await renderCreditNote(invoice, {
    number: refund.creditNoteNumber,
    doneAt: refund.doneAt,
    amount: refund.amount,
    invoiceNumber: order.invoiceNumber,
    paymentReference: refund.reference ?? (refund.reason === 'cancelled' ? (order.paymentResult?.reference ?? null) : null),
    ttnReference: refund.ttnReference ?? null,
  });
  return { pdf, creditNoteNumber: refund.creditNoteNumber };
}

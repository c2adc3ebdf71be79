import { MESSAGES, orderStateConflict, type Order } from '@shop/shared';
import type { ServiceContext } from '../../deps.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { AuthUser } from '../../middleware/auth.js';
import { issuedInvoiceOf } from '../enrolment/orders/order-documents.service.js';
import { findOrderById } from '../enrolment/orders/orders.repository.js';
import { writeCreditNoteTtnReference, writeInvoiceTtnReference } from '../enrolment/orders/order-ttn.repository.js';
import type { OrderRecord, RefundRecord } from '../enrolment/orders/orders.types.js';
import { requireOwnOrder, toOrderJson } from '../enrolment/orders/orders.service.js';
import { buildTeif } from './teif.js';
import { teifInputOfInvoice } from './teif-input.js';
import { openConfiguredSeal, signTeif } from './teif-sign.js';

/** The made credit notes of an order, first made first. */
const madeCreditNotes = (order: OrderRecord) => order.refunds.filter((r) => r.status === 'done' && r.creditNoteNumber && r.doneAt);

/** Signs with the centre's seal when TEIF_SEAL_P12 is set; else the XML as built. */
async function sealed(ctx: ServiceContext, xml: string): Promise<string> {
  if (!ctx.config.teifSeal) return xml;
  return signTeif(xml, await openConfiguredSeal(ctx.config.teifSeal), ctx.clock.now());
}

const buyerNotIdentified = () => new AppError(409, MESSAGES.buyerNotIdentified, undefined, 'BUYER_NOT_IDENTIFIED');

/**
 * The TEIF XML of an order's invoice (issue 52), for its buyer or an admin: a paid order whose
 * invoice (as issued) names a company or a person with a valid tax id; 409 before payment and
 * 409 BUYER_NOT_IDENTIFIED otherwise. Signed when the seal is configured.
 */
export async function getInvoiceXml(
  ctx: ServiceContext,
  user: AuthUser,
  id: string,
): Promise<{ xml: string; invoiceNumber: string }> {
  const order = await requireOwnOrder(ctx.database.db, user, id);
  if (!order.invoiceNumber || !order.paidAt) throw conflict(orderStateConflict('invoice', order.status));
  const invoice = await issuedInvoiceOf(ctx, order, order.invoiceNumber, order.paidAt);
  const input = teifInputOfInvoice(invoice, { kind: 'invoice' });
  if (!input) throw buyerNotIdentified();
  return { xml: await sealed(ctx, buildTeif(input)), invoiceNumber: order.invoiceNumber };
}

/** The credit note `number` of an order (default: the first made); 409 before any, 404 for an unknown number. */
function creditNoteOf(order: OrderRecord, number?: string): RefundRecord & { creditNoteNumber: string; doneAt: Date } {
  const made = madeCreditNotes(order);
  if (made.length === 0) throw conflict(MESSAGES.noCreditNote);
  const refund = number === undefined ? made[0] : made.find((r) => r.creditNoteNumber === number);
  if (!refund?.creditNoteNumber || !refund.doneAt) throw notFound(MESSAGES.creditNoteNotFound);
  return refund as RefundRecord & { creditNoteNumber: string; doneAt: Date };
}

/**
 * The TEIF XML of a credit note (`I-12`, referring to the invoice it cancels): once the refund
 * is made (else 409), of an invoiced order whose buyer is identified (else 409).
 */
export async function getCreditNoteXml(
  ctx: ServiceContext,
  user: AuthUser,
  id: string,
  number?: string,
): Promise<{ xml: string; creditNoteNumber: string }> {
  const order = await requireOwnOrder(ctx.database.db, user, id);
  const refund = creditNoteOf(order, number);
  if (!order.invoiceNumber || !order.paidAt) throw conflict(MESSAGES.creditNoteWithoutInvoice);
  const invoice = await issuedInvoiceOf(ctx, order, order.invoiceNumber, order.paidAt);
  const input = teifInputOfInvoice(
    invoice,
    { kind: 'credit-note', number: refund.creditNoteNumber, issuedAt: refund.doneAt },
    order.invoiceTtnReference,
  );
  if (!input) throw buyerNotIdentified();
  return { xml: await sealed(ctx, buildTeif(input)), creditNoteNumber: refund.creditNoteNumber };
}

/** Records the reference El Fatoora gave the invoice (admin): once the order is invoiced, else 409. */
export async function recordInvoiceTtn(ctx: ServiceContext, id: string, reference: string): Promise<Order> {
  const { db } = ctx.database;
  const order = await findOrderById(db, id);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  if (!order.invoiceNumber || !order.paidAt) throw conflict(orderStateConflict('invoice', order.status));
  await writeInvoiceTtnReference(db, id, reference, ctx.clock.now());
  return toOrderJson((await findOrderById(db, id))!);
}

/** Records the reference El Fatoora gave a credit note (admin; `number`, default the first made). */
export async function recordCreditNoteTtn(ctx: ServiceContext, id: string, reference: string, number?: string): Promise<Order> {
  const { db } = ctx.database;
  const order = await findOrderById(db, id);
  if (!order) throw notFound(MESSAGES.orderNotFound);
  const refund = creditNoteOf(order, number);
  await writeCreditNoteTtnReference(db, id, refund.id, reference, ctx.clock.now());
  return toOrderJson((await findOrderById(db, id))!);
}

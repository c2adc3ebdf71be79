import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { orderRefunds, orders } from '../tables/orders.schema.js';

/**
 * The references El Fatoora (TTN) gave an order's invoice and credit notes, recorded by an admin
 * (issue 52). The invoices module decides when they may be recorded; the rows are this module's,
 * so the writes are here: one UPDATE of the reference columns only.
 */
export async function writeInvoiceTtnReference(db: DbOrTx, orderId: string, reference: string, at: Date): Promise<void> {
  await db.update(orders).set({ invoiceTtnReference: reference, invoiceTtnRecordedAt: at }).where(eq(orders.id, orderId));
}

/** A credit note's reference: the refund row `refundId` of the order `orderId` (both, so no other order's row). */
export async function writeCreditNoteTtnReference(
  db: DbOrTx,
  orderId: string,
  refundId: string,
  reference: string,
  at: Date,
): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ ttnReference: reference, ttnRecordedAt: at })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, orderId)));
}

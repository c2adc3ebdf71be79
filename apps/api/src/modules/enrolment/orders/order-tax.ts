import { fromCents, TAX_PERCENT, toCents, type InvoiceTo, type TaxLine } from '@shop/shared';

/**
 * Tax per rate of orders and invoices (issue 52, decision 0430). Orders placed before kept no
 * rates: they were all priced at the spec's 15 % on the net, without stamp duty, and read so.
 */

/** The rate a line was taxed at: its own, or 15 % for a line placed before rates per course. */
export const lineTaxRate = (line: { taxRate?: number | null }): number => line.taxRate ?? TAX_PERCENT;

/** An order's tax per rate: as kept, or one line of 15 % on the net for an order placed before. */
export function orderTaxLines(order: {
  taxLines?: readonly TaxLine[] | null;
  itemsPrice: number;
  discountPrice?: number;
  taxPrice: number;
}): TaxLine[] {
  if (order.taxLines && order.taxLines.length > 0) return order.taxLines.map((l) => ({ rate: Number(l.rate), base: Number(l.base), amount: Number(l.amount) }));
  const base = fromCents(toCents(order.itemsPrice) - toCents(order.discountPrice ?? 0));
  return [{ rate: TAX_PERCENT, base, amount: order.taxPrice }];
}

/** Who an invoice is made out to, as kept: `kind` absent on orders placed before issue 52 is a company. */
export function readInvoiceTo(value: { kind?: 'company' | 'person'; name: string; taxId: string } | null | undefined): InvoiceTo | null {
  if (!value) return null;
  return { kind: value.kind ?? 'company', name: value.name, taxId: value.taxId };
}

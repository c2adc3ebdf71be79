/** Order amounts rules of SPEC §9: exact to the cent, computed on integers. */
export const FREE_SHIPPING_OVER = 100;
export const SHIPPING_FEE = 100;
export const TAX_PERCENT = 15;

export interface PricedLine {
  /** Unit price with at most two decimals. */
  price: number;
  /** Whole number of seats. */
  qty: number;
}

export interface OrderAmounts {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** Converts an amount with at most two decimals to whole cents, exactly. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Converts whole cents back to a JSON money number (two decimals at most). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Computes items, shipping, tax and total for a cart or an order.
 * items = Σ price × qty; shipping = 0 when items is strictly over 100, else 100;
 * tax = 15 % of items rounded half-up to the cent; total = items + shipping + tax.
 * All arithmetic is done in integer cents, so `0.1 × 3` is exactly `0.3`.
 */
export function calculateOrderAmounts(lines: readonly PricedLine[]): OrderAmounts {
  const itemsCents = lines.reduce((sum, line) => sum + toCents(line.price) * line.qty, 0);
  const shippingCents = itemsCents > FREE_SHIPPING_OVER * 100 ? 0 : SHIPPING_FEE * 100;
  // Half-up rounding of itemsCents × 15 / 100 without leaving integers.
  const taxCents = Math.floor((itemsCents * TAX_PERCENT + 50) / 100);
  return {
    itemsPrice: fromCents(itemsCents),
    shippingPrice: fromCents(shippingCents),
    taxPrice: fromCents(taxCents),
    totalPrice: fromCents(itemsCents + shippingCents + taxCents),
  };
}

/** Formats money as shown to people: `120.50`. Currency labels live in the web client. */
export function formatAmount(amount: number): string {
  return (toCents(amount) / 100).toFixed(2);
}

import type { InvoiceSnapshot } from '../enrolment/orders/orders.types.js';
import { invoiceNetLines } from './teif-input.js';

const cents = (n: number) => Math.round(n * 100);
/** Half-up to the cent of `rate` % of `base` cents, as the shared calculator rounds a rate's tax. */
const taxOf = (base: number, rate: number) => Math.round((base * rate) / 100);

/**
 * `total` cents shared out in proportion to `weights` (whole cents, largest remainders first), so
 * the shares add up exactly to `total`.
 */
function share(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * A base at `rate` % whose base + tax is `gross` cents when one exists (the nearest to
 * gross / (1 + rate)); else the nearest base, its base + tax then one cent off.
 */
function baseFor(gross: number, rate: number): number {
  return exactBaseFor(gross, rate) ?? Math.max(0, Math.round((gross * 100) / (100 + rate)));
}

/** The base at `rate` % whose base + tax is exactly `gross` cents, if there is one. */
function exactBaseFor(gross: number, rate: number): number | null {
  const near = Math.round((gross * 100) / (100 + rate));
  for (const delta of [0, -1, 1, -2, 2]) {
    const base = near + delta;
    if (base >= 0 && base + taxOf(base, rate) === gross) return base;
  }
  return null;
}

/**
 * What a credit note credits of the invoice it refers to, as an invoice of its own (issue 52,
 * decision 0485): a refund of the whole invoice credits all of it, stamp duty included; a
 * partial refund credits `refunded` (with tax) spread over the invoice's rates and shipping in
 * proportion to what each charged, each line its share of its rate's base, and no stamp duty
 * (the duty is owed once per invoice and the invoice still stands) unless the refund exceeds
 * every taxed amount of the invoice, the rest then being of the stamp duty. Each rate's base is chosen
 * so that base + rate × base (rounded to the cent, as the calculator does) is that rate's share;
 * when no base gives it exactly, the cent left over goes to the next part (shipping, then the
 * lower rates), so the credited total is the refund except, at worst, a cent when the last part
 * cannot take it.
 */
export function creditedInvoice(invoice: InvoiceSnapshot, refunded: number): InvoiceSnapshot {
  const stamp = cents(invoice.stampDuty ?? 0);
  const amount = cents(refunded);
  if (amount >= cents(invoice.totalPrice)) return invoice;
  const lines = invoiceNetLines(invoice);
  const rates = [...new Set(lines.map((l) => l.rate))].sort((a, b) => b - a);
  const charged = new Map(
    rates.map((rate) => {
      const base = lines.filter((l) => l.rate === rate).reduce((sum, l) => sum + cents(l.net), 0);
      return [rate, base + taxOf(base, rate)];
    }),
  );
  // Highest rate first (the most constrained), shipping (0 %, takes any cent) last.
  const shipping = cents(invoice.shippingPrice);
  const parts = [...rates.map((rate) => charged.get(rate)!), shipping];
  const taxed = cents(invoice.totalPrice) - stamp;
  // Paid back beyond every taxed amount: that part is of the stamp duty.
  const stampCredited = Math.max(0, amount - taxed);
  const targets = share(amount - stampCredited, parts);
  const baseAt = new Map<number, number>();
  let carry = 0;
  rates.forEach((rate, i) => {
    const gross = targets[i]! + carry;
    const base = baseFor(gross, rate);
    baseAt.set(rate, base);
    carry = gross - base - taxOf(base, rate);
  });
  let shippingBase = targets[rates.length]! + carry;
  if ((shipping === 0 && shippingBase !== 0) || shippingBase < 0) {
    // No shipping to take the last cent: the first rate whose base can take it exactly does.
    const left = shippingBase;
    shippingBase = 0;
    for (const rate of [...rates].reverse()) {
      const base = baseAt.get(rate)!;
      const gross = base + taxOf(base, rate) + left;
      const moved = exactBaseFor(gross, rate);
      if (moved !== null) {
        baseAt.set(rate, moved);
        break;
      }
    }
  }
  // Each line its share of its rate's credited base, in proportion to what it cost.
  const netOf = new Map<number, number>();
  for (const rate of rates) {
    const at = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.rate === rate);
    const shares = share(baseAt.get(rate)!, at.map(({ l }) => cents(l.net)));
    at.forEach(({ i }, k) => netOf.set(i, shares[k]!));
  }
  const taxLines = [...rates].reverse().map((rate) => ({ rate, base: baseAt.get(rate)! / 100, amount: taxOf(baseAt.get(rate)!, rate) / 100 }));
  const items = [...baseAt.values()].reduce((a, b) => a + b, 0);
  const tax = taxLines.reduce((sum, l) => sum + cents(l.amount), 0);
  return {
    ...invoice,
    lines: invoice.lines.map((line, i) => ({ ...line, taxRate: lines[i]!.rate, net: netOf.get(i)! / 100 })),
    itemsPrice: items / 100,
    discountPrice: 0,
    shippingPrice: shippingBase / 100,
    taxPrice: tax / 100,
    taxLines,
    stampDuty: stampCredited / 100,
    totalPrice: (items + shippingBase + tax + stampCredited) / 100,
  } as InvoiceSnapshot;
}

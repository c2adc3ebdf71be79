/** Order amounts (docs/product.md#rules, "Prices"): exact to the cent, computed on integers. */
export const FREE_SHIPPING_OVER = 100;
export const SHIPPING_FEE = 100;
/** The spec's tax rate in percent: the shop's rate (`TAX_RATE`) when the setting is not given. */
export const TAX_PERCENT = 15;
/** The rates a course may carry (Tunisian VAT, issue 52): exempt, 7, 13 or 19 %; null = the shop's `TAX_RATE`. */
export const COURSE_TAX_RATES = [0, 7, 13, 19] as const;
export type CourseTaxRate = (typeof COURSE_TAX_RATES)[number];

/** The shop's pricing settings (issue 52): `TAX_RATE` (percent) and `STAMP_DUTY` (TND, the droit de timbre). */
export interface PriceSettings {
  /** The shop's rate in percent, for lines whose course carries none. Default 15. */
  taxRate: number;
  /** Added once to every order's total, as its own line. Default 0. */
  stampDuty: number;
}

/** The spec's pricing: tax 15 %, no stamp duty. */
export const DEFAULT_PRICE_SETTINGS: PriceSettings = { taxRate: TAX_PERCENT, stampDuty: 0 };

/** The tax of one rate: the net of the lines at that rate (after any coupon) and the tax on it. */
export interface TaxLine {
  rate: number;
  base: number;
  amount: number;
}

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
export function calculateOrderAmounts(lines: readonly DiscountableLine[], settings?: PriceSettings): OrderAmounts {
  // The same calculator as with a coupon (issue 37), without one.
  const { discountPrice: _none, ...amounts } = calculateDiscountedAmounts(lines, null, settings);
  return amounts;
}

/**
 * A coupon as the calculator applies it (docs/api.md#coupons, issue 37): `percent` (0–100) or `fixed`
 * (an amount taken once per order), on the lines it covers: those whose course is in `courses`
 * or which have a category in `categories`; every line when both are empty.
 */
export interface CouponRule {
  kind: 'percent' | 'fixed';
  value: number;
  courses?: readonly string[] | null;
  categories?: readonly string[] | null;
}

/** A line the calculator can discount: its course id and categories say whether a coupon covers it. */
export interface DiscountableLine extends PricedLine {
  courseId?: string | null;
  categories?: readonly string[] | null;
  /** The course's rate in percent (issue 52); null or absent: the shop's rate. */
  taxRate?: number | null;
}

export interface DiscountedAmounts extends OrderAmounts {
  /** What the coupon takes off the items (0 without one). */
  discountPrice: number;
}

const categoryMatchKey = (value: string) => value.toLowerCase().replace(/\s+/g, '');

/** Whether the coupon covers this line (every line when it names no course and no category). */
export function couponCovers(coupon: CouponRule, line: DiscountableLine): boolean {
  const courses = coupon.courses ?? [];
  const categories = coupon.categories ?? [];
  if (courses.length === 0 && categories.length === 0) return true;
  const id = line.courseId?.toLowerCase();
  if (id && courses.some((c) => c.toLowerCase() === id)) return true;
  const wanted = new Set(categories.map(categoryMatchKey));
  return (line.categories ?? []).some((c) => wanted.has(categoryMatchKey(c)));
}

/**
 * The discount of each line in whole cents: the coupon's discount is computed on the covered
 * lines' sum (percent: half-up to the cent; fixed: the value), never more than that sum, then
 * shared among the covered lines in proportion to their amounts (largest remainders get the
 * odd cents), so no line's discount exceeds the line's amount. Uncovered lines get 0.
 */
export function discountLineCents(lines: readonly DiscountableLine[], coupon: CouponRule | null | undefined): number[] {
  const amounts = lines.map((line) => toCents(line.price) * line.qty);
  if (!coupon) return amounts.map(() => 0);
  const covered = lines.map((line) => couponCovers(coupon, line));
  const coveredCents = amounts.reduce((sum, cents, i) => (covered[i] ? sum + cents : sum), 0);
  if (coveredCents <= 0) return amounts.map(() => 0);
  const valueCents = toCents(coupon.value);
  const wanted =
    coupon.kind === 'percent'
      ? Math.floor((coveredCents * Math.min(Math.max(valueCents, 0), 10_000) + 5_000) / 10_000)
      : Math.max(valueCents, 0);
  const total = Math.min(wanted, coveredCents);
  const shares = amounts.map((cents, i) => (covered[i] ? Math.floor((cents * total) / coveredCents) : 0));
  const left = total - shares.reduce((a, b) => a + b, 0);
  // The odd cents, one each, to the covered lines with the largest remainders (the earlier on a
  // tie). Their remainders add up to `left` whole cents, each under one: more than `left` lines
  // have one, and a line with a remainder is worth more than its share, so none goes over.
  const byRemainder = amounts
    .flatMap((cents, i) => (covered[i] ? [{ i, rest: (cents * total) % coveredCents }] : []))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder.slice(0, left)) shares[i]! += 1;
  return shares;
}

/** Everything an order's price is made of (issue 52): the amounts, the tax per rate and the stamp duty. */
export interface PricedOrder extends DiscountedAmounts {
  /** One per rate used, lowest rate first; `taxPrice` is the sum of their amounts. */
  taxLines: TaxLine[];
  stampDuty: number;
  /** The rate each line was taxed at, in the lines' order. */
  lineTaxRates: number[];
}

/**
 * Whether an order's price needs its tax per rate and stamp duty said apart (issue 52): several
 * rates, a rate other than the spec's 15 % or a stamp duty. Answers that predate rates per course
 * (coupon check, PRICE_CHANGED) carry them only then, so with no setting they are as before.
 */
export function pricedBeyondSpec(priced: Pick<PricedOrder, 'taxLines' | 'stampDuty'>): boolean {
  return priced.stampDuty !== 0 || priced.taxLines.some((line) => line.rate !== TAX_PERCENT);
}

/** Half-up rounding of `cents × percent / 100` in integers (percent with at most two decimals). */
export function taxCentsAt(cents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/**
 * The one price calculator (docs/api.md#coupons, "Prices"; issue 52): items = Σ price × qty;
 * the coupon's discount on the lines it covers; net = items − discount; shipping = 0 when net is
 * strictly over 100, else 100; each line taxed at its course's rate (the shop's `taxRate` when
 * it has none): per rate, tax = rate × the net of that rate's lines, half-up to the cent;
 * tax = Σ per rate; total = net + shipping + tax + stamp duty. With the default settings
 * (one rate of 15 %, no stamp) every amount is what it was before rates per course.
 */
export function priceOrder(
  lines: readonly DiscountableLine[],
  coupon?: CouponRule | null,
  settings: PriceSettings = DEFAULT_PRICE_SETTINGS,
): PricedOrder {
  const lineCents = lines.map((line) => toCents(line.price) * line.qty);
  const itemsCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const discounts = discountLineCents(lines, coupon);
  const discountCents = discounts.reduce((a, b) => a + b, 0);
  const netCents = itemsCents - discountCents;
  const shippingCents = netCents > FREE_SHIPPING_OVER * 100 ? 0 : SHIPPING_FEE * 100;
  const lineTaxRates = lines.map((line) => line.taxRate ?? settings.taxRate);
  const baseOfRate = new Map<number, number>();
  lineTaxRates.forEach((rate, i) => baseOfRate.set(rate, (baseOfRate.get(rate) ?? 0) + lineCents[i]! - discounts[i]!));
  const taxLines = [...baseOfRate]
    .sort(([a], [b]) => a - b)
    .map(([rate, baseCents]) => ({ rate, baseCents, taxCents: taxCentsAt(baseCents, rate) }));
  const taxCents = taxLines.reduce((sum, line) => sum + line.taxCents, 0);
  const stampCents = Math.max(toCents(settings.stampDuty), 0);
  return {
    itemsPrice: fromCents(itemsCents),
    discountPrice: fromCents(discountCents),
    shippingPrice: fromCents(shippingCents),
    taxPrice: fromCents(taxCents),
    taxLines: taxLines.map((line) => ({ rate: line.rate, base: fromCents(line.baseCents), amount: fromCents(line.taxCents) })),
    stampDuty: fromCents(stampCents),
    totalPrice: fromCents(netCents + shippingCents + taxCents + stampCents),
    lineTaxRates,
  };
}

/**
 * The four amounts and the discount (issue 37), as {@link priceOrder} computes them; without
 * settings: tax 15 % of the net, half-up to the cent, total = net + shipping + tax.
 */
export function calculateDiscountedAmounts(
  lines: readonly DiscountableLine[],
  coupon?: CouponRule | null,
  settings?: PriceSettings,
): DiscountedAmounts {
  const { itemsPrice, discountPrice, shippingPrice, taxPrice, totalPrice } = priceOrder(lines, coupon, settings);
  return { itemsPrice, discountPrice, shippingPrice, taxPrice, totalPrice };
}

/** Formats money as shown to people: `120.50`. Currency labels live in the web client. */
export function formatAmount(amount: number): string {
  return (toCents(amount) / 100).toFixed(2);
}

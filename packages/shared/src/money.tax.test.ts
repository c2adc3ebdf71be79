import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calculateDiscountedAmounts,
  calculateOrderAmounts,
  couponCovers,
  COURSE_TAX_RATES,
  DEFAULT_PRICE_SETTINGS,
  discountLineCents,
  formatAmount,
  pricedBeyondSpec,
  priceOrder,
  taxCentsAt,
  type CouponRule,
} from './money.js';

/** Issue 52: tax per course rate, tax per rate on the net after any coupon, the stamp duty. */
const cents = (n: number) => Math.round(n * 100);
const TUNISIA = { taxRate: 19, stampDuty: 1 };

describe('priceOrder: tax per rate and the stamp duty', () => {
  it('taxes each rate on the net of its lines, rounded per rate, and adds the stamp duty', () => {
    const priced = priceOrder(
      [
        { price: 60, qty: 1, taxRate: 7 },
        { price: 40.5, qty: 2, taxRate: null },
      ],
      null,
      TUNISIA,
    );
    expect(priced).toEqual({
      itemsPrice: 141,
      discountPrice: 0,
      shippingPrice: 0,
      taxPrice: 19.59,
      taxLines: [
        { rate: 7, base: 60, amount: 4.2 },
        { rate: 19, base: 81, amount: 15.39 },
      ],
      stampDuty: 1,
      totalPrice: 161.59,
      lineTaxRates: [7, 19],
    });
  });

  it('rounds half up per rate, not on the sum: 0.05 at 7 % and 0.05 at 13 % give 0.00 + 0.01', () => {
    // 5 cents × 7 % = 0.35 cent → 0; 5 cents × 13 % = 0.65 cent → 1; together 1.0 cent would be 1.
    const priced = priceOrder(
      [
        { price: 0.05, qty: 1, taxRate: 7 },
        { price: 0.05, qty: 1, taxRate: 13 },
      ],
      null,
      TUNISIA,
    );
    expect(priced.taxLines.map((l) => l.amount)).toEqual([0, 0.01]);
    expect(priced.taxPrice).toBe(0.01);
    // Exactly half a cent rounds up.
    expect(taxCentsAt(50, 1)).toBe(1);
    expect(taxCentsAt(49, 1)).toBe(0);
    expect(taxCentsAt(10_000, 7.5)).toBe(750);
  });

  it('merges lines of the same rate into one tax line, lowest rate first, an exempt line included', () => {
    const priced = priceOrder(
      [
        { price: 10, qty: 1, taxRate: 19 },
        { price: 20, qty: 1, taxRate: 0 },
        { price: 30, qty: 1, taxRate: 19 },
      ],
      null,
      TUNISIA,
    );
    expect(priced.taxLines).toEqual([
      { rate: 0, base: 20, amount: 0 },
      { rate: 19, base: 40, amount: 7.6 },
    ]);
    expect(priced.totalPrice).toBe(60 + 100 + 7.6 + 1);
  });

  it('spreads a coupon over the rates before taxing them', () => {
    const priced = priceOrder(
      [
        { price: 60, qty: 1, courseId: 'a', taxRate: 7 },
        { price: 40.5, qty: 1, courseId: 'b' },
      ],
      { kind: 'percent', value: 10 },
      TUNISIA,
    );
    expect(priced.discountPrice).toBe(10.05);
    expect(priced.taxLines).toEqual([
      { rate: 7, base: 54, amount: 3.78 },
      { rate: 19, base: 36.45, amount: 6.93 },
    ]);
    expect(priced.totalPrice).toBe(90.45 + 100 + 10.71 + 1);
  });

  it('with the default settings prices as before: one line at 15 %, no stamp', () => {
    const lines = [
      { price: 33.33, qty: 3 },
      { price: 0.1, qty: 1 },
    ];
    const priced = priceOrder(lines);
    expect(priced.taxLines).toEqual([{ rate: 15, base: 100.09, amount: 15.01 }]);
    expect(priced.stampDuty).toBe(0);
    expect(pricedBeyondSpec(priced)).toBe(false);
    const { lineTaxRates: _r, taxLines: _t, stampDuty: _s, ...amounts } = priced;
    expect(amounts).toEqual(calculateDiscountedAmounts(lines, null));
    expect(DEFAULT_PRICE_SETTINGS).toEqual({ taxRate: 15, stampDuty: 0 });
  });

  it('says when a price goes beyond the spec: another rate, or a stamp duty', () => {
    expect(pricedBeyondSpec({ taxLines: [{ rate: 15, base: 1, amount: 0.15 }], stampDuty: 0 })).toBe(false);
    expect(pricedBeyondSpec({ taxLines: [{ rate: 19, base: 1, amount: 0.19 }], stampDuty: 0 })).toBe(true);
    expect(pricedBeyondSpec({ taxLines: [], stampDuty: 1 })).toBe(true);
    expect(pricedBeyondSpec({ taxLines: [{ rate: 19, base: 1, amount: 0.19 }], stampDuty: 0 })).toBe(true);
  });

  it('passes the shop settings through the older entry points', () => {
    expect(calculateOrderAmounts([{ price: 100, qty: 1 }], TUNISIA)).toEqual({
      itemsPrice: 100,
      shippingPrice: 100,
      taxPrice: 19,
      totalPrice: 220,
    });
    expect(calculateDiscountedAmounts([{ price: 100, qty: 1, taxRate: 7 }], null, TUNISIA).totalPrice).toBe(208);
  });

  it('holds total = net + shipping + Σ tax + stamp, no negative amount, for any lines, rates and coupon (property)', () => {
    const ids = ['a', 'b', 'c'];
    const line = fc.record({
      cents: fc.integer({ min: 0, max: 5_000_00 }),
      qty: fc.integer({ min: 1, max: 30 }),
      courseId: fc.constantFrom(...ids),
      taxRate: fc.constantFrom<(number | null)[]>(null, ...COURSE_TAX_RATES),
    });
    const coupon: fc.Arbitrary<CouponRule | null> = fc.option(
      fc.record({
        kind: fc.constantFrom('percent' as const, 'fixed' as const),
        valueCents: fc.integer({ min: 1, max: 1_000_00 }),
        courses: fc.subarray(ids),
      }).map(({ kind, valueCents, courses }) => ({
        kind,
        value: kind === 'percent' ? Math.min(valueCents, 10_000) / 100 : valueCents / 100,
        courses,
      })),
    );
    const settings = fc.record({
      taxRate: fc.constantFrom(15, 19, 7, 0),
      stampDuty: fc.constantFrom(0, 1, 0.6),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), coupon, settings, (raw, rule, shop) => {
        const lines = raw.map((l) => ({ price: l.cents / 100, qty: l.qty, courseId: l.courseId, taxRate: l.taxRate }));
        const p = priceOrder(lines, rule, shop);
        const net = cents(p.itemsPrice) - cents(p.discountPrice);
        const taxSum = p.taxLines.reduce((s, t) => s + cents(t.amount), 0);
        expect(cents(p.taxPrice)).toBe(taxSum);
        expect(cents(p.stampDuty)).toBe(cents(shop.stampDuty));
        expect(cents(p.totalPrice)).toBe(net + cents(p.shippingPrice) + taxSum + cents(p.stampDuty));
        // The bases are the net, split by rate; each rate's tax is its rate of its base, to the half cent.
        expect(p.taxLines.reduce((s, t) => s + cents(t.base), 0)).toBe(net);
        for (const t of p.taxLines) {
          expect(Math.abs(cents(t.amount) - (cents(t.base) * t.rate) / 100)).toBeLessThanOrEqual(0.5);
          expect(t.base).toBeGreaterThanOrEqual(0);
          expect(t.amount).toBeGreaterThanOrEqual(0);
        }
        const rates = p.taxLines.map((t) => t.rate);
        expect(rates).toEqual([...new Set(rates)].sort((a, b) => a - b));
        expect(p.lineTaxRates).toEqual(lines.map((l) => l.taxRate ?? shop.taxRate));
        for (const v of [p.itemsPrice, p.discountPrice, p.shippingPrice, p.taxPrice, p.totalPrice]) expect(v).toBeGreaterThanOrEqual(0);
        // The older entry points (the web's cart and the API's coupon check) give the same amounts.
        const { lineTaxRates: _r, taxLines: _t, stampDuty: _s, ...amounts } = p;
        expect(calculateDiscountedAmounts(lines, rule, shop)).toEqual(amounts);
      }),
      { numRuns: 400 },
    );
  });
});

describe('how a coupon is spread over the lines (issue 52: a TEIF line amount is only as right as this spread)', () => {
  it('gives the odd cents to the largest remainders, the earlier line first on a tie', () => {
    // 10 % of 0.10 + 0.10 + 0.10 = 0.03 (0.01 each); of 0.05 × 3 lines: 0.015 → 0.02, shared 1 + 1 + 0.
    expect(discountLineCents([{ price: 0.05, qty: 1 }, { price: 0.05, qty: 1 }, { price: 0.05, qty: 1 }], { kind: 'fixed', value: 0.02 })).toEqual([1, 1, 0]);
    // Remainders 2/3 beat 1/3: 1 cent over lines of 1 and 2 cents goes to the 2-cent line.
    expect(discountLineCents([{ price: 0.01, qty: 1 }, { price: 0.02, qty: 1 }], { kind: 'fixed', value: 0.01 })).toEqual([0, 1]);
    expect(discountLineCents([{ price: 0.02, qty: 1 }, { price: 0.01, qty: 1 }], { kind: 'fixed', value: 0.01 })).toEqual([1, 0]);
    // 0.10 over 3 equal lines of 1.00: 3 + 3 + 3 and the odd cent to the first.
    expect(discountLineCents([{ price: 1, qty: 1 }, { price: 1, qty: 1 }, { price: 1, qty: 1 }], { kind: 'fixed', value: 0.1 })).toEqual([4, 3, 3]);
  });

  it('never gives an odd cent to an uncovered line, nor more than a line is worth', () => {
    const lines = [
      { price: 1, qty: 1, courseId: 'a' },
      { price: 1, qty: 1, courseId: 'b' },
      { price: 1, qty: 1, courseId: 'c' },
    ];
    expect(discountLineCents(lines, { kind: 'fixed', value: 0.1, courses: ['b', 'c'] })).toEqual([0, 5, 5]);
    expect(discountLineCents(lines, { kind: 'fixed', value: 0.11, courses: ['b', 'c'] })).toEqual([0, 6, 5]);
    // 100 %: each covered line exactly its amount.
    expect(discountLineCents([{ price: 0.01, qty: 3 }, { price: 0.02, qty: 1 }], { kind: 'percent', value: 100 })).toEqual([3, 2]);
    // A zero line gets nothing, even of the odd cents.
    expect(discountLineCents([{ price: 0, qty: 1 }, { price: 0.03, qty: 1 }], { kind: 'fixed', value: 0.02 })).toEqual([0, 2]);
  });

  it('rounds a percent half up on the covered sum and keeps it between 0 and 100 %', () => {
    expect(discountLineCents([{ price: 0.05, qty: 1 }], { kind: 'percent', value: 10 })).toEqual([1]); // 0.5 cent → 1
    expect(discountLineCents([{ price: 0.04, qty: 1 }], { kind: 'percent', value: 10 })).toEqual([0]); // 0.4 cent → 0
    expect(discountLineCents([{ price: 10, qty: 1 }], { kind: 'percent', value: 150 })).toEqual([1000]);
    expect(discountLineCents([{ price: 10, qty: 1 }], { kind: 'percent', value: -5 })).toEqual([0]);
    expect(discountLineCents([{ price: 10, qty: 1 }], { kind: 'fixed', value: -5 })).toEqual([0]);
    expect(discountLineCents([{ price: 10, qty: 1 }], null)).toEqual([0]);
    expect(discountLineCents([{ price: 0, qty: 2 }], { kind: 'fixed', value: 5 })).toEqual([0]);
    expect(discountLineCents([], { kind: 'fixed', value: 5 })).toEqual([]);
  });
});

describe('which lines a coupon covers', () => {
  const line = { price: 1, qty: 1, courseId: 'Abc', categories: ['Soft Skills', 'Art'] };
  it('covers every line when it names no course and no category (null or empty)', () => {
    expect(couponCovers({ kind: 'fixed', value: 1 }, line)).toBe(true);
    expect(couponCovers({ kind: 'fixed', value: 1, courses: null, categories: null }, line)).toBe(true);
    expect(couponCovers({ kind: 'fixed', value: 1, courses: [], categories: [] }, line)).toBe(true);
  });
  it('matches a course id without regard to case, and nothing else by id', () => {
    expect(couponCovers({ kind: 'fixed', value: 1, courses: ['aBC'] }, line)).toBe(true);
    expect(couponCovers({ kind: 'fixed', value: 1, courses: ['ab'] }, line)).toBe(false);
    expect(couponCovers({ kind: 'fixed', value: 1, courses: ['abc'] }, { ...line, courseId: null })).toBe(false);
    expect(couponCovers({ kind: 'fixed', value: 1, courses: [''] }, { ...line, courseId: '' })).toBe(false);
  });
  it('matches a category ignoring case and spaces, only whole categories', () => {
    expect(couponCovers({ kind: 'fixed', value: 1, categories: ['softskills'] }, line)).toBe(true);
    expect(couponCovers({ kind: 'fixed', value: 1, categories: ['SOFT   SKILLS'] }, line)).toBe(true);
    expect(couponCovers({ kind: 'fixed', value: 1, categories: ['soft'] }, line)).toBe(false);
    expect(couponCovers({ kind: 'fixed', value: 1, categories: ['art'] }, { ...line, categories: null })).toBe(false);
    // A course named but not this one, and a category this line has: covered by the category.
    expect(couponCovers({ kind: 'fixed', value: 1, courses: ['zzz'], categories: ['ART'] }, line)).toBe(true);
    // Only categories named, none of this line's.
    expect(couponCovers({ kind: 'fixed', value: 1, courses: ['zzz'], categories: ['English'] }, line)).toBe(false);
  });
});

describe('formatAmount', () => {
  it('writes two decimals from the exact cents', () => {
    expect(formatAmount(1)).toBe('1.00');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(1.005)).toBe('1.00');
  });
});

describe('the spread of a coupon, in the corners (mutation testing, issue 52)', () => {
  it('ranks by remainder, not by line size', () => {
    // 0.02 over 0.03 + 0.02: shares 1.2 and 0.8 cents → 1 + 0, the odd cent to the 0.8 remainder.
    expect(discountLineCents([{ price: 0.03, qty: 1 }, { price: 0.02, qty: 1 }], { kind: 'fixed', value: 0.02 })).toEqual([1, 1]);
  });
  it('never lets an uncovered line take an odd cent, even listed first', () => {
    const lines = [
      { price: 1, qty: 1, courseId: 'a' },
      { price: 0.01, qty: 1, courseId: 'b' },
      { price: 0.01, qty: 1, courseId: 'c' },
      { price: 0.01, qty: 1, courseId: 'd' },
    ];
    expect(discountLineCents(lines, { kind: 'fixed', value: 0.01, courses: ['b', 'c', 'd'] })).toEqual([0, 1, 0, 0]);
  });
  it('matches categories by case only, not by other foldings', () => {
    expect(couponCovers({ kind: 'fixed', value: 1, categories: ['ss'] }, { price: 1, qty: 1, categories: ['ß'] })).toBe(false);
  });
  it('says several rates including 15 % go beyond the spec', () => {
    expect(
      pricedBeyondSpec({
        taxLines: [
          { rate: 15, base: 1, amount: 0.15 },
          { rate: 19, base: 1, amount: 0.19 },
        ],
        stampDuty: 0,
      }),
    ).toBe(true);
  });
});

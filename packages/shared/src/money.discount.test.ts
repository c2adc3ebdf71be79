import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calculateDiscountedAmounts,
  calculateOrderAmounts,
  discountLineCents,
  type CouponRule,
  type DiscountableLine,
} from './money.js';

const cents = (n: number) => Math.round(n * 100);

describe('calculateDiscountedAmounts (coupons, issue 37)', () => {
  it('takes 10 % off, then ships and taxes the discounted amount', () => {
    // items 120, discount 12, net 108 > 100: free shipping; tax 16.20; total 124.20
    expect(calculateDiscountedAmounts([{ price: 60, qty: 2 }], { kind: 'percent', value: 10 })).toEqual({
      itemsPrice: 120,
      discountPrice: 12,
      shippingPrice: 0,
      taxPrice: 16.2,
      totalPrice: 124.2,
    });
  });

  it('charges shipping again when the discount brings the net to 100 or less', () => {
    // items 120, fixed 20 → net 100: shipping 100, tax 15, total 215
    expect(calculateDiscountedAmounts([{ price: 120, qty: 1 }], { kind: 'fixed', value: 20 })).toEqual({
      itemsPrice: 120,
      discountPrice: 20,
      shippingPrice: 100,
      taxPrice: 15,
      totalPrice: 215,
    });
  });

  it('a 100 % coupon leaves shipping only', () => {
    expect(calculateDiscountedAmounts([{ price: 80, qty: 1 }], { kind: 'percent', value: 100 })).toEqual({
      itemsPrice: 80,
      discountPrice: 80,
      shippingPrice: 100,
      taxPrice: 0,
      totalPrice: 100,
    });
  });

  it('a fixed value larger than the covered lines takes only their amount, once per order', () => {
    const lines: DiscountableLine[] = [
      { price: 30, qty: 2, courseId: 'a' },
      { price: 500, qty: 1, courseId: 'b' },
    ];
    const amounts = calculateDiscountedAmounts(lines, { kind: 'fixed', value: 100, courses: ['a'] });
    expect(amounts.discountPrice).toBe(60);
    expect(amounts.itemsPrice).toBe(560);
    expect(amounts.totalPrice).toBe(500 + 75);
  });

  it('covers lines by course id or by category (ignoring case and spaces)', () => {
    const lines: DiscountableLine[] = [
      { price: 100, qty: 1, courseId: 'a', categories: ['Programming'] },
      { price: 200, qty: 1, courseId: 'b', categories: ['Soft skills'] },
      { price: 400, qty: 1, courseId: 'c', categories: ['Art'] },
    ];
    expect(discountLineCents(lines, { kind: 'percent', value: 50, categories: ['softskills'] })).toEqual([0, 10000, 0]);
    expect(discountLineCents(lines, { kind: 'percent', value: 50, courses: ['A'], categories: ['art'] })).toEqual([
      5000, 0, 20000,
    ]);
    expect(discountLineCents(lines, { kind: 'percent', value: 50, courses: ['zzz'] })).toEqual([0, 0, 0]);
  });

  it('without a coupon prices exactly as calculateOrderAmounts', () => {
    const lines = [
      { price: 33.33, qty: 3 },
      { price: 0.1, qty: 1 },
    ];
    const { discountPrice, ...rest } = calculateDiscountedAmounts(lines, null);
    expect(discountPrice).toBe(0);
    expect(rest).toEqual(calculateOrderAmounts(lines));
  });

  it('holds its rules for any lines and coupon (property)', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const cats = ['Art', 'English', 'Programming'];
    const line = fc.record({
      cents: fc.integer({ min: 0, max: 10_000_00 }),
      qty: fc.integer({ min: 1, max: 50 }),
      courseId: fc.constantFrom(...ids),
      categories: fc.subarray(cats),
    });
    const coupon: fc.Arbitrary<CouponRule> = fc.record({
      kind: fc.constantFrom('percent' as const, 'fixed' as const),
      valueCents: fc.integer({ min: 1, max: 2_000_00 }),
      courses: fc.subarray(ids),
      categories: fc.subarray(cats),
    }).map(({ kind, valueCents, courses, categories }) => ({
      kind,
      value: kind === 'percent' ? Math.min(valueCents, 10_000) / 100 : valueCents / 100,
      courses,
      categories,
    }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), coupon, (raw, rule) => {
        const lines = raw.map((l) => ({ price: l.cents / 100, qty: l.qty, courseId: l.courseId, categories: l.categories }));
        const a = calculateDiscountedAmounts(lines, rule);
        for (const v of Object.values(a)) expect(Math.abs(v * 100 - cents(v))).toBeLessThan(1e-6);
        const perLine = discountLineCents(lines, rule);
        const coveredCents = raw.reduce((sum, l, i) => {
          const covered =
            (rule.courses?.length ?? 0) + (rule.categories?.length ?? 0) === 0 ||
            rule.courses!.includes(l.courseId) ||
            l.categories.some((c) => rule.categories!.includes(c));
          expect(perLine[i]).toBeGreaterThanOrEqual(0);
          // a discount never makes a line negative
          expect(perLine[i]).toBeLessThanOrEqual(l.cents * l.qty);
          if (!covered) expect(perLine[i]).toBe(0);
          return covered ? sum + l.cents * l.qty : sum;
        }, 0);
        const discount = cents(a.discountPrice);
        expect(perLine.reduce((x, y) => x + y, 0)).toBe(discount);
        expect(discount).toBeLessThanOrEqual(coveredCents);
        if (rule.kind === 'fixed') expect(discount).toBe(Math.min(cents(rule.value), coveredCents));
        const net = cents(a.itemsPrice) - discount;
        expect(net).toBeGreaterThanOrEqual(0);
        expect(a.shippingPrice).toBe(net > 10_000 ? 0 : 100);
        expect(Math.abs(cents(a.taxPrice) - net * 0.15)).toBeLessThanOrEqual(0.5);
        expect(cents(a.totalPrice)).toBe(net + cents(a.shippingPrice) + cents(a.taxPrice));
      }),
      { numRuns: 500 },
    );
  });
});

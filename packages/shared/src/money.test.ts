import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculateOrderAmounts, formatAmount } from './money.js';

describe('calculateOrderAmounts', () => {
  it('ships free over 100: items 120 gives shipping 0, tax 18, total 138', () => {
    expect(calculateOrderAmounts([{ price: 60, qty: 2 }])).toEqual({
      itemsPrice: 120,
      shippingPrice: 0,
      taxPrice: 18,
      totalPrice: 138,
    });
  });

  it('charges 100 shipping at exactly 100 (the threshold is strictly over)', () => {
    expect(calculateOrderAmounts([{ price: 100, qty: 1 }])).toEqual({
      itemsPrice: 100,
      shippingPrice: 100,
      taxPrice: 15,
      totalPrice: 215,
    });
  });

  it('ships free at 100.01', () => {
    expect(calculateOrderAmounts([{ price: 100.01, qty: 1 }]).shippingPrice).toBe(0);
  });

  it('adds 0.1 three times to exactly 0.30', () => {
    const amounts = calculateOrderAmounts([{ price: 0.1, qty: 3 }]);
    expect(amounts.itemsPrice).toBe(0.3);
    expect(amounts.taxPrice).toBe(0.05); // 0.045 rounds half up
    expect(amounts.totalPrice).toBe(100.35);
  });

  it('adds 0.1 and 0.2 on separate lines to exactly 0.3', () => {
    expect(
      calculateOrderAmounts([
        { price: 0.1, qty: 1 },
        { price: 0.2, qty: 1 },
      ]).itemsPrice,
    ).toBe(0.3);
  });

  it('charges shipping on an empty cart', () => {
    expect(calculateOrderAmounts([])).toEqual({
      itemsPrice: 0,
      shippingPrice: 100,
      taxPrice: 0,
      totalPrice: 100,
    });
  });

  it('rounds tax half up to the cent', () => {
    // 33.33 × 15 % = 4.9995 → 5.00
    expect(calculateOrderAmounts([{ price: 33.33, qty: 1 }]).taxPrice).toBe(5);
    // 10.03 × 15 % = 1.5045 → 1.50
    expect(calculateOrderAmounts([{ price: 10.03, qty: 1 }]).taxPrice).toBe(1.5);
  });

  it('holds its rules for any cart (property)', () => {
    const line = fc.record({
      cents: fc.integer({ min: 0, max: 100_000_00 }),
      qty: fc.integer({ min: 1, max: 100 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (raw) => {
        const lines = raw.map((l) => ({ price: l.cents / 100, qty: l.qty }));
        const a = calculateOrderAmounts(lines);
        const itemsCents = raw.reduce((s, l) => s + l.cents * l.qty, 0);
        const cents = (n: number) => Math.round(n * 100);
        // exact to the cent, each with at most two decimals
        for (const v of Object.values(a)) expect(Math.abs(v * 100 - cents(v))).toBeLessThan(1e-6);
        expect(cents(a.itemsPrice)).toBe(itemsCents);
        expect(a.shippingPrice).toBe(itemsCents > 10_000 ? 0 : 100);
        expect(Math.abs(cents(a.taxPrice) - itemsCents * 0.15)).toBeLessThanOrEqual(0.5);
        expect(cents(a.totalPrice)).toBe(
          cents(a.itemsPrice) + cents(a.shippingPrice) + cents(a.taxPrice),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatAmount', () => {
  it('always shows two decimals', () => {
    expect(formatAmount(120)).toBe('120.00');
    expect(formatAmount(0.3)).toBe('0.30');
  });
});

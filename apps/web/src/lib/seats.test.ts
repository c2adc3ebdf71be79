import { ORDER_QTY_MAX } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { clampQty, maxSeats } from './seats';

describe('cart quantities', () => {
  it('offers 1 to the seats left, capped by the largest order line', () => {
    expect(maxSeats(4)).toBe(4);
    expect(maxSeats(0)).toBe(0);
    expect(maxSeats(ORDER_QTY_MAX + 50)).toBe(ORDER_QTY_MAX);
  });

  it('reads ?qty= with a default of 1, clamped to 1..availability', () => {
    expect(clampQty(null, 5)).toBe(1);
    expect(clampQty('3', 5)).toBe(3);
    expect(clampQty('9', 5)).toBe(5);
    expect(clampQty('0', 5)).toBe(1);
    expect(clampQty('-2', 5)).toBe(1);
    expect(clampQty('abc', 5)).toBe(1);
    expect(clampQty('2.7', 5)).toBe(2);
  });
});

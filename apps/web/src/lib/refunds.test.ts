import { describe, expect, it } from 'vitest';
import { refundKind } from './refunds';

const paidAt = '2026-11-20T10:00:00.000Z';

describe('refundKind', () => {
  it('names the refund of a cancel, a second payment of a paid order, and money that reached a closed order', () => {
    const cancelledAt = '2026-11-22T10:00:00.000Z';
    expect(refundKind({ paidAt, refundedAt: cancelledAt }, { dueAt: cancelledAt })).toBe('cancelled');
    expect(refundKind({ paidAt, refundedAt: cancelledAt }, { dueAt: '2026-11-21T10:00:00.000Z' })).toBe('paidTwice');
    expect(refundKind({ paidAt, refundedAt: null }, { dueAt: '2026-11-20T10:01:00.000Z' })).toBe('paidTwice');
    // Owed back before the centre took a payment at the desk: it came while the order was closed.
    expect(refundKind({ paidAt, refundedAt: null }, { dueAt: '2026-11-19T10:00:00.000Z' })).toBe('orderClosed');
    expect(refundKind({ paidAt: null, refundedAt: null }, { dueAt: '2026-11-19T10:00:00.000Z' })).toBe('orderClosed');
  });
});

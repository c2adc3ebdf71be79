import type { Order, OrderRefund } from '@shop/shared';

/**
 * Why an order owes a payment back (issue 49), read from the order: the refund its own cancel
 * made (due at the instant it was cancelled, `refundedAt`), a payment that came once the order
 * was already paid ("received twice"), or one that reached it closed (cancelled, or expired with
 * its seats gone).
 */
export type RefundKind = 'cancelled' | 'paidTwice' | 'orderClosed';

export function refundKind(order: Pick<Order, 'refundedAt' | 'paidAt'>, refund: Pick<OrderRefund, 'dueAt'>): RefundKind {
  if (order.refundedAt && Date.parse(refund.dueAt) === Date.parse(order.refundedAt)) return 'cancelled';
  if (order.paidAt && Date.parse(refund.dueAt) >= Date.parse(order.paidAt)) return 'paidTwice';
  return 'orderClosed';
}

/** The refunds still owed, oldest first. */
export const refundsDue = (order: Pick<Order, 'refunds'>): OrderRefund[] => order.refunds.filter((r) => r.status === 'due');

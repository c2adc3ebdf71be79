/** Types of the orders module that other modules name. Type-only: imports no code. */
import type { PaymentOptions, PaymentStarted } from '@shop/shared';
import type { AuthUser } from '../../../middleware/auth.js';
import type { OrderRecord } from './orders.repository.js';

export type { OrderRecord, RefundRecord } from './orders.repository.js';
export type { InvoiceSnapshot } from './invoice.js';

/**
 * The port through which the order routes reach online payment (issue 50, decision 0468):
 * declared here, implemented by the payments module (which sits above orders and calls them),
 * handed to `ordersRouter` by app.ts. Orders never import payments.
 */
export interface OrderPayments {
  /** What the shop offers (`GET /api/payments/options`). */
  readonly options: PaymentOptions;
  /** `POST /api/orders/{id}/payment`: the order's payable page for its owner. */
  startPayment(user: AuthUser, orderId: string): Promise<PaymentStarted>;
  /** Before an order is read: asks the provider about its pending attempts; true when it changed. */
  refreshOrder(order: Pick<OrderRecord, 'id' | 'status' | 'paymentMethod'>): Promise<boolean>;
}

// The order as placed, carried by the `orderPlaced` event (decision 0496), is this module's record.
declare module '../../../events/domain-events.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the record's members, through `extends`
  interface PlacedOrder extends OrderRecord {}
}

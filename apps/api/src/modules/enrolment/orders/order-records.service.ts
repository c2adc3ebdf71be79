/**
 * Order records as the modules below orders use them (docs/decisions/0292): coupons pays an
 * order its coupon made free, sessions cancels the orders of a cancelled session, payments
 * reads an order and holds its seats. Apart from orders.service.ts, which uses the coupons
 * service: these modules import this file without a cycle.
 */
export { invoiceSeller } from './invoice.js';
export { cancelOrderRecord, payOrderRecord, setHoldExpiry } from './order-states.repository.js';
export { findOrderById, findOrderCourses, type OrderRecord } from './orders.repository.js';

/**
 * The orders module's mails as other modules send them or build on them (docs/decisions/0292):
 * coupons sends "order paid", sessions "session cancelled" and its reminders use the order's
 * link and Tunis time. Imports no other module's service, so any module can use it.
 */
export { orderLink, orderPaidMail, sessionCancelledMail } from './order-mails.js';

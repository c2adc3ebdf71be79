/**
 * A coupon's uses as the orders module changes them with an order's state (docs/decisions/0292):
 * a cancelled or expired order frees its use, a revived one takes it back. Apart from
 * coupons.service.ts, which uses the orders module: orders imports this file without a cycle.
 */
export { releaseCouponUses, retakeCouponUse } from './coupons.repository.js';

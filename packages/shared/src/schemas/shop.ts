import { z } from '../zod.js';

/**
 * `GET /api/shop`: where and when the centre receives its customers (settings `SHOP_ADDRESS`,
 * `SHOP_HOURS`), for the contact page and the "pay on site" instructions of an In Place order.
 * An empty string: not set (production without the setting).
 */
export const shopInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  hours: z.string(),
  /** The hours for French and Arabic pages (`SHOP_HOURS_FR`, `SHOP_HOURS_AR`; else `hours`, issue 54). */
  hoursFr: z.string(),
  hoursAr: z.string(),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

/**
 * `GET /api/shop/pricing` (issue 52): what the shared calculator prices orders with, so the
 * storefront shows the totals the server will charge.
 */
export const shopPricingSchema = z.object({
  /** The shop's VAT rate in percent (`TAX_RATE`, default 15) for courses that carry none. */
  taxRate: z.number(),
  /** The stamp duty added to every order (`STAMP_DUTY`, TND, default 0). */
  stampDuty: z.number(),
});
export type ShopPricing = z.infer<typeof shopPricingSchema>;

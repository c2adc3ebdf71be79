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
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

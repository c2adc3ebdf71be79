import type { ShopInfo, ShopPricing } from '@shop/shared';
import { api } from './base';

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The centre's address and opening hours, as the shop's settings give them (GET /api/shop). */
    getShopInfo: build.query<ShopInfo, void>({
      query: () => '/shop',
      // Settings change only when the shop restarts.
      keepUnusedDataFor: 3600,
    }),
    /** The shop's VAT rate and stamp duty (GET /api/shop/pricing, issue 52): the cart is priced as the server will. */
    getShopPricing: build.query<ShopPricing, void>({
      query: () => '/shop/pricing',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetShopInfoQuery, useGetShopPricingQuery } = shopApi;

/** The centre's opening hours in the language on screen (issue 54), or '' when the shop set none. */
export function shopHoursIn(shop: ShopInfo | undefined, language: string): string {
  if (!shop) return '';
  return language === 'fr' ? shop.hoursFr : language === 'ar' ? shop.hoursAr : shop.hours;
}

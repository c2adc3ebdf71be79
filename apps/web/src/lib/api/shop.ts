import type { ShopInfo } from '@shop/shared';
import { api } from './base';

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The centre's address and opening hours, as the shop's settings give them (GET /api/shop). */
    getShopInfo: build.query<ShopInfo, void>({
      query: () => '/shop',
      // Settings change only when the shop restarts.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetShopInfoQuery } = shopApi;

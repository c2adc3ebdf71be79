import type { Coupon, CouponBody, CouponCheck, CouponCheckBody, MessageResponse } from '@shop/shared';
import { api } from './base';
import { onSuccess } from './tags';

/** Coupons (issue 37): the customer's check call and the admin's list and edit calls. */
export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The amounts of the cart with a promo code, priced by the server. A query (not a mutation)
     * although it is a POST: it runs again by itself whenever the code or the cart changes.
     */
    checkCoupon: build.query<CouponCheck, CouponCheckBody>({
      query: (body) => ({ url: '/coupons/check', method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
    getCoupons: build.query<Coupon[], void>({
      query: () => '/coupons',
      providesTags: [{ type: 'Coupon', id: 'LIST' }],
    }),
    createCoupon: build.mutation<Coupon, CouponBody>({
      query: (body) => ({ url: '/coupons', method: 'POST', body }),
      invalidatesTags: onSuccess(() => [{ type: 'Coupon', id: 'LIST' }]),
    }),
    updateCoupon: build.mutation<Coupon, { id: string; body: CouponBody }>({
      query: ({ id, body }) => ({ url: `/coupons/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: onSuccess(() => [{ type: 'Coupon', id: 'LIST' }]),
    }),
    deleteCoupon: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/coupons/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess(() => [{ type: 'Coupon', id: 'LIST' }]),
    }),
  }),
});

export const {
  useCheckCouponQuery,
  useGetCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useDeleteCouponMutation,
} = couponsApi;

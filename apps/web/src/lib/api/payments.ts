import type { PaymentOptions, PaymentStarted } from '@shop/shared';
import { api } from './base';

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Which payment methods the shop offers (Card only with an online payment provider). */
    getPaymentOptions: build.query<PaymentOptions, void>({
      query: () => '/payments/options',
    }),
    /** The provider's payment page for an unpaid Card order (an open one is handed out again). */
    startPayment: build.mutation<PaymentStarted, string>({
      query: (id) => ({ url: `/orders/${encodeURIComponent(id)}/payment`, method: 'POST', body: {} }),
    }),
  }),
});

export const { useGetPaymentOptionsQuery, useStartPaymentMutation } = paymentsApi;

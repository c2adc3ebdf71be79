import type { CreateOrderBody, Order } from '@shop/shared';
import { api } from './base';
import { pageOf, type Page } from './page';
import { onSuccess } from './tags';

export interface OrderListArgs {
  page?: number;
  limit?: number;
}

export type OrderPage = Page<'orders', Order>;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The Idempotency-Key makes a retried click return the first order, never a second one. */
    createOrder: build.mutation<Order, { body: CreateOrderBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/orders',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: onSuccess(() => [
        { type: 'Order', id: 'MINE' },
        { type: 'Order', id: 'LIST' },
        { type: 'Course', id: 'LIST' },
      ]),
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    getMyOrders: build.query<Order[], void>({
      query: () => '/orders/myorders',
      providesTags: [{ type: 'Order', id: 'MINE' }],
    }),
    getOrders: build.query<OrderPage, OrderListArgs>({
      query: (args) => ({ url: '/orders', params: args }),
      transformResponse: (orders: Order[], meta) => pageOf('orders', orders, meta),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    // Pay and learn invalidate even when refused: a 409 means another admin changed the order
    // meanwhile, so it is fetched again; unlike the forms of base.ts, nothing typed is lost.
    payOrder: build.mutation<Order, string>({
      query: (id) => ({ url: `/orders/${encodeURIComponent(id)}/pay`, method: 'PUT', body: {} }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Order', id },
        { type: 'Order', id: 'LIST' },
        { type: 'Order', id: 'MINE' },
      ],
    }),
    learnOrder: build.mutation<Order, string>({
      query: (id) => ({ url: `/orders/${encodeURIComponent(id)}/learn`, method: 'PUT', body: {} }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Order', id },
        { type: 'Order', id: 'LIST' },
        { type: 'Order', id: 'MINE' },
      ],
    }),
  }),
});

export const {
  useCreateOrderMutation,
  useGetOrderQuery,
  useGetMyOrdersQuery,
  useGetOrdersQuery,
  usePayOrderMutation,
  useLearnOrderMutation,
} = ordersApi;

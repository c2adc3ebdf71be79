import type { CreateOrderInput as CreateOrderBody, LineLearnersBody, Order, OrderEvent, PaymentMethod } from '@shop/shared';
import { api } from './base';
import { definedParams, pageOf, type Page } from './page';
import { onSuccess } from './tags';

export interface OrderListArgs {
  page?: number;
  limit?: number;
  /** The admin list's filters (issue 19), kept in the URL by the screen. */
  q?: string | undefined;
  status?: string | undefined;
  paymentMethod?: string | undefined;
  paid?: string | undefined;
  learned?: string | undefined;
  /** `submitted`: Transfer orders whose proof of payment waits for a check (issue 36). */
  proof?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: string | undefined;
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
    /** Issue 51: the orders the signed-in adult accepted to pay for a child. */
    getOrdersIPay: build.query<Order[], void>({
      query: () => '/orders/paying',
      providesTags: [{ type: 'Order', id: 'PAYING' }],
    }),
    /** Issue 51: a child account asks an adult (by e-mail) to pay its pending order. */
    askPayer: build.mutation<{ message: string }, { id: string; email: string }>({
      query: ({ id, email }) => ({ url: `/orders/${encodeURIComponent(id)}/payer`, method: 'POST', body: { email } }),
    }),
    /** Issue 51: the adult accepts the mailed link's request; the order gains `payer`. */
    acceptPayer: build.mutation<Order, { id: string; token: string; paymentMethod?: PaymentMethod }>({
      query: ({ id, token, paymentMethod }) => ({
        url: `/orders/${encodeURIComponent(id)}/payer/accept`,
        method: 'POST',
        body: { token, ...(paymentMethod ? { paymentMethod } : {}) },
      }),
      invalidatesTags: onSuccess(({ id }: { id: string }) => [...orderChanged(id), { type: 'Order' as const, id: 'PAYING' }]),
    }),
    /**
     * Issue 51: the buyer or an admin replaces a line's named learners (`_id` keeps a learner's
     * record); 409 LEARNERS_LOCKED once the session started or the order is no longer pending or paid.
     */
    updateLineLearners: build.mutation<Order, { id: string; lineId: string; body: LineLearnersBody }>({
      query: ({ id, lineId, body }) => ({
        url: `/orders/${encodeURIComponent(id)}/lines/${encodeURIComponent(lineId)}/learners`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => orderChanged(id),
    }),
    getOrders: build.query<OrderPage, OrderListArgs>({
      query: (args) => ({ url: '/orders', params: definedParams(args) }),
      transformResponse: (orders: Order[], meta) => pageOf('orders', orders, meta),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    /** Admin: who did what to the order. */
    getOrderHistory: build.query<OrderEvent[], string>({
      query: (id) => `/orders/${encodeURIComponent(id)}/history`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id: `${id}/history` }],
    }),
    // Pay, learn and cancel invalidate even when refused: a 409 means someone else (another
    // admin, the customer, the hold expiry) changed the order meanwhile, so it is fetched
    // again; unlike the forms of base.ts, nothing typed is lost.
    payOrder: build.mutation<Order, string>({
      query: (id) => ({ url: `/orders/${encodeURIComponent(id)}/pay`, method: 'PUT', body: {} }),
      // Paying an expired order takes its seats again.
      invalidatesTags: (result, _e, id) => [...orderChanged(id), ...seatsChanged(result)],
    }),
    learnOrder: build.mutation<Order, string>({
      query: (id) => ({ url: `/orders/${encodeURIComponent(id)}/learn`, method: 'PUT', body: {} }),
      // Learned: the order's certificate was issued (issue 35).
      invalidatesTags: (_r, _e, id) => [...orderChanged(id), { type: 'Certificate', id: 'LIST' }],
    }),
    /**
     * Admin: a refund due on the order was made (issue 31): the one of payment `reference`, or the
     * oldest due (issue 49); it gets its own credit note number.
     */
    recordRefund: build.mutation<Order, { id: string; note?: string; reference?: string }>({
      query: ({ id, note, reference }) => ({
        url: `/orders/${encodeURIComponent(id)}/refund`,
        method: 'PUT',
        body: { ...(note ? { note } : {}), ...(reference ? { reference } : {}) },
      }),
      invalidatesTags: (_r, _e, { id }) => orderChanged(id),
    }),
    /** The seats go back on sale: course pages are fetched again. */
    cancelOrder: build.mutation<Order, string | { id: string; reason?: string }>({
      // Issue 54: an admin may say why (kept on the order, told in the customer's mail).
      query: (arg) => {
        const { id, reason } = typeof arg === 'string' ? { id: arg, reason: undefined } : arg;
        return { url: `/orders/${encodeURIComponent(id)}/cancel`, method: 'POST', body: reason ? { reason } : {} };
      },
      invalidatesTags: (result, _e, arg) => [...orderChanged(typeof arg === 'string' ? arg : arg.id), ...seatsChanged(result)],
    }),
    /**
     * The invoice PDF as an object URL for a download link (the request needs the bearer
     * token, so a plain link to the API cannot fetch it). The caller revokes the URL.
     */
    downloadInvoice: build.mutation<string, string>({
      query: (id) => ({
        url: `/orders/${encodeURIComponent(id)}/invoice`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    /** The order's sessions as an iCalendar file (issue 33), as an object URL (as the invoice). */
    downloadCalendar: build.mutation<string, string>({
      query: (id) => ({
        url: `/orders/${encodeURIComponent(id)}/calendar.ics`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    /** Issue 51: the training agreement of an order invoiced to a company, as an object URL (as the invoice). */
    downloadAgreement: build.mutation<string, string>({
      query: (id) => ({
        url: `/orders/${encodeURIComponent(id)}/agreement`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    /** Issue 51: the attendance certificate once the session ended, as an object URL (as the invoice). */
    downloadAttendanceCertificate: build.mutation<string, string>({
      query: (id) => ({
        url: `/orders/${encodeURIComponent(id)}/attendance-certificate`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    /** A credit note PDF of a refunded order (one per refund made), as an object URL (as the invoice). */
    downloadCreditNote: build.mutation<string, { id: string; number: string }>({
      query: ({ id, number }) => ({
        url: `/orders/${encodeURIComponent(id)}/credit-note?number=${encodeURIComponent(number)}`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    /** Issue 52: the invoice in TTN's TEIF format (admin back office), as an object URL (as the invoice). */
    downloadInvoiceXml: build.mutation<string, string>({
      query: (id) => ({
        url: `/orders/${encodeURIComponent(id)}/invoice.xml`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    /** Issue 52: a credit note in TTN's TEIF format, by its number, as an object URL (as the invoice). */
    downloadCreditNoteXml: build.mutation<string, { id: string; number: string }>({
      query: ({ id, number }) => ({
        url: `/orders/${encodeURIComponent(id)}/credit-note.xml?number=${encodeURIComponent(number)}`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    /** Issue 52 (admin): records the reference El Fatoora gave the invoice; the order answers with `invoiceTtn`. */
    recordInvoiceTtn: build.mutation<Order, { id: string; reference: string }>({
      query: ({ id, reference }) => ({
        url: `/orders/${encodeURIComponent(id)}/invoice/ttn`,
        method: 'PUT',
        body: { reference },
      }),
      invalidatesTags: (_r, _e, { id }) => orderChanged(id),
    }),
    /** Issue 52 (admin): the same for a credit note (`number`: which one). */
    recordCreditNoteTtn: build.mutation<Order, { id: string; reference: string; number: string }>({
      query: ({ id, reference, number }) => ({
        url: `/orders/${encodeURIComponent(id)}/credit-note/ttn`,
        method: 'PUT',
        body: { reference, number },
      }),
      invalidatesTags: (_r, _e, { id }) => orderChanged(id),
    }),
  }),
});

/** The course pages whose seats an order's change moved. */
function seatsChanged(order: Order | undefined) {
  return [
    { type: 'Course' as const, id: 'LIST' },
    ...(order?.orderItems.flatMap((line) => (line.course ? [{ type: 'Course' as const, id: line.course }] : [])) ?? []),
  ];
}

function orderChanged(id: string) {
  return [
    { type: 'Order' as const, id },
    { type: 'Order' as const, id: `${id}/history` },
    { type: 'Order' as const, id: 'LIST' },
    { type: 'Order' as const, id: 'MINE' },
  ];
}

export const {
  useCreateOrderMutation,
  useGetOrderQuery,
  useGetMyOrdersQuery,
  useGetOrdersIPayQuery,
  useAskPayerMutation,
  useAcceptPayerMutation,
  useGetOrdersQuery,
  useUpdateLineLearnersMutation,
  usePayOrderMutation,
  useLearnOrderMutation,
  useCancelOrderMutation,
  useRecordRefundMutation,
  useGetOrderHistoryQuery,
  useDownloadInvoiceMutation,
  useDownloadCreditNoteMutation,
  useDownloadInvoiceXmlMutation,
  useDownloadCreditNoteXmlMutation,
  useRecordInvoiceTtnMutation,
  useRecordCreditNoteTtnMutation,
  useDownloadCalendarMutation,
  useDownloadAgreementMutation,
  useDownloadAttendanceCertificateMutation,
} = ordersApi;

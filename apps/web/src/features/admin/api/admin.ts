import type {
  AdminCourseSort,
  AuditEntity,
  AuditEventJson,
  Course,
  OrderSort,
  OrderStatus,
  PaymentMethod,
  RefundDue,
  Stats,
  StatsInterval,
  UploadedImage,
} from '@shop/shared';
import { api } from '@/lib/api/base';
import { definedParams, pageOf, type Page } from '@/lib/api/page';

export interface StatsArgs {
  from?: string | undefined;
  to?: string | undefined;
  interval?: StatsInterval | undefined;
}

export interface AdminCourseListArgs {
  q?: string | undefined;
  /** Absent: drafts and published courses alike. */
  status?: 'draft' | 'published' | undefined;
  category?: string | undefined;
  soldOut?: 'true' | 'false' | undefined;
  sort?: AdminCourseSort | undefined;
  page: number;
  limit: number;
}

export interface AuditListArgs {
  entity?: AuditEntity | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** Who made the records (a user id). */
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  limit: number;
}

/** The filters of the order list, as its export takes them. */
export interface OrderFilterArgs {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  paymentMethod?: PaymentMethod | undefined;
  paid?: 'true' | 'false' | undefined;
  learned?: 'true' | 'false' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: OrderSort | undefined;
}

/** The back office's own calls; injected when an admin screen loads (this file is in the admin chunks). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<Stats, StatsArgs>({
      query: (args) => ({ url: '/admin/stats', params: definedParams(args) }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    /** The dashboard's "payments to refund" (issue 31), oldest first. */
    getRefundsDue: build.query<Page<'refunds', RefundDue>, { limit: number }>({
      query: (args) => ({ url: '/admin/refunds', params: definedParams(args) }),
      transformResponse: (refunds: RefundDue[], meta) => pageOf('refunds', refunds, meta),
      // Cancelling, paying or recording a refund invalidates the order list.
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    getAdminCourses: build.query<Page<'courses', Course>, AdminCourseListArgs>({
      query: (args) => ({ url: '/admin/courses', params: definedParams(args) }),
      transformResponse: (courses: Course[], meta) => pageOf('courses', courses, meta),
      providesTags: (result) => [
        { type: 'Course', id: 'LIST' },
        ...(result?.courses.map((c) => ({ type: 'Course' as const, id: c._id })) ?? []),
      ],
    }),
    getAuditTrail: build.query<Page<'events', AuditEventJson>, AuditListArgs>({
      query: (args) => ({ url: '/admin/audit', params: definedParams(args) }),
      transformResponse: (events: AuditEventJson[], meta) => pageOf('events', events, meta),
      // Every admin write adds a record: the trail is fetched again whenever a list changes.
      providesTags: [
        { type: 'Order', id: 'LIST' },
        { type: 'Course', id: 'LIST' },
        { type: 'User', id: 'LIST' },
      ],
    }),
    /** The picture itself is the body; the server reads its type from the bytes. */
    uploadImage: build.mutation<UploadedImage, File>({
      query: (file) => ({
        url: '/images',
        method: 'POST',
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
    }),
    /**
     * The CSV of the filtered orders as an object URL (the request needs the bearer token, so
     * a plain link cannot fetch it). The caller revokes the URL.
     */
    exportOrders: build.mutation<string, OrderFilterArgs>({
      query: (args) => ({
        url: '/orders/export.csv',
        params: definedParams(args),
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
    /** Issue 52: the accountant's ZIP of a period's invoices and credit notes (Tunis days), as an object URL. */
    exportInvoices: build.mutation<string, { from: string; to: string }>({
      query: (params) => ({
        url: '/invoices/export',
        params,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
  }),
});

export const {
  useGetStatsQuery,
  useGetRefundsDueQuery,
  useGetAdminCoursesQuery,
  useGetAuditTrailQuery,
  useUploadImageMutation,
  useExportOrdersMutation,
  useExportInvoicesMutation,
} = adminApi;

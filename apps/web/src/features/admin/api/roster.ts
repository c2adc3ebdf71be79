import type { AttendanceBody, RosterRow, SessionDetail, SessionLearnedResult } from '@shop/shared';
import { api } from '@/lib/api/base';

/**
 * A session's roster, attendance and "mark learned" (issue 34; docs/product.md#rules, "Sessions").
 * The roster is tagged with the order list: a write on orders (pay, cancel, move a learner)
 * reads it again.
 */
export const rosterTag = (session: string) => ({ type: 'Order' as const, id: `roster:${session}` });

export const rosterApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessionDetail: build.query<SessionDetail, string>({
      query: (id) => `/sessions/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id: 'LIST' }, rosterTag(id)],
    }),
    getRoster: build.query<RosterRow[], string>({
      query: (id) => `/sessions/${encodeURIComponent(id)}/roster`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id: 'LIST' }, rosterTag(id)],
    }),
    /** One day's ticks (the learners present replace the day's); answers the roster. */
    saveAttendance: build.mutation<RosterRow[], AttendanceBody & { session: string }>({
      query: ({ session, ...body }) => ({
        url: `/sessions/${encodeURIComponent(session)}/attendance`,
        method: 'PUT',
        body,
      }),
    }),
    markLearned: build.mutation<SessionLearnedResult, { session: string; orders: string[] }>({
      query: ({ session, orders }) => ({
        url: `/sessions/${encodeURIComponent(session)}/learned`,
        method: 'POST',
        body: { orders },
      }),
      // Whatever the answers, some orders may have changed: the roster and order list read again.
      invalidatesTags: (_result, _error, { session }) => [
        { type: 'Order', id: 'LIST' },
        rosterTag(session),
        { type: 'Certificate', id: 'LIST' },
      ],
    }),
    /** The attendance CSV, fetched with the sign-in token, as an object URL. */
    downloadAttendanceCsv: build.mutation<string, string>({
      query: (id) => ({
        url: `/sessions/${encodeURIComponent(id)}/attendance.csv`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
  }),
});

export const {
  useGetSessionDetailQuery,
  useGetRosterQuery,
  useSaveAttendanceMutation,
  useMarkLearnedMutation,
  useDownloadAttendanceCsvMutation,
} = rosterApi;

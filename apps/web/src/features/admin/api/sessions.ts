import type { AdminSession, Session, SessionBody } from '@shop/shared';
import { api } from '@/lib/api/base';
import { onSuccess } from '@/lib/api/tags';

/** The course page and the lists show a course's sessions and seats: both read again. */
const courseChanged = (course: string) => [
  { type: 'Course' as const, id: course },
  { type: 'Course' as const, id: 'LIST' },
];

/** Admin writes of dated sessions (issue 33; docs/product.md#rules, "Sessions"). */
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Issue 51: the course's sessions as the admin edits them (with the meeting link, never public). */
    getAdminSessions: build.query<AdminSession[], string>({
      query: (course) => `/courses/${encodeURIComponent(course)}/sessions`,
      providesTags: (_r, _e, course) => [{ type: 'Course' as const, id: course }],
    }),
    createSession: build.mutation<Session, SessionBody & { course: string }>({
      query: ({ course, ...body }) => ({
        url: `/courses/${encodeURIComponent(course)}/sessions`,
        method: 'POST',
        body,
      }),
      invalidatesTags: onSuccess(({ course }) => courseChanged(course)),
    }),
    /** The whole body each time; 409 when the capacity is below the seats taken. */
    updateSession: build.mutation<Session, SessionBody & { _id: string; course: string }>({
      query: ({ _id, course: _course, ...body }) => ({
        url: `/sessions/${encodeURIComponent(_id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: onSuccess(({ course }) => courseChanged(course)),
    }),
    cancelSession: build.mutation<Session, { _id: string; course: string }>({
      query: ({ _id }) => ({ url: `/sessions/${encodeURIComponent(_id)}/cancel`, method: 'POST' }),
      invalidatesTags: onSuccess(({ course }) => [
        ...courseChanged(course),
        { type: 'Order' as const, id: 'LIST' },
      ]),
    }),
  }),
});

export const {
  useGetAdminSessionsQuery,
  useCreateSessionMutation,
  useUpdateSessionMutation,
  useCancelSessionMutation,
} = sessionsApi;

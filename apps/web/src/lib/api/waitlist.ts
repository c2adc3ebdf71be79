import type { WaitlistEntry, WaitlistPosition } from '@shop/shared';
import { api } from './base';
import { onSuccess } from './tags';

/** The signed-in customer's waitlists (issue 34): a tag of the course list's type, no new tag type. */
const WAITLIST_TAG = { type: 'Course' as const, id: 'WAITLIST' };

/** Waitlists of full sessions (issue 34): join, leave, the customer's list with positions and offers. */
export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyWaitlist: build.query<WaitlistEntry[], void>({
      query: () => '/waitlist',
      providesTags: [WAITLIST_TAG],
    }),
    joinWaitlist: build.mutation<
      WaitlistPosition,
      { sessionId: string; courseId: string; seats: number }
    >({
      query: ({ sessionId, seats }) => ({
        url: `/sessions/${encodeURIComponent(sessionId)}/waitlist`,
        method: 'POST',
        body: { seats },
      }),
      invalidatesTags: onSuccess(({ courseId }) => [
        WAITLIST_TAG,
        { type: 'Course', id: courseId },
      ]),
    }),
    leaveWaitlist: build.mutation<{ message: string }, { sessionId: string; courseId: string }>({
      query: ({ sessionId }) => ({
        url: `/sessions/${encodeURIComponent(sessionId)}/waitlist`,
        method: 'DELETE',
      }),
      invalidatesTags: onSuccess(({ courseId }) => [
        WAITLIST_TAG,
        { type: 'Course', id: courseId },
      ]),
    }),
  }),
});

export const { useGetMyWaitlistQuery, useJoinWaitlistMutation, useLeaveWaitlistMutation } =
  waitlistApi;

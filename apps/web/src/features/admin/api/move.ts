import type { Order, SessionMoveBody } from '@shop/shared';
import { api } from '@/lib/api/base';
import { rosterTag } from './roster';

/**
 * Moving a learner to another session of the same course (issue 34, decision 0396):
 * `POST /api/sessions/{id}/move {order, to}` answers the order. The caller refreshes the
 * rosters and the course once the admin has read the outcome (`movedTags`).
 */
export const moveApi = api.injectEndpoints({
  endpoints: (build) => ({
    moveLearner: build.mutation<Order, SessionMoveBody & { session: string }>({
      query: ({ session, ...body }) => ({
        url: `/sessions/${encodeURIComponent(session)}/move`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

/** What a move changes on screen: both rosters, the course's sessions and seats, the order lists. */
export const movedTags = (from: string, to: string, course: string) => [
  rosterTag(from),
  rosterTag(to),
  { type: 'Order' as const, id: 'LIST' },
  { type: 'Course' as const, id: course },
  { type: 'Course' as const, id: 'LIST' },
];

export const { useMoveLearnerMutation } = moveApi;

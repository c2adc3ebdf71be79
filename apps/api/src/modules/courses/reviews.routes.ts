import { Router } from 'express';
import { messageSchema, MESSAGES, reviewBodySchema } from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { apiRoutes, idParams } from '../../http/route.js';
import { reviewCourse } from './reviews.service.js';

/** Mounted by the courses router under `/api/courses/:id/reviews`. */
export function reviewsRouter(ctx: AppContext): Router {
  const router = Router({ mergeParams: true });
  apiRoutes(router, ctx.guards).post(
    '/',
    {
      summary: 'Review a course (once per user)',
      access: 'user',
      params: idParams(MESSAGES.courseNotFound),
      body: reviewBodySchema,
      status: 201,
      answer: messageSchema,
    },
    async ({ params, user, body }) => {
      await reviewCourse(ctx, params.id, user, body);
      return { message: MESSAGES.reviewAdded };
    },
  );
  return router;
}

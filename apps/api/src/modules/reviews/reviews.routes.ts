import { Router } from 'express';
import { MESSAGES, reviewBodySchema, type ReviewBody } from '@shop/shared';
import type { AppDeps } from '../../app.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { reviewCourse } from './reviews.service.js';

/** Mounted by the courses router under `/api/courses/:id/reviews`. */
export function reviewsRouter(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  router.post('/', requireAuth(deps), validate(reviewBodySchema), async (req, res) => {
    const { id } = req.params as { id?: string };
    await reviewCourse(deps.database.db, id ?? '', currentUser(req), req.body as ReviewBody);
    res.status(201).json({ message: MESSAGES.reviewAdded });
  });
  return router;
}

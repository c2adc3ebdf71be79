import { Router } from 'express';
import { MESSAGES, reviewBodySchema, type ReviewBody } from '@shop/shared';
import type { AppDeps } from '../../app.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { pathParam, validate } from '../../middleware/validate.js';
import { reviewCourse } from './reviews.service.js';

/** Mounted by the courses router under `/api/courses/:id/reviews`. */
export function reviewsRouter(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  router.post('/', requireAuth(deps), validate(reviewBodySchema), async (req, res) => {
    await reviewCourse(deps.database.db, pathParam(req, 'id'), currentUser(req), req.body as ReviewBody);
    res.status(201).json({ message: MESSAGES.reviewAdded });
  });
  return router;
}

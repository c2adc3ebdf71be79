import { Router, type Request } from 'express';
import {
  courseQuerySchema,
  courseUpdateBodySchema,
  MESSAGES,
  type CourseQuery,
  type CourseUpdate,
} from '@shop/shared';
import type { AppDeps } from '../../app.js';
import { requireAdmin, requireAuth } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { reviewsRouter } from '../reviews/reviews.routes.js';
import {
  browseCourses,
  createBlankCourse,
  editCourse,
  getCourseDetail,
  removeCourse,
} from './courses.service.js';

/** The `:id` of the path (guards typed for any route widen its type). */
function courseIdOf(req: Request): string {
  const { id } = req.params;
  return typeof id === 'string' ? id : '';
}

export function coursesRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const signedIn = requireAuth(deps);

  router.get('/', validate(courseQuerySchema, 'query'), async (req, res) => {
    const { courses, total } = await browseCourses(db, req.query as CourseQuery);
    res.setHeader('X-Total-Count', String(total));
    // Lets a client on another origin read the total when CORS is in front of the API.
    res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    res.json(courses);
  });

  router.get('/:id', async (req, res) => {
    res.json(await getCourseDetail(db, courseIdOf(req)));
  });

  router.post('/', signedIn, requireAdmin, async (_req, res) => {
    res.status(201).json(await createBlankCourse(db));
  });

  router.put('/:id', signedIn, requireAdmin, validate(courseUpdateBodySchema), async (req, res) => {
    res.json(await editCourse(db, courseIdOf(req), req.body as CourseUpdate, deps.clock.now()));
  });

  router.delete('/:id', signedIn, requireAdmin, async (req, res) => {
    await removeCourse(db, courseIdOf(req));
    res.json({ message: MESSAGES.courseRemoved });
  });

  router.use('/:id/reviews', reviewsRouter(deps));
  return router;
}

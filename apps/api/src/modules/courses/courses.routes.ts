import { Router } from 'express';
import {
  courseQuerySchema,
  courseUpdateBodySchema,
  MESSAGES,
  type CourseQuery,
  type CourseUpdate,
} from '@shop/shared';
import type { AppDeps } from '../../app.js';
import { requireAdmin, requireAuth } from '../../middleware/auth.js';
import { pathParam, validate } from '../../middleware/validate.js';
import { reviewsRouter } from '../reviews/reviews.routes.js';
import { catalogueKey, courseDetailKey, refreshAfterWrites, type CatalogueCache } from './catalogue-cache.js';
import {
  browseCourses,
  createBlankCourse,
  editCourse,
  getCourseDetail,
  removeCourse,
} from './courses.service.js';

/** Catalogue reads answer from `catalogue` (shared with the server's fast path); writes refresh it. */
export function coursesRouter(deps: AppDeps, catalogue: CatalogueCache): Router {
  const router = Router();
  const { db } = deps.database;
  const signedIn = requireAuth(deps);
  router.use(refreshAfterWrites(catalogue));

  router.get('/', validate(courseQuerySchema, 'query'), async (req, res) => {
    const query = req.query as CourseQuery;
    await catalogue.send(req, res, catalogueKey(query), async (version) => {
      // Unfiltered, the total comes with the catalogue version: no count over the whole table.
      const { courses, total } = await browseCourses(db, query, version.courses);
      return {
        body: courses,
        // Cross-origin clients may read it: the CORS middleware exposes X-Total-Count.
        headers: { 'X-Total-Count': String(total) },
      };
    });
  });

  router.get('/:id', async (req, res) => {
    const id = pathParam(req, 'id');
    await catalogue.send(req, res, courseDetailKey(id), async () => ({
      body: await getCourseDetail(db, id),
    }));
  });

  router.post('/', signedIn, requireAdmin, async (_req, res) => {
    res.status(201).json(await createBlankCourse(db));
  });

  router.put('/:id', signedIn, requireAdmin, validate(courseUpdateBodySchema), async (req, res) => {
    res.json(await editCourse(db, pathParam(req, 'id'), req.body as CourseUpdate, deps.clock.now()));
  });

  router.delete('/:id', signedIn, requireAdmin, async (req, res) => {
    await removeCourse(db, pathParam(req, 'id'));
    res.json({ message: MESSAGES.courseRemoved });
  });

  router.use('/:id/reviews', reviewsRouter(deps));
  return router;
}

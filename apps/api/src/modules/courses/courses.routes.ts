import { Router } from 'express';
import { z } from 'zod';
import {
  courseDetailSchema,
  courseQuerySchema,
  courseSchema,
  courseUpdateBodySchema,
  messageSchema,
  MESSAGES,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { apiRoutes, idParams } from '../../http/route.js';
import { accessGuards } from '../auth/guards.js';
import { reviewsRouter } from '../reviews/reviews.routes.js';
import { catalogueKey, courseDetailKey, type CatalogueCache } from './catalogue-cache.js';
import {
  browseCourses,
  createBlankCourse,
  editCourse,
  getCourseDetail,
  removeCourse,
} from './courses.service.js';

const courseParams = idParams(MESSAGES.courseNotFound);

/** The conditional-GET answers of catalogue reads besides the 200. */
const notModified = { 304: { description: 'Not modified: the client’s ETag is current (no body)' } };
const catalogueHeaders = { ETag: z.string(), 'Cache-Control': z.string() };

/** Catalogue reads answer from `catalogue` (shared with the server's fast path); writes call courseChanged. */
export function coursesRouter(ctx: AppContext, catalogue: CatalogueCache): Router {
  const router = Router();
  const routes = apiRoutes(router, accessGuards(ctx));

  routes.get(
    '/',
    {
      summary: 'List courses (filters, sort, pages)',
      query: courseQuerySchema,
      answer: z.array(courseSchema),
      answerHeaders: { 'X-Total-Count': z.string().meta({ description: 'Number of matching courses' }), ...catalogueHeaders },
      otherAnswers: notModified,
    },
    async ({ query }, req, res) => {
      await catalogue.send(req, res, catalogueKey(query), async (version) => {
        // Unfiltered, the total comes with the catalogue version: no count over the whole table.
        const { courses, total } = await browseCourses(ctx, query, version.courses);
        return {
          body: courses,
          // Cross-origin clients may read it: the CORS middleware exposes X-Total-Count.
          headers: { 'X-Total-Count': String(total) },
        };
      });
    },
  );

  routes.get(
    '/:id',
    {
      summary: 'A course with its reviews',
      params: courseParams,
      answer: courseDetailSchema,
      answerHeaders: catalogueHeaders,
      otherAnswers: notModified,
    },
    async ({ params }, req, res) => {
      await catalogue.send(req, res, courseDetailKey(params.id), async () => ({
        body: await getCourseDetail(ctx, params.id),
      }));
    },
  );

  routes.post(
    '/',
    { summary: 'Create a blank course to fill in', access: 'admin', status: 201, answer: courseSchema },
    ({ user }) => createBlankCourse(ctx, user),
  );

  routes.put(
    '/:id',
    { summary: 'Edit a course', access: 'admin', params: courseParams, body: courseUpdateBodySchema, answer: courseDetailSchema },
    ({ user, params, body }) => editCourse(ctx, user, params.id, body),
  );

  routes.delete(
    '/:id',
    { summary: 'Delete a course', access: 'admin', params: courseParams, answer: messageSchema },
    async ({ user, params }) => {
      await removeCourse(ctx, user, params.id);
      return { message: MESSAGES.courseRemoved };
    },
  );

  router.use('/:id/reviews', reviewsRouter(ctx));
  return router;
}

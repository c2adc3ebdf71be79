import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  courseDetailSchema,
  courseQuerySchema,
  courseSchema,
  courseUpdateBodySchema,
  messageSchema,
  MESSAGES,
  seatsChangedErrorSchema,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { AppError } from '../../errors.js';
import { apiRoutes, idParams } from '../../http/route.js';
import { catalogueKey, courseDetailKey, type CatalogueCache } from './catalogue-cache.js';
import { createBlankCourse, editCourse, removeCourse } from '../courses/courses.service.js';
import { courseDetailOf, courseListBuilder, getCourseDetail, getDraftDetail, getDrafts } from './catalogue.service.js';

const courseParams = idParams(MESSAGES.courseNotFound);

/** The conditional-GET answers of catalogue reads besides the 200. */
const notModified = { 304: { description: 'Not modified: the client’s ETag is current (no body)' } };
const catalogueHeaders = { ETag: z.string(), 'Cache-Control': z.string() };

/** Routers of other modules mounted under a course (`/:id/reviews`, `/:id/sessions`): app.ts builds them. */
export interface CourseSubRouters {
  reviews: Router;
  sessions: Router;
}

/**
 * `/api/courses`: catalogue reads answer from `catalogue` (shared with the server's fast path);
 * the admin's writes are the courses module's (which records courseChanged: app.ts tells the
 * catalogue once they commit), answered here with the course as the catalogue reads it.
 */
export function coursesRouter(ctx: AppContext, catalogue: CatalogueCache, under: CourseSubRouters): Router {
  const router = Router();
  const guards = ctx.guards;
  const routes = apiRoutes(router, guards);

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
      await catalogue.send(req, res, (version) => catalogueKey(query, version), courseListBuilder(ctx, query));
    },
  );

  routes.get(
    '/drafts',
    {
      summary: 'Courses created with ADD and not saved yet, newest first (admin)',
      description: 'Drafts are in no public list, their page answers 404 to everyone but admins, and they cannot be ordered.',
      access: 'admin',
      answer: z.array(courseSchema),
    },
    (_input, _req, res) => {
      res.setHeader('Cache-Control', 'private, no-store');
      return getDrafts(ctx);
    },
  );

  /** The signed-in admin behind the request's bearer token, if any (a bad token is no admin here). */
  const isAdminRequest = async (req: Request, res: Response): Promise<boolean> => {
    if (!req.headers.authorization) return false;
    const passed = await new Promise<boolean>((resolve) => {
      void Promise.resolve(guards.user(req, res, (err?: unknown) => resolve(!err))).catch(() => resolve(false));
    });
    return passed && !!req.user?.isAdmin;
  };

  routes.get(
    '/:id',
    {
      summary: 'A course with its reviews',
      description: 'A draft (see `/api/courses/drafts`) answers 404, except to an admin (then `isDraft: true`, not cached).',
      params: courseParams,
      answer: courseDetailSchema,
      answerHeaders: catalogueHeaders,
      otherAnswers: notModified,
    },
    async ({ params }, req, res) => {
      try {
        await catalogue.send(req, res, courseDetailKey(params.id), async () => ({
          body: await getCourseDetail(ctx, params.id),
        }));
      } catch (err) {
        // Drafts never enter the shared cache (its fast path answers without checking anyone):
        // the admin filling one in reads it here, uncached.
        if (!(err instanceof AppError && err.status === 404) || !(await isAdminRequest(req, res))) throw err;
        const draft = await getDraftDetail(ctx, params.id);
        if (!draft) throw err;
        res.setHeader('Cache-Control', 'private, no-store');
        res.setHeader('ETag', `W/"draft-${draft.updatedAt}"`);
        return draft;
      }
    },
  );

  routes.post(
    '/',
    { summary: 'Create a blank course to fill in', access: 'admin', status: 201, answer: courseSchema },
    ({ user }) => createBlankCourse(ctx, user),
  );

  routes.put(
    '/:id',
    {
      summary: 'Edit a course',
      description:
        'Send `availabilityWas`, the seats left the form started from: when `availability` equals it the seats are not written ' +
        '(orders may have moved them meanwhile); otherwise the save is refused with 409 `SEATS_CHANGED` and the seats left now ' +
        'unless they are still `availabilityWas`. Without it `availability` is written as sent.',
      access: 'admin',
      params: courseParams,
      body: courseUpdateBodySchema,
      answer: courseDetailSchema,
      otherAnswers: {
        409: {
          description: '`code: SEATS_CHANGED`: the seats left changed since the form was loaded; `availability` is the seats left now. Nothing was saved.',
          schema: seatsChangedErrorSchema,
        },
      },
    },
    async ({ user, params, body }) => courseDetailOf(ctx.database.db, await editCourse(ctx, user, params.id, body), ctx.clock.now()),
  );

  routes.delete(
    '/:id',
    { summary: 'Delete a course', access: 'admin', params: courseParams, answer: messageSchema },
    async ({ user, params }) => {
      await removeCourse(ctx, user, params.id);
      return { message: MESSAGES.courseRemoved };
    },
  );

  router.use('/:id/reviews', under.reviews);
  router.use('/:id/sessions', under.sessions);
  return router;
}

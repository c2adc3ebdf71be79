import { Router } from 'express';
import { adminSessionSchema, MESSAGES, sessionBodySchema } from '@shop/shared';
import { z } from 'zod';
import type { AppContext } from '../../../deps.js';
import { apiRoutes, idParams } from '../../../http/route.js';
import { createSession, editSession, listCourseSessions, SESSION_MESSAGES } from './sessions.service.js';

/** Mounted by the courses router under `/api/courses/:id/sessions` (issue 33). */
export function courseSessionsRouter(ctx: AppContext): Router {
  const router = Router({ mergeParams: true });
  const routes = apiRoutes(router, ctx.guards);
  routes.get(
    '/',
    {
      summary: "A course's sessions with their meeting links (admin)",
      description:
        'Every session of the course, cancelled ones included, soonest first, as the admin edits them: with ' +
        '`meetingUrl` (never in public answers) and `hoursSet` (the hours as set; `hours` falls back to the ' +
        "meetings' summed length).",
      access: 'admin',
      params: idParams(MESSAGES.courseNotFound),
      answer: z.array(adminSessionSchema),
    },
    ({ params }) => listCourseSessions(ctx, params.id),
  );
  routes.post(
    '/',
    {
      summary: 'Add a dated session to a course (admin)',
      description:
        'Start and end are ISO instants with their zone (stored in UTC); schedule and place are free text (with ' +
        '`scheduleFr`/`scheduleAr`/`placeFr`/`placeAr`). The session starts with all its seats left (`capacity`). ' +
        'Issue 51: `hours` (0.5–2000 or null), `trainer` (≤100 characters or null), `meetingUrl` (`https://` only), ' +
        '`meetings` (≤200, within the session, not overlapping, soonest first); any other: 400.',
      access: 'admin',
      params: idParams(MESSAGES.courseNotFound),
      body: sessionBodySchema,
      status: 201,
      answer: adminSessionSchema,
    },
    ({ user, params, body }) => createSession(ctx, user, params.id, body),
  );
  return router;
}

/** `/api/sessions` (issue 33): the admin's edit of one session (its cancel: session-cancel/). */
export function sessionsRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const params = idParams(SESSION_MESSAGES.notFound);

  routes.put(
    '/:id',
    {
      summary: 'Edit a session, whole body (admin)',
      description:
        'The capacity moves the seats left by the same amount in one guarded statement; a capacity below the seats ' +
        'taken is refused with 409 naming them. A cancelled session cannot be edited (409).',
      access: 'admin',
      params,
      body: sessionBodySchema,
      answer: adminSessionSchema,
      errors: [409],
    },
    ({ user, params: { id }, body }) => editSession(ctx, user, id, body),
  );
  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import {
  attendanceBodySchema,
  rosterSchema,
  sessionDetailSchema,
  sessionLearnedBodySchema,
  sessionLearnedResultSchema,
} from '@shop/shared';
import type { AppContext } from '../../../deps.js';
import { apiRoutes, idParams } from '../../../http/route.js';
import {
  getRoster,
  getSessionDetail,
  markSessionLearned,
  saveAttendance,
  sendAttendanceCsv,
} from './roster.service.js';
import { SESSION_MESSAGES } from '../sessions/sessions.service.js';

/** `/api/sessions/{id}/…` (issue 34): a session's roster, attendance and "mark learned" (admin). */
export function rosterRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const params = idParams(SESSION_MESSAGES.notFound);

  routes.get(
    '/:id',
    {
      summary: 'A session with its course’s name (admin)',
      description: 'Any state, cancelled or ended included: the roster page’s header.',
      access: 'admin',
      params,
      answer: sessionDetailSchema,
    },
    ({ params: { id } }) => getSessionDetail(ctx, id),
  );

  routes.get(
    '/:id/roster',
    {
      summary: 'The learners of a session with their attendance (admin)',
      description:
        'One row per order with seats in the session, pending, paid or learned (cancelled and expired orders are left ' +
        'out, as are orders whose account was deleted); by learner name. `attendance` has every day of the session ' +
        '(Tunis calendar days).',
      access: 'admin',
      params,
      answer: rosterSchema,
    },
    ({ params: { id } }) => getRoster(ctx, id),
  );

  routes.put(
    '/:id/attendance',
    {
      summary: 'Save one day’s attendance of a session (admin)',
      description:
        'The learners present that day (learner ids of the roster) replace the day’s ticks. 400 for a day outside the ' +
        'session (Tunis calendar days) or someone not in the roster. Answers the roster.',
      access: 'admin',
      params,
      body: attendanceBodySchema,
      answer: rosterSchema,
    },
    ({ user, params: { id }, body }) => saveAttendance(ctx, user, id, body),
  );

  routes.get(
    '/:id/attendance.csv',
    {
      summary: 'A session’s attendance as CSV (admin)',
      description:
        'UTF-8 with a BOM; one row per learner: name, e-mail, seats, order state, a column per day of the session ' +
        '(1 present, 0 not ticked), then the days present.',
      access: 'admin',
      params,
      answer: z.string().meta({ description: 'CSV, a header row then one row per learner' }),
      answerType: 'text/csv',
      answerHeaders: {
        'Content-Disposition': z
          .string()
          .meta({ description: 'attachment; filename="attendance-YYYY-MM-DD.csv"' }),
      },
    },
    ({ params: { id } }, _req, res) => sendAttendanceCsv(ctx, id, res),
  );

  routes.post(
    '/:id/learned',
    {
      summary: 'Mark several orders of a session learned (admin)',
      description:
        'Each order as `PUT /api/orders/{id}/learn` does it, in its own transaction (paid → learned, history line, ' +
        'certificate issued and mailed). One refusal does not undo the others: each order answers `learned` or ' +
        '`refused` with the status (`code`) and code (`reason`) the single call would answer: 404 not an order of the ' +
        'session, 409 `ORDER_STATE` not paid or already learned, 409 `SESSION_NOT_OVER` before the Tunis day the ' +
        'session ends.',
      access: 'admin',
      params,
      body: sessionLearnedBodySchema,
      answer: sessionLearnedResultSchema,
    },
    ({ user, params: { id }, body }) => markSessionLearned(ctx, user, id, body),
  );
  return router;
}

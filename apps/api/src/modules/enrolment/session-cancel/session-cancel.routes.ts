import { Router } from 'express';
import { adminSessionSchema } from '@shop/shared';
import type { AppContext } from '../../../deps.js';
import { apiRoutes, idParams } from '../../../http/route.js';
import { SESSION_MESSAGES } from '../sessions/sessions.service.js';
import { cancelSession } from './session-cancel.service.js';

/**
 * `/api/sessions/:id/cancel` (issue 33): the admin's cancel of one session. Apart from the
 * session's other routes because the cancel reaches the orders holding its seats; mounted right
 * after `sessionsRouter`.
 */
export function sessionCancelRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const params = idParams(SESSION_MESSAGES.notFound);

  routes.post(
    '/:id/cancel',
    {
      summary: 'Cancel a session (admin)',
      description:
        'The session becomes `cancelled`; its unpaid orders are cancelled (seats back), its paid ones cancelled with a ' +
        'refund due; every learner is mailed in their language. Its waitlist is emptied (offers included) and each ' +
        'person waiting is mailed that the session is cancelled. A session that ran (an order of it marked learned) ' +
        'cannot be cancelled: 409 `SESSION_HAS_LEARNED`, nothing changed.',
      access: 'admin',
      params,
      answer: adminSessionSchema,
      errors: [409],
    },
    ({ user, params: { id } }) => cancelSession(ctx, user, id),
  );
  return router;
}

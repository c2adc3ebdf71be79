import { Router } from 'express';
import { orderSchema, sessionMoveBodySchema } from '@shop/shared';
import type { AppContext } from '../../../deps.js';
import { apiRoutes, idParams } from '../../../http/route.js';
import { moveLearner } from './move.service.js';
import { SESSION_MESSAGES } from '../sessions/sessions.service.js';

/** `POST /api/sessions/{id}/move` (issue 34, decision 0396): a learner moved to another session of the course (admin). */
export function sessionMoveRouter(ctx: AppContext): Router {
  const router = Router();
  apiRoutes(router, ctx.guards).post(
    '/:id/move',
    {
      summary: 'Move a learner to another session of the same course (admin)',
      description:
        'The seats of the order’s line in this session move to session `to` in one transaction (sessions locked in id ' +
        'order): `to` must be of the same course (400), not cancelled and not ended (409), with at least the line’s ' +
        'seats left (409 `code: SEATS_LEFT`, `Not enough seats left for <course> (<date>): N left, M needed`, ' +
        '`seatsLeft`). Only a pending or paid order moves (409 `code: ORDER_STATE`). The source gets its seats back ' +
        '(offered to its waitlist first), the order’s history gets a `moved` line, its calendar (`calendar.ics`) ' +
        'follows, and the learner is mailed the new session with its `.ics`. 400 when `to` is this session; 404 for an ' +
        'unknown session, target or order, or an order without seats in this session. Answers the order.',
      access: 'admin',
      params: idParams(SESSION_MESSAGES.notFound),
      body: sessionMoveBodySchema,
      answer: orderSchema,
      errors: [409],
    },
    ({ user, params: { id }, body }) => moveLearner(ctx, user, id, body),
  );
  return router;
}

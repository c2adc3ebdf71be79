import { Router } from 'express';
import {
  joinWaitlistBodySchema,
  messageSchema,
  waitlistEntriesSchema,
  waitlistPositionSchema,
} from '@shop/shared';
import type { AppContext } from '../../../deps.js';
import { apiRoutes, idParams } from '../../../http/route.js';
import {
  joinSessionWaitlist,
  leaveSessionWaitlist,
  myWaitlists,
  WAITLIST_MESSAGES,
} from './waitlist.service.js';

/** `/api/sessions/{id}/waitlist` (issue 34): join or leave the waitlist of a full session. */
export function sessionWaitlistRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const params = idParams(WAITLIST_MESSAGES.notFound);

  routes.post(
    '/:id/waitlist',
    {
      summary: 'Join the waitlist of a full session',
      description:
        'The caller joins the line, last; the answer is their place (1 = first). Body optional: `{seats}` (1-10, ' +
        'default 1), the seats wanted. 409 `SEATS_LEFT` while the session has seats left (order them), 409 ' +
        '`ALREADY_WAITING` when the caller already waits; 409 for a cancelled or ended session. Seats freed in the ' +
        'session are offered to the first in line: held for them alone for `WAITLIST_OFFER_MINUTES` from the offer mail.',
      access: 'user',
      params,
      body: joinWaitlistBodySchema,
      status: 201,
      answer: waitlistPositionSchema,
      errors: [409],
    },
    ({ user, params: { id }, body }) => joinSessionWaitlist(ctx, user, id, body?.seats),
  );

  routes.delete(
    '/:id/waitlist',
    {
      summary: 'Leave the waitlist of a session',
      description:
        'Seats held for the caller by an offer go back to the session and pass on to the next in line (else on sale). ' +
        '404 when the caller is not waiting there.',
      access: 'user',
      params,
      answer: messageSchema,
    },
    ({ user, params: { id } }) => leaveSessionWaitlist(ctx, user, id),
  );
  return router;
}

/** `/api/waitlist` (issue 34): the signed-in customer's waitlists. */
export function waitlistRouter(ctx: AppContext): Router {
  const router = Router();
  apiRoutes(router, ctx.guards).get(
    '/',
    {
      summary: 'My waitlists',
      description:
        'The sessions (open, not ended) the caller waits for, soonest first: the session, its course, the place in ' +
        'line and the offer (`{seats, expiresAt}`: seats held for the caller until then; `expiresAt` is null for the ' +
        'moment before the offer mail goes out) or null.',
      access: 'user',
      answer: waitlistEntriesSchema,
    },
    ({ user }) => myWaitlists(ctx, user),
  );
  return router;
}

import { Router } from 'express';
import { messageSchema, MESSAGES, newsletterBodySchema } from '@shop/shared';
import type { AppDeps } from '../../deps.js';
import { apiRoutes } from '../../http/route.js';
import { addSubscriber } from './newsletter.repository.js';

export function newsletterRouter({ database }: AppDeps): Router {
  const router = Router();
  apiRoutes(router).post(
    '/',
    { summary: 'Subscribe to the newsletter (idempotent)', body: newsletterBodySchema, status: 201, answer: messageSchema },
    async ({ body }) => {
      await addSubscriber(database.db, body.email);
      return { message: MESSAGES.subscribed };
    },
  );
  return router;
}

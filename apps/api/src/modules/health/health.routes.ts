import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { apiRoutes } from '../../http/route.js';

export function healthRouter({ database }: AppDeps): Router {
  const router = Router();
  apiRoutes(router).get(
    '/',
    {
      summary: 'Whether this instance reaches its database',
      answer: z.object({ status: z.literal('ok') }),
      otherAnswers: {
        503: {
          description: 'The database does not answer',
          schema: z.object({ message: z.string(), status: z.literal('unavailable') }),
        },
      },
    },
    async (_input, req, res) => {
      try {
        await database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        // Recovering on purpose: the answer to a failed ping is 503, not a 500.
        req.log?.warn({ err }, 'health check failed');
        res.status(503).json({ message: 'Database unavailable', status: 'unavailable' });
      }
    },
  );
  return router;
}

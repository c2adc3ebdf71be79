import { Router } from 'express';
import type { AppDeps } from '../../app.js';

export function healthRouter({ database }: AppDeps): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    try {
      await database.ping();
      res.json({ status: 'ok' });
    } catch (err) {
      // Recovering on purpose: the answer to a failed ping is 503, not a 500.
      req.log?.warn({ err }, 'health check failed');
      res.status(503).json({ message: 'Database unavailable', status: 'unavailable' });
    }
  });
  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { apiRoutes } from '../../http/route.js';
import { RETRY_AFTER_SECONDS } from '../../lib/outages.js';

type Check = 'ok' | 'unavailable';

/** Settles with 'ok', or 'unavailable' on an error or when `limitMs` passes first. */
async function check(probe: () => Promise<unknown>, limitMs: number): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), limitMs);
  });
  try {
    return await Promise.race([probe().then((): Check => 'ok'), late]);
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `{status, database, redis}` within HEALTH_TIMEOUT_MS whatever the dependencies do: 503 when
 * the database does not answer or the instance is shutting down (a load balancer takes it
 * out); a Redis outage only degrades (the sign-in limits fail open), so it stays 200.
 */
export function healthRouter({ database, redis, config, lifecycle }: AppDeps): Router {
  const router = Router();
  const check3 = z.enum(['ok', 'unavailable']);
  const healthSchema = z.object({
    status: z.enum(['ok', 'degraded', 'unavailable', 'stopping']),
    database: check3,
    redis: z.union([check3, z.literal('not configured')]),
  });
  apiRoutes(router).get(
    '/',
    {
      summary: 'Whether this instance serves: its database and Redis',
      answer: healthSchema,
      answerHeaders: { 'Cache-Control': z.string() },
      otherAnswers: {
        503: { description: 'The database does not answer, or the instance is shutting down', schema: healthSchema },
      },
    },
    async (_input, _req, res) => {
      const limitMs = config.limits.healthMs;
      const [db, cache] = await Promise.all([
        check(() => database.ping(), limitMs),
        redis ? check(() => redis.client.ping(), limitMs) : Promise.resolve('not configured' as const),
      ]);
      const stopping = lifecycle?.stopping ?? false;
      const status: z.output<typeof healthSchema>['status'] =
        stopping ? 'stopping' : db !== 'ok' ? 'unavailable' : cache === 'unavailable' ? 'degraded' : 'ok';
      res.setHeader('Cache-Control', 'no-store');
      if (stopping || db !== 'ok') {
        res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
        res.status(503).json({ status, database: db, redis: cache });
        return;
      }
      return { status, database: db, redis: cache };
    },
  );
  return router;
}

import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { MESSAGES } from '@shop/shared';
import type { AppDeps } from '../app.js';

export const AUTH_RATE_WINDOW_MS = 15 * 60 * 1000;

export type AuthRateLimitedRoute = 'login' | 'register' | 'forgot' | 'reset';

/**
 * Counters in Redis when the app has a Redis connection (shared by every API instance),
 * else in this process's memory.
 */
function storeFor(deps: Pick<AppDeps, 'redis' | 'logger'>, route: AuthRateLimitedRoute): Store | undefined {
  if (!deps.redis) return undefined;
  const { client, keyPrefix } = deps.redis;
  const store = new RedisStore({
    prefix: `${keyPrefix}rl:${route}:`,
    sendCommand: (command: string, ...args: string[]) =>
      client.call(command, ...args) as Promise<boolean | number | string | (boolean | number | string)[]>,
  });
  // The store loads its scripts eagerly; with Redis down that rejection is retried per
  // request, so here it must not crash the process as an unhandled rejection.
  store.incrementScriptSha.catch(() => undefined);
  store.getScriptSha.catch(() => undefined);
  return store;
}

/**
 * One limiter per route (CONTRACT §3): AUTH_RATE_LIMIT requests per 15 minutes per client
 * address to EACH of login, register, forgot-password and reset-password.
 */
export function authRateLimiters(
  deps: Pick<AppDeps, 'config' | 'redis' | 'logger'>,
): Record<AuthRateLimitedRoute, RequestHandler> {
  const make = (route: AuthRateLimitedRoute): RequestHandler => {
    const store = storeFor(deps, route);
    return rateLimit({
      windowMs: AUTH_RATE_WINDOW_MS,
      limit: deps.config.authRateLimit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      ...(store ? { store } : {}),
      // A Redis outage must not lock everybody out of signing in: let the request through, log it.
      passOnStoreError: true,
      handler: (req, res) => {
        req.log?.warn({ route }, 'auth rate limit reached');
        res.status(429).json({ message: MESSAGES.tooManyRequests });
      },
    });
  };
  return { login: make('login'), register: make('register'), forgot: make('forgot'), reset: make('reset') };
}

/**
 * The Redis connection behind the shared counters. A command fails fast instead of queueing
 * while Redis is away (the limiter then lets requests through, see passOnStoreError).
 */
export function connectRateLimitRedis(url: string, logger: Pick<AppDeps['logger'], 'error'>): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000, lazyConnect: false });
  let reported = false;
  client.on('error', (err: unknown) => {
    if (reported) return;
    reported = true;
    logger.error({ err }, 'Redis connection for rate limits failed; retrying');
  });
  client.on('ready', () => {
    reported = false;
  });
  return client;
}

import type { RequestHandler } from 'express';
import { rateLimit, type IncrementResponse, type Options, type Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { MESSAGES } from '@shop/shared';
import type { AppDeps } from '../deps.js';

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
  return new FailOpenStore(store, deps.logger, route);
}

/**
 * A Redis outage must not lock everybody out of signing in: while Redis fails, requests
 * go through uncounted and the failure is logged (through pino, not the console).
 */
class FailOpenStore implements Store {
  readonly localKeys = false;
  private windowMs = AUTH_RATE_WINDOW_MS;
  constructor(
    private readonly inner: RedisStore,
    private readonly logger: Pick<AppDeps['logger'], 'error'>,
    private readonly route: AuthRateLimitedRoute,
  ) {}

  get prefix(): string {
    return this.inner.prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.inner.init(options);
  }

  async increment(key: string): Promise<IncrementResponse> {
    try {
      return await this.inner.increment(key);
    } catch (err) {
      this.logger.error({ err, route: this.route }, 'rate-limit store unavailable; request let through');
      // Counted as the first hit of a fresh window: the limiter lets it pass.
      return { totalHits: 1, resetTime: new Date(Date.now() + this.windowMs) };
    }
  }

  async decrement(key: string): Promise<void> {
    await this.inner.decrement(key).catch(() => undefined);
  }

  async resetKey(key: string): Promise<void> {
    await this.inner.resetKey(key).catch(() => undefined);
  }
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
 * while Redis is away (the limiter then lets requests through, see FailOpenStore).
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

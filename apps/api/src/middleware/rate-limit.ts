import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type IncrementResponse, type Options, type Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { MESSAGES } from '@shop/shared';
import type { AppDeps } from '../deps.js';
import type { Limits } from '../config.js';
import { causeOf } from '../lib/outages.js';

export const AUTH_RATE_WINDOW_MS = 15 * 60 * 1000;

export type AuthRateLimitedRoute = 'login' | 'register' | 'forgot' | 'reset' | 'profile';

/** Counter families: the four routes, plus sign-in failures per address across accounts. */
type CounterName =
  | AuthRateLimitedRoute
  | 'login-address'
  | 'certificate-check'
  | 'coupon-check'
  | 'coupon-check-address'
  | 'payer-request';

/**
 * Failed sign-ins one address may make across all accounts, as a multiple of AUTH_RATE_LIMIT:
 * room for a class of pupils behind one school connection mistyping now and then, while one
 * machine trying password lists over many accounts is still stopped.
 */
export const LOGIN_ADDRESS_FAILURES_FACTOR = 10;

/**
 * Counters in Redis when the app has a Redis connection (shared by every API instance),
 * else in this process's memory.
 */
function storeFor(deps: Pick<AppDeps, 'redis' | 'logger'>, route: CounterName): Store | undefined {
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
  return new FailOpenStore(store, deps.logger, route, () => client.status === 'ready');
}

/** After a failed Redis command, requests pass uncounted this long without trying Redis. */
const FAIL_OPEN_PAUSE_MS = 2_000;

/**
 * A Redis outage must not lock everybody out of signing in: while Redis fails, requests
 * go through uncounted and the failure is logged (through pino, not the console). They pass
 * at once: without asking Redis while its connection is not ready, and for a short pause after
 * a command failed (a frozen Redis costs one command time-out, not one per request).
 */
class FailOpenStore implements Store {
  readonly localKeys = false;
  private windowMs = AUTH_RATE_WINDOW_MS;
  private pausedUntil = 0;
  constructor(
    private readonly inner: RedisStore,
    private readonly logger: Pick<AppDeps['logger'], 'warn'>,
    private readonly route: CounterName,
    private readonly redisReady: () => boolean,
  ) {}

  private available(): boolean {
    return this.redisReady() && Date.now() >= this.pausedUntil;
  }

  get prefix(): string {
    return this.inner.prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.inner.init(options);
  }

  async increment(key: string): Promise<IncrementResponse> {
    // Counted as the first hit of a fresh window: the limiter lets it pass.
    const letThrough = () => ({ totalHits: 1, resetTime: new Date(Date.now() + this.windowMs) });
    if (!this.available()) return letThrough();
    try {
      return await this.inner.increment(key);
    } catch (err) {
      this.pausedUntil = Date.now() + FAIL_OPEN_PAUSE_MS;
      const cause = err instanceof Error ? causeOf(err) : { message: String(err) };
      this.logger.warn({ cause, route: this.route }, 'rate-limit store unavailable; request let through');
      return letThrough();
    }
  }

  async decrement(key: string): Promise<void> {
    if (this.available()) await this.inner.decrement(key).catch(() => undefined);
  }

  async resetKey(key: string): Promise<void> {
    if (this.available()) await this.inner.resetKey(key).catch(() => undefined);
  }
}

/** Whether a profile change carries a current password (issue 31): only those can guess one. */
function namesCurrentPassword(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'currentPassword' in body;
}

/** The account a sign-in names (the body is parsed before the limiter runs). */
function accountOf(body: unknown): string {
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : '';
}

/**
 * One limiter per route (docs/api.md#limits): AUTH_RATE_LIMIT requests per 15 minutes per client
 * address to EACH of register, forgot-password and reset-password.
 *
 * Sign-in counts only FAILED attempts (issue 15: a class of 30 pupils behind one school address
 * must all be able to sign in): AUTH_RATE_LIMIT failures per address and account, and
 * LOGIN_ADDRESS_FAILURES_FACTOR times that per address over all accounts. A successful sign-in
 * costs nothing.
 */
export function authRateLimiters(
  deps: Pick<AppDeps, 'config' | 'redis' | 'logger'>,
): Record<AuthRateLimitedRoute, RequestHandler> {
  const make = (
    counter: CounterName,
    limit: number,
    extra: Pick<Partial<Options>, 'keyGenerator' | 'skipSuccessfulRequests' | 'skip' | 'requestWasSuccessful'> = {},
  ): RequestHandler => {
    const store = storeFor(deps, counter);
    return rateLimit({
      windowMs: AUTH_RATE_WINDOW_MS,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      ...extra,
      ...(store ? { store } : {}),
      handler: (req, res) => {
        req.log?.warn({ route: counter }, 'auth rate limit reached');
        res.status(429).json({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
      },
    });
  };
  const limit = deps.config.authRateLimit;
  const loginPerAccount = make('login', limit, {
    skipSuccessfulRequests: true,
    // The address as the library keys it (an IPv6 client counts by its /56).
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${accountOf(req.body)}`,
  });
  const loginPerAddress = make('login-address', limit * LOGIN_ADDRESS_FAILURES_FACTOR, {
    skipSuccessfulRequests: true,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
  });
  const login: RequestHandler = (req, res, next) => {
    void loginPerAddress(req, res, (err?: unknown) => (err ? next(err) : loginPerAccount(req, res, next)));
  };
  // Issue 31: a profile change that names a current password is a password guess; a wrong one
  // counts like a failed sign-in, per account (the guard ran first), from every address at once.
  const profile = make('profile', limit, {
    skip: (req) => !namesCurrentPassword(req.body),
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    keyGenerator: (req) => `user:${req.user?.id ?? ipKeyGenerator(req.ip ?? '')}`,
  });
  return { login, register: make('register', limit), forgot: make('forgot', limit), reset: make('reset', limit), profile };
}

/** Public certificate checks one address may make per minute (issue 35): a person checks a few, a script guessing ids is stopped. */
export const CERTIFICATE_CHECK_LIMIT = 60;

/** The limiter of the public certificate check (`GET /api/certificates/{id}`), per client address. */
export function certificateCheckLimiter(deps: Pick<AppDeps, 'redis' | 'logger'>): RequestHandler {
  const store = storeFor(deps, 'certificate-check');
  return rateLimit({
    windowMs: 60_000,
    limit: CERTIFICATE_CHECK_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    ...(store ? { store } : {}),
    handler: (req, res) => {
      req.log?.warn({ route: 'certificate-check' }, 'certificate check rate limit reached');
      res.status(429).json({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    },
  });
}

/**
 * The limiter of the promo code check (`POST /api/coupons/check`, issue 49): COUPON_CHECK_LIMIT
 * calls per 15 minutes per account, and as many per client address over all accounts, so codes
 * cannot be guessed at full speed from one account or by spreading guesses over many. Every call
 * counts (a code that applies is a guess that hit). Runs after the access guard: the account is
 * known. Shares the sign-in counters' store (Redis when configured) and 429 answer.
 */
export function couponCheckLimiter(deps: Pick<AppDeps, 'config' | 'redis' | 'logger'>): RequestHandler {
  const make = (counter: CounterName, keyGenerator: Options['keyGenerator']): RequestHandler => {
    const store = storeFor(deps, counter);
    return rateLimit({
      windowMs: AUTH_RATE_WINDOW_MS,
      limit: deps.config.couponCheckLimit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator,
      ...(store ? { store } : {}),
      handler: (req, res) => {
        req.log?.warn({ route: counter }, 'coupon check rate limit reached');
        res.status(429).json({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
      },
    });
  };
  const perAddress = make('coupon-check-address', (req) => ipKeyGenerator(req.ip ?? ''));
  const perAccount = make('coupon-check', (req) => `user:${req.user?.id ?? ipKeyGenerator(req.ip ?? '')}`);
  return (req, res, next) => {
    void perAddress(req, res, (err?: unknown) => (err ? next(err) : perAccount(req, res, next)));
  };
}

/** Requests to pay (issue 51) one account may send per hour: a child retyping an address is fine, a mail cannon is not. */
export const PAYER_REQUEST_LIMIT = 10;
export const PAYER_REQUEST_WINDOW_MS = 3600 * 1000;

/**
 * The limiter of `POST /api/orders/{id}/payer` (issue 51): PAYER_REQUEST_LIMIT calls per hour per
 * account, so a child account cannot be used to mail any address over and over. Runs after the
 * access guard (the account is known); the shared counters' store (Redis when configured).
 */
export function payerRequestLimiter(deps: Pick<AppDeps, 'redis' | 'logger'>): RequestHandler {
  const store = storeFor(deps, 'payer-request');
  return rateLimit({
    windowMs: PAYER_REQUEST_WINDOW_MS,
    limit: PAYER_REQUEST_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `user:${req.user?.id ?? ipKeyGenerator(req.ip ?? '')}`,
    ...(store ? { store } : {}),
    handler: (req, res) => {
      req.log?.warn({ route: 'payer-request' }, 'payer request rate limit reached');
      res.status(429).json({ message: MESSAGES.payerTooManyRequests, code: 'RATE_LIMITED' });
    },
  });
}

/**
 * The Redis connection behind the shared counters. Every wait is bounded, so that the sign-in
 * limit fails open at once (see FailOpenStore) when Redis is down or frozen: no offline queue
 * (a command while disconnected fails immediately instead of waiting for a reconnect), a
 * command time-out (a frozen Redis that accepted the connection never answers), a connect
 * time-out, and no retry of a failed command.
 */
export function connectRateLimitRedis(
  url: string,
  logger: Pick<AppDeps['logger'], 'error'>,
  limits: Pick<Limits, 'redisConnectMs' | 'redisCommandMs'> = { redisConnectMs: 2_000, redisCommandMs: 500 },
): Redis {
  const client = new Redis(url, {
    connectTimeout: limits.redisConnectMs,
    commandTimeout: limits.redisCommandMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect quickly but not in a busy loop: 100 ms, 200 ms, … up to 2 s between tries.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    keepAlive: 10_000,
    lazyConnect: false,
  });
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

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createApp } from '../app.js';
import { createLogger } from '../logger.js';
import { freePort } from '../test/ports.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createUser } from '../test/factories.js';
import { connectRateLimitRedis, LOGIN_ADDRESS_FAILURES_FACTOR } from './rate-limit.js';

const LIMIT = 3;
const logger = createLogger({ env: 'test', logLevel: 'silent' });
const login = { email: 'nobody@example.com', password: 'whatever-password' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: String(LIMIT) });
});
afterAll(() => ctx.close());

describe('auth rate limits in memory', () => {
  it('answers 429 on login after AUTH_RATE_LIMIT requests, counting each route on its own', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await request(ctx.app).post('/api/users/login').send(login);
      expect(res.status).toBe(401);
      expect(res.headers['ratelimit-policy']).toMatch(new RegExp(`; q=${LIMIT}; w=900`));
    }
    const blocked = await request(ctx.app).post('/api/users/login').send(login);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });

    // Register has its own counter.
    const register = await request(ctx.app)
      .post('/api/users')
      .send({ name: 'New', email: 'fresh@example.com', password: 'fresh-password' });
    expect(register.status).toBe(201);
  });

  it('counts only failed sign-ins: a class of 30 pupils behind one address all sign in', async () => {
    const app = createApp(ctx.deps); // fresh counters
    const pupils = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createUser(ctx.database.db, ctx.config, { email: `pupil-${i}@school.tn` })),
    );
    for (const { user, password } of pupils) {
      const res = await request(app).post('/api/users/login').send({ email: user.email, password });
      expect(res.status).toBe(200);
    }
    // One pupil signing in again and again is not a reason to stop anyone either.
    const [first] = pupils;
    for (let i = 0; i < LIMIT + 2; i++)
      expect((await request(app).post('/api/users/login').send({ email: first!.user.email, password: first!.password })).status).toBe(200);
  });

  it('stops failed sign-ins per address and account, without locking other accounts of that address out', async () => {
    const app = createApp(ctx.deps);
    const victim = await createUser(ctx.database.db, ctx.config);
    const neighbour = await createUser(ctx.database.db, ctx.config);
    for (let i = 0; i < LIMIT; i++)
      expect((await request(app).post('/api/users/login').send({ email: victim.user.email, password: 'wrong-password' })).status).toBe(401);
    // Even the right password waits now: the counter stops guessing, not only wrong guesses.
    const blocked = await request(app).post('/api/users/login').send({ email: victim.user.email.toUpperCase(), password: victim.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    const other = await request(app).post('/api/users/login').send({ email: neighbour.user.email, password: neighbour.password });
    expect(other.status).toBe(200);
  });

  it(`stops one address after ${LOGIN_ADDRESS_FAILURES_FACTOR} times the limit of failures over many accounts`, async () => {
    const app = createApp(ctx.deps);
    const allowed = LIMIT * LOGIN_ADDRESS_FAILURES_FACTOR;
    for (let i = 0; i < allowed; i++) {
      const res = await request(app).post('/api/users/login').send({ email: `guess-${i}@example.com`, password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
    const blocked = await request(app).post('/api/users/login').send({ email: 'one-more@example.com', password: 'wrong-password' });
    expect(blocked.status).toBe(429);
  });

  it('limits register, forgot-password and reset-password the same way', async () => {
    const app = createApp(ctx.deps); // fresh counters
    const calls = [
      () => request(app).post('/api/users').send({ name: 'N', email: 'n@example.com', password: 'n-password' }),
      () => request(app).post('/api/users/forgot-password').send({ email: 'n@example.com' }),
      () => request(app).post('/api/users/reset-password/some-token').send({ newPassword: 'n-password-2' }),
    ];
    for (const call of calls) {
      for (let i = 0; i < LIMIT; i++) expect((await call()).status).toBeLessThan(429);
      const res = await call();
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    }
  });

  it('lets requests through (no 500) when Redis is unreachable', async () => {
    const port = await freePort();
    const client = connectRateLimitRedis(`redis://127.0.0.1:${port}`, logger);
    try {
      const app = createApp({ ...ctx.deps, redis: { client, keyPrefix: `test:${randomBytes(4).toString('hex')}:` } });
      const res = await request(app).post('/api/users/login').send(login);
      expect(res.status).toBe(401);
    } finally {
      client.disconnect();
    }
  });
});

const redisUrl = process.env['TEST_REDIS_URL'] ?? process.env['REDIS_URL'];

describe.skipIf(!redisUrl)('auth rate limits shared through Redis', () => {
  it('two API instances (own deps and Redis connections, one database and Redis) share one login counter', async () => {
    const keyPrefix = `shop-test:${Date.now()}:${randomBytes(4).toString('hex')}:`;
    const clientA = connectRateLimitRedis(redisUrl!, logger);
    const clientB = connectRateLimitRedis(redisUrl!, logger);
    try {
      // Without an offline queue, requests before the connection is ready pass uncounted.
      await Promise.all([clientA, clientB].map((c) => (c.status === 'ready' ? undefined : once(c, 'ready'))));
      const first = createApp({ ...ctx.deps, logger, redis: { client: clientA, keyPrefix } });
      const second = createApp({ ...ctx.deps, logger, redis: { client: clientB, keyPrefix } });
      expect((await request(first).post('/api/users/login').send(login)).status).toBe(401);
      expect((await request(second).post('/api/users/login').send(login)).status).toBe(401);
      expect((await request(first).post('/api/users/login').send(login)).status).toBe(401);
      const blockedOnSecond = await request(second).post('/api/users/login').send(login);
      expect(blockedOnSecond.status).toBe(429);
      expect(blockedOnSecond.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
      expect((await request(first).post('/api/users/login').send(login)).status).toBe(429);
      // Other routes keep their own counters in Redis too.
      expect((await request(second).post('/api/users/forgot-password').send({ email: 'x@example.com' })).status).toBe(200);
      expect(await clientA.keys(`${keyPrefix}rl:login:*`)).toHaveLength(1);
    } finally {
      const keys = await clientA.keys(`${keyPrefix}*`);
      if (keys.length) await clientA.del(...keys);
      await clientA.quit();
      await clientB.quit();
    }
  });
});

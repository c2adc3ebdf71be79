/**
 * Issue 49: `POST /api/coupons/check` is limited like sign-in, so promo codes cannot be guessed
 * at full speed: COUPON_CHECK_LIMIT calls per 15 minutes per account, and as many per client
 * address over all accounts, then 429.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { connectRateLimitRedis } from '../../middleware/rate-limit.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';

/** Small, so the tests reach it quickly; the default (30) has a test of its own. */
const LIMIT = 4;
const RATE_LIMITED = { message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' };

let ctx: TestContext;
let courseId: string;
let code: string;
beforeAll(async () => {
  ctx = await createTestContext({ COUPON_CHECK_LIMIT: String(LIMIT) });
  const admin = await createAdmin(ctx.database.db, ctx.config);
  courseId = (await createCourse(ctx.database.db, { price: 50, availability: 10 })).id;
  code = `REAL${randomBytes(3).toString('hex').toUpperCase()}`;
  await request(ctx.app)
    .post('/api/coupons')
    .set('Authorization', `Bearer ${admin.token}`)
    .send({ code, kind: 'percent', value: 10 })
    .expect(201);
});
afterAll(() => ctx.close());

/** A fresh app: counters of its own (in memory). */
const freshApp = (config = ctx.config) => createApp({ ...ctx.deps, config });
const newAccount = () => createUser(ctx.database.db, ctx.config);

/** One check by `who` from client address `address` (X-Forwarded-For: the loopback is a trusted proxy). */
const check = (app: ReturnType<typeof createApp>, who: UserFixture, address: string, guess = 'GUESS') =>
  request(app)
    .post('/api/coupons/check')
    .set('Authorization', `Bearer ${who.token}`)
    .set('X-Forwarded-For', address)
    .send({ code: guess, orderItems: [{ course: courseId, qty: 1 }] });

describe('POST /api/coupons/check is limited per account', () => {
  it('with the default COUPON_CHECK_LIMIT (30), the 31st call of one account answers 429, from whatever address', async () => {
    const defaults = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', JWT_SECRET: 'test-secret-that-is-long-enough' });
    expect(defaults.couponCheckLimit).toBe(30);
    const app = freshApp({ ...ctx.config, couponCheckLimit: defaults.couponCheckLimit });
    const guesser = await newAccount();
    // Each from its own address: only the account's counter can stop the 31st.
    for (let i = 0; i < 30; i++) {
      const res = await check(app, guesser, `198.51.100.${i + 1}`, `GUESS${i}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('COUPON_INVALID');
    }
    const blocked = await check(app, guesser, '198.51.100.200', code);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(RATE_LIMITED);
    // Another account is not held back by this one.
    expect((await check(app, await newAccount(), '198.51.100.201', code)).status).toBe(200);
  });

  it('counts codes that apply as well as guesses, and answers the RateLimit headers', async () => {
    const app = freshApp();
    const buyer = await newAccount();
    for (let i = 0; i < LIMIT; i++) {
      const res = await check(app, buyer, `203.0.113.${i + 1}`, code);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toMatch(new RegExp(`q=${LIMIT}; w=900`));
    }
    const blocked = await check(app, buyer, '203.0.113.99', code);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(RATE_LIMITED);
  });

  it(`of ${LIMIT + 3} checks of one account at once, exactly ${LIMIT} are answered`, async () => {
    const app = freshApp();
    const guesser = await newAccount();
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 3 }, (_, i) => check(app, guesser, `192.0.2.${i + 1}`, `RACE${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMIT);
  });
});

describe('POST /api/coupons/check is limited per client address over all accounts', () => {
  it('guesses spread over several accounts of one address: the next call answers 429, even from a fresh account', async () => {
    const app = freshApp();
    const accounts = await Promise.all([newAccount(), newAccount()]);
    // LIMIT calls from one address, shared between two accounts, each below its own limit.
    for (let i = 0; i < LIMIT; i++) expect((await check(app, accounts[i % 2]!, '203.0.113.50', `SPREAD${i}`)).status).toBe(400);
    const fresh = await newAccount();
    const blocked = await check(app, fresh, '203.0.113.50', code);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(RATE_LIMITED);
    // The same accounts from another address are still served.
    expect((await check(app, fresh, '203.0.113.51', code)).status).toBe(200);
    expect((await check(app, accounts[0]!, '203.0.113.51', code)).status).toBe(200);
  });

  it('many accounts of one address at once: exactly LIMIT calls are answered', async () => {
    const app = freshApp();
    const accounts = await Promise.all(Array.from({ length: LIMIT + 2 }, () => newAccount()));
    const answers = await Promise.all(accounts.map((who, i) => check(app, who, '203.0.113.60', `CROWD${i}`)));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(LIMIT);
  });
});

const redisUrl = process.env['TEST_REDIS_URL'] ?? process.env['REDIS_URL'];

describe.skipIf(!redisUrl)('the coupon check limit shared through Redis', () => {
  it('two API instances share one account counter and one address counter', async () => {
    const logger = createLogger({ env: 'test', logLevel: 'silent' });
    const keyPrefix = `shop-test:${Date.now()}:${randomBytes(4).toString('hex')}:`;
    const clients = [connectRateLimitRedis(redisUrl!, logger), connectRateLimitRedis(redisUrl!, logger)];
    try {
      await Promise.all(clients.map((c) => (c.status === 'ready' ? undefined : once(c, 'ready'))));
      const [first, second] = clients.map((client) => createApp({ ...ctx.deps, logger, redis: { client, keyPrefix } }));
      const guesser = await newAccount();
      for (let i = 0; i < LIMIT; i++) {
        const app = i % 2 === 0 ? first! : second!;
        expect((await check(app, guesser, `198.18.0.${i + 1}`, `SHARED${i}`)).status).toBe(400);
      }
      expect((await check(second!, guesser, '198.18.0.99', code)).status).toBe(429);
      expect((await check(first!, guesser, '198.18.0.98', code)).status).toBe(429);

      // The address counter: LIMIT calls of other accounts from one address, over both instances.
      for (let i = 0; i < LIMIT; i++) expect((await check(i % 2 === 0 ? first! : second!, await newAccount(), '198.18.1.1')).status).toBe(400);
      expect((await check(first!, await newAccount(), '198.18.1.1', code)).status).toBe(429);
      expect(await clients[0]!.keys(`${keyPrefix}rl:coupon-check:*`)).not.toHaveLength(0);
    } finally {
      const keys = await clients[0]!.keys(`${keyPrefix}*`);
      if (keys.length) await clients[0]!.del(...keys);
      await Promise.all(clients.map((c) => c.quit()));
    }
  });
});

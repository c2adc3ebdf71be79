import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.js';
import { createLogger } from '../logger.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { connectRateLimitRedis } from './rate-limit.js';

const redisUrl = process.env['TEST_REDIS_URL'];
const LIMIT = 3;
const report = (line: string) => process.stdout.write(`  ${line}\n`);

/** Resolves once the client is connected and ready (or throws after `ms`). */
async function ready(client: Redis, ms = 5_000): Promise<void> {
  const start = Date.now();
  while (client.status !== 'ready') {
    if (Date.now() - start > ms) throw new Error(`Redis not ready within ${ms} ms (${client.status})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// CI sets TEST_REDIS_URL; without a Redis server there is nothing to freeze or stop.
describe.skipIf(!redisUrl)('sign-in limits with Redis frozen or stopped, through a loopback proxy (needs TEST_REDIS_URL)', () => {
  let ctx: TestContext;
  let proxy: TcpProxy;
  let client: Redis;
  let app: App;
  const keyPrefix = `shop-test:${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_RATE_LIMIT: String(LIMIT) });
    const direct = new URL(redisUrl ?? '');
    proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 6379) });
    client = connectRateLimitRedis(proxy.urlFor(direct.toString()), createLogger(ctx.config), ctx.config.limits);
    await ready(client);
    app = createApp({ ...ctx.deps, redis: { client, keyPrefix } });
  });
  afterAll(async () => {
    await proxy?.set('pass');
    if (client) {
      const keys = await client.keys(`${keyPrefix}*`).catch(() => []);
      if (keys.length) await client.del(...keys);
      client.disconnect();
    }
    await proxy?.close();
    await ctx?.close();
  });

  /** Sign-in of an unknown address (401) and a registration (201), each timed. */
  async function signInAndRegister(): Promise<{ signIn: number; register: number }> {
    let start = Date.now();
    const signIn = await request(app).post('/api/users/login').send({ email: 'nobody@example.com', password: 'some-password' });
    const signInMs = Date.now() - start;
    expect(signIn.status).toBe(401);
    start = Date.now();
    const email = `new-${randomBytes(4).toString('hex')}@example.com`;
    const register = await request(app).post('/api/users').send({ name: 'New Learner', email, password: 'a-good-password' });
    const registerMs = Date.now() - start;
    expect(register.status).toBe(201);
    return { signIn: signInMs, register: registerMs };
  }

  it('counts through Redis while it answers', async () => {
    const ip = { 'X-Forwarded-For': '203.0.113.7' };
    const login = () => request(app).post('/api/users/login').set(ip).send({ email: 'counted@example.com', password: 'x-password' });
    for (let i = 0; i < LIMIT; i++) expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(429);
    expect(await client.keys(`${keyPrefix}rl:login:*`)).toHaveLength(1);
  });

  it('frozen: sign-in and register answer within 3 s, again and again', async () => {
    await proxy.set('freeze');
    for (let round = 0; round < 3; round++) {
      const took = await signInAndRegister();
      report(`Redis frozen, round ${round + 1}: sign-in ${took.signIn} ms, register ${took.register} ms`);
      expect(took.signIn).toBeLessThan(3_000);
      expect(took.register).toBeLessThan(3_000);
    }
  }, 30_000);

  it('stopped: sign-in and register answer within 3 s', async () => {
    await proxy.set('refuse');
    for (let round = 0; round < 3; round++) {
      const took = await signInAndRegister();
      report(`Redis stopped, round ${round + 1}: sign-in ${took.signIn} ms, register ${took.register} ms`);
      expect(took.signIn).toBeLessThan(3_000);
      expect(took.register).toBeLessThan(3_000);
    }
    // Back: the counters are shared through Redis again.
    await proxy.set('pass');
    await ready(client, 10_000);
    await new Promise((r) => setTimeout(r, 2_100)); // the fail-open pause after the last failure
    const ip = { 'X-Forwarded-For': '203.0.113.8' };
    const login = () => request(app).post('/api/users/login').set(ip).send({ email: 'back@example.com', password: 'x-password' });
    for (let i = 0; i < LIMIT; i++) expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(429);
  }, 30_000);
});

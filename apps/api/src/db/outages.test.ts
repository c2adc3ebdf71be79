import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createApp, type App } from '../app.js';
import { STALE_HEADER } from '../modules/catalogue/catalogue-cache.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createCourse, createUser, type UserFixture } from '../test/factories.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { openDatabase, type Database } from './client.js';
import { courses } from '../modules/courses/courses.schema.js';
import { orders } from '../modules/enrolment/tables/orders.schema.js';

const serverUrl = process.env['TEST_DATABASE_URL'];

/** A measured figure, printed beside the test results (the note quotes them). */
const report = (line: string) => process.stdout.write(`  ${line}\n`);

/** Milliseconds since `start`. */
const since = (start: number) => Date.now() - start;

/** Polls until /api/health answers 200; answers how long that took. */
async function recoveryTime(app: App, limitMs: number): Promise<number> {
  const start = Date.now();
  while (since(start) < limitMs) {
    const res = await request(app).get('/api/health');
    if (res.status === 200) return since(start);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the API did not recover within ${limitMs} ms`);
}

const unavailable = { message: MESSAGES.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' };

// CI sets TEST_DATABASE_URL; without a PostgreSQL server there is nothing to freeze or stop.
describe.skipIf(!serverUrl)('PostgreSQL outages through a loopback proxy (needs TEST_DATABASE_URL)', () => {
  let ctx: TestContext;
  let proxy: TcpProxy;
  let proxied: Database;
  let app: App;
  let buyer: UserFixture;
  let courseId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const direct = new URL(ctx.databaseUrl ?? '');
    proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
    // The API as server.ts opens it (default time limits), but through the proxy.
    proxied = await openDatabase({
      kind: 'postgres',
      url: proxy.urlFor(direct.toString()),
      poolSize: 4,
      limits: ctx.config.limits,
    });
    app = createApp({ ...ctx.deps, database: proxied });
    buyer = await createUser(ctx.database.db, ctx.config);
    courseId = (await createCourse(ctx.database.db, { name: 'Cached Course', availability: 20 })).id;
  });
  afterEach(() => proxy.set('pass'));
  afterAll(async () => {
    await proxy?.set('pass');
    await proxied?.close();
    await proxy?.close();
    await ctx?.close();
  });

  const order = (key: string) =>
    request(app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .set('Idempotency-Key', key)
      .send({
        orderItems: [{ course: courseId, qty: 1 }],
        shippingAddress: { address: '1 Rue du Lac', city: 'Tunis', postalCode: '1053', country: 'France' },
        paymentMethod: 'Card',
      });

  const seats = async () =>
    (await ctx.database.db.select({ n: courses.availability }).from(courses).where(eq(courses.id, courseId)))[0]?.n;

  it('frozen: health, an uncached search and an order answer 503 within 6 s, cached pages stay, and it recovers by itself', async () => {
    const cachedPage = await request(app).get('/api/courses?keyword=cached');
    expect(cachedPage.status).toBe(200);
    expect(cachedPage.body.map((c: { name: string }) => c.name)).toEqual(['Cached Course']);
    const seatsBefore = await seats();
    const key = `frozen-${randomBytes(4).toString('hex')}`;
    // Every pooled connection open and idle: the freeze catches queries on established
    // connections (only the query time-out ends those), not only new connections.
    await Promise.all(Array.from({ length: 4 }, () => proxied.db.execute(sql`select pg_sleep(0.05)`)));

    await proxy.set('freeze');
    const timed = async <T>(call: () => PromiseLike<T>) => {
      const start = Date.now();
      const res = await call();
      return { res, ms: since(start) };
    };
    const [health, search, placed, cached] = await Promise.all([
      timed(() => request(app).get('/api/health')),
      timed(() => request(app).get('/api/courses?keyword=never-asked-before')),
      timed(() => order(key)),
      timed(() => request(app).get('/api/courses?keyword=cached')),
    ]);
    report(
      `database frozen: health ${health.ms} ms, uncached search ${search.ms} ms, order ${placed.ms} ms, cached page ${cached.ms} ms`,
    );

    expect(health.res.status).toBe(503);
    expect(health.res.body).toEqual({ status: 'unavailable', database: 'unavailable', redis: 'not configured' });
    expect(health.ms).toBeLessThan(6_000);
    for (const { res, ms } of [search, placed]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual(unavailable);
      expect(res.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(6_000);
    }
    // Browsing goes on from memory, marked as such.
    expect(cached.res.status).toBe(200);
    expect(cached.res.headers[STALE_HEADER.toLowerCase()]).toBe('database unavailable');
    expect(cached.res.body).toEqual(cachedPage.body);
    expect(cached.ms).toBeLessThan(2_000);

    await proxy.set('pass');
    const recovered = await recoveryTime(app, 10_000);
    report(`database unfrozen: health 200 again after ${recovered} ms`);
    expect((await request(app).get('/api/courses?keyword=never-asked-before')).status).toBe(200);
    const fresh = await request(app).get('/api/courses?keyword=cached');
    expect(fresh.headers[STALE_HEADER.toLowerCase()]).toBeUndefined();

    // The order that got a 503 was not half-applied: its retry with the same key places it once.
    const retry = await order(key);
    expect(retry.status).toBe(201);
    expect(await seats()).toBe((seatsBefore ?? 0) - 1);
    const placedWithKey = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
    expect(placedWithKey).toHaveLength(1);
  }, 30_000);

  it('refusing: 503 with Retry-After at once, and it recovers by itself once the database is back', async () => {
    expect((await request(app).get('/api/health')).status).toBe(200);
    await proxy.set('refuse');
    const start = Date.now();
    const [health, search, placed] = await Promise.all([
      request(app).get('/api/health'),
      request(app).get('/api/courses?keyword=refused-search'),
      order(`refused-${randomBytes(4).toString('hex')}`),
    ]);
    const took = since(start);
    report(`database refusing: three 503s within ${took} ms`);
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    for (const res of [search, placed]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual(unavailable);
      expect(res.headers['retry-after']).toBe('5');
    }
    expect(took).toBeLessThan(6_000);

    await proxy.set('pass');
    const recovered = await recoveryTime(app, 10_000);
    report(`database back: health 200 again after ${recovered} ms`);
    expect((await order(`back-${randomBytes(4).toString('hex')}`)).status).toBe(201);
  }, 30_000);
});

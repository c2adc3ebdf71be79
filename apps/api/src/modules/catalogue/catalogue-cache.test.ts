import type { App } from '../../app.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createAdmin, createCourse, createUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { countCourses } from '../courses/courses.repository.js';
import {
  CATALOGUE_CACHE_CONTROL,
  CatalogueCache,
  matchesEtag,
  type CatalogueVersion,
} from './catalogue-cache.js';

let ctx: TestContext;
/** Two API instances on one database, each with its own catalogue cache, as in production (500 ms). */
let instanceA: App;
let instanceB: App;

beforeAll(async () => {
  ctx = await createTestContext();
  const production = { ...ctx.deps, catalogueMaxAgeMs: 500 };
  instanceA = createApp(production);
  instanceB = createApp(production);
});
afterAll(() => ctx.close());

/** Asks `app` until `accept` holds; answers the milliseconds it took (fails after 1 s). */
async function withinOneSecond(
  app: App,
  path: string,
  accept: (res: request.Response) => boolean,
): Promise<{ res: request.Response; ms: number }> {
  const started = Date.now();
  for (;;) {
    const res = await request(app).get(path);
    const ms = Date.now() - started;
    if (accept(res)) return { res, ms };
    if (ms > 1000) throw new Error(`${path} still stale after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('catalogue HTTP caching', () => {
  it('sends ETag and Cache-Control on the list and the detail, and 304 for a current ETag', async () => {
    const course = await createCourse(ctx.database.db);
    for (const path of [
      '/api/courses',
      `/api/courses/${course.id}`,
      '/api/courses?keyword=course&sort=price_asc',
    ]) {
      const first = await request(instanceA).get(path).expect(200);
      expect(first.headers['cache-control']).toBe(CATALOGUE_CACHE_CONTROL);
      expect(first.headers['etag']).toMatch(/^"[\w-]+"$/);
      const again = await request(instanceA)
        .get(path)
        .set('If-None-Match', String(first.headers['etag']))
        .expect(304);
      expect(again.text).toBe('');
      expect(again.headers['etag']).toBe(first.headers['etag']);
    }
  });

  it('gives each query its own ETag and keeps the total header on cached answers', async () => {
    await createCourse(ctx.database.db);
    // Its own instance trusting the version for a minute: on a loaded machine, 500 ms can pass
    // between the two reads of page 1, and the second would rightly come from a newer version.
    const instance = createApp({ ...ctx.deps, catalogueMaxAgeMs: 60_000 });
    const page1 = await request(instance).get('/api/courses?limit=1&page=1').expect(200);
    const page2 = await request(instance).get('/api/courses?limit=1&page=2').expect(200);
    expect(page1.headers['etag']).not.toBe(page2.headers['etag']);
    const cached = await request(instance).get('/api/courses?limit=1&page=1').expect(200);
    expect(cached.headers['x-total-count']).toBe(page1.headers['x-total-count']);
    expect(cached.body).toEqual(page1.body);
  });

  it("serves an admin's update through instance A on instance B within one second, with a new ETag", async () => {
    const { token } = await createAdmin(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { name: 'Before the edit' });
    const detail = `/api/courses/${course.id}`;
    const oldDetail = await request(instanceB).get(detail).expect(200);
    const oldList = await request(instanceB).get('/api/courses').expect(200);
    expect(oldDetail.body.name).toBe('Before the edit');

    await request(instanceA)
      .put(detail)
      .set('Authorization', `Bearer ${token}`)
      .send({ name: 'After the edit', price: 77 })
      .expect(200);
    // The writer's own instance shows the change at once.
    expect((await request(instanceA).get(detail).expect(200)).body.name).toBe('After the edit');

    const seen = await withinOneSecond(
      instanceB,
      detail,
      (res) => res.body.name === 'After the edit',
    );
    expect(seen.res.headers['etag']).not.toBe(oldDetail.headers['etag']);
    const list = await withinOneSecond(instanceB, '/api/courses', (res) =>
      (res.body as { _id: string; price: number }[]).some(
        (c) => c._id === course.id && c.price === 77,
      ),
    );
    expect(list.res.headers['etag']).not.toBe(oldList.headers['etag']);
    // A client still holding the old ETag gets the new course, not "not modified".
    await request(instanceB)
      .get(detail)
      .set('If-None-Match', String(oldDetail.headers['etag']))
      .expect(200);
  });

  it('shows seats taken by an order on another instance within one second', async () => {
    const { token } = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const detail = `/api/courses/${course.id}`;
    expect((await request(instanceB).get(detail).expect(200)).body.availability).toBe(5);

    await request(instanceA)
      .post('/api/orders')
      .set('Authorization', `Bearer ${token}`)
      .send({
        orderItems: [{ course: course.id, qty: 2 }],
        shippingAddress: {
          address: '1 Main St',
          city: 'Tunis',
          postalCode: '1000',
          country: 'France',
        },
        paymentMethod: 'Card',
      })
      .expect(201);
    await withinOneSecond(instanceB, detail, (res) => res.body.availability === 3);
  });

  it('keeps the unfiltered total exact through creations and deletions on either instance', async () => {
    const { token } = await createAdmin(ctx.database.db, ctx.config);
    const auth = `Bearer ${token}`;
    const total = async (app: App) =>
      Number((await request(app).get('/api/courses').expect(200)).headers['x-total-count']);
    const before = await total(instanceA);
    await total(instanceB);
    const created = await request(instanceA)
      .post('/api/courses')
      .set('Authorization', auth)
      .expect(201);
    // A draft is not in the catalogue: the admin's first save publishes it.
    expect(await total(instanceA)).toBe(before);
    await request(instanceA)
      .put(`/api/courses/${created.body._id}`)
      .set('Authorization', auth)
      .send({ name: 'Counted Course' })
      .expect(200);
    expect(await total(instanceA)).toBe(before + 1);
    await withinOneSecond(
      instanceB,
      '/api/courses',
      (res) => Number(res.headers['x-total-count']) === before + 1,
    );
    await request(instanceB)
      .delete(`/api/courses/${created.body._id}`)
      .set('Authorization', auth)
      .expect(200);
    expect(await total(instanceB)).toBe(before);
    await withinOneSecond(
      instanceA,
      '/api/courses',
      (res) => Number(res.headers['x-total-count']) === before,
    );
    // The counter kept by the triggers agrees with the table.
    expect(await countCourses(ctx.database.db)).toBe(before);
  });

  it('does not cache an unknown course: it is found as soon as it exists', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const missing = await request(instanceA).get(`/api/courses/${id}`).expect(404);
    expect(missing.headers['cache-control']).not.toBe(CATALOGUE_CACHE_CONTROL);
    await createCourse(ctx.database.db, { id, name: 'Arrived late' });
    expect((await request(instanceA).get(`/api/courses/${id}`).expect(200)).body.name).toBe(
      'Arrived late',
    );
  });
});

describe('a write through this instance', () => {
  /** An instance that trusts a version read for a minute: without courseChanged() it would answer stale seats. */
  const longLived = () => createApp({ ...ctx.deps, catalogueMaxAgeMs: 60_000 });
  const address = { address: '1 Main St', city: 'Tunis', postalCode: '1000', country: 'France' };

  it('shows the seats an order took on the very next GET, list and detail', async () => {
    const app = longLived();
    const { token } = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const detail = `/api/courses/${course.id}`;
    const seatsInList = async () =>
      ((await request(app).get('/api/courses?limit=100').expect(200)).body as { _id: string; availability: number }[]).find(
        (c) => c._id === course.id,
      )?.availability;
    expect((await request(app).get(detail).expect(200)).body.availability).toBe(5);
    expect(await seatsInList()).toBe(5);

    await request(app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${token}`)
      .send({ orderItems: [{ course: course.id, qty: 2 }], shippingAddress: address, paymentMethod: 'In Place' })
      .expect(201);
    expect((await request(app).get(detail).expect(200)).body.availability).toBe(3);
    expect(await seatsInList()).toBe(3);

    for (let buyer = 0; buyer < 3; buyer++) {
      const { token: other } = await createUser(ctx.database.db, ctx.config);
      await request(app)
        .post('/api/orders')
        .set('Authorization', `Bearer ${other}`)
        .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress: address, paymentMethod: 'In Place' })
        .expect(201);
    }
    expect((await request(app).get(detail).expect(200)).body.availability).toBe(0);
  });

  it("shows an admin's edit, a review and a deletion on the very next GET", async () => {
    const app = longLived();
    const { token: admin } = await createAdmin(ctx.database.db, ctx.config);
    const { token: reviewer } = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { name: 'Before', availability: 4 });
    const detail = `/api/courses/${course.id}`;
    const before = await request(app).get(detail).expect(200);
    expect(before.body.name).toBe('Before');

    await request(app).put(detail).set('Authorization', `Bearer ${admin}`).send({ name: 'After', availability: 9 }).expect(200);
    const edited = await request(app).get(detail).set('If-None-Match', String(before.headers['etag'])).expect(200);
    expect(edited.body).toMatchObject({ name: 'After', availability: 9 });

    await request(app).post(`${detail}/reviews`).set('Authorization', `Bearer ${reviewer}`).send({ rating: 4, comment: 'Good' }).expect(201);
    expect((await request(app).get(detail).expect(200)).body).toMatchObject({ numReviews: 1, rating: 4 });

    await request(app).delete(detail).set('Authorization', `Bearer ${admin}`).expect(200);
    await request(app).get(detail).expect(404);
  });
});

describe('CatalogueCache', () => {
  function fakeStore(options: { maxBytes?: number; maxSeenOnce?: number } = {}) {
    let changes = 0;
    let reads = 0;
    let now = 0;
    const pending: (() => void)[] = [];
    let hold = false;
    const cache = new CatalogueCache(
      () => {
        reads += 1;
        const version: CatalogueVersion = { tag: `v${changes}`, courses: changes };
        if (!hold) return Promise.resolve(version);
        return new Promise((resolve) => pending.push(() => resolve(version)));
      },
      { maxAgeMs: 500, now: () => now, ...options },
    );
    return {
      cache,
      reads: () => reads,
      change: () => (changes += 1),
      advance: (ms: number) => (now += ms),
      holdReads: (on: boolean) => (hold = on),
      release: () => pending.splice(0).forEach((f) => f()),
    };
  }

  it('reads the version once for many concurrent requests, and again only after maxAge', async () => {
    const store = fakeStore();
    const versions = await Promise.all(Array.from({ length: 32 }, () => store.cache.version()));
    expect(store.reads()).toBe(1);
    expect(new Set(versions.map((v) => v.tag))).toEqual(new Set(['v0']));
    store.change();
    store.advance(499);
    expect((await store.cache.version()).tag).toBe('v0');
    store.advance(1);
    expect((await store.cache.version()).tag).toBe('v1');
    expect(store.reads()).toBe(2);
  });

  it('peek gives a kept answer only while its version is fresh and current', async () => {
    const store = fakeStore();
    const { cache } = store;
    const sent: { status: number; body: string }[] = [];
    const get = async (url: string, key: string, body: unknown) => {
      const res = {
        statusCode: 0,
        setHeader: () => res,
        getHeader: () => undefined,
        end: (chunk?: Buffer) => sent.push({ status: res.statusCode, body: String(chunk ?? '') }),
      };
      const build = () => Promise.resolve({ body });
      await cache.send({ headers: {}, method: 'GET', originalUrl: url } as never, res as never, key, build);
    };
    expect(cache.peek('/api/courses')).toBeUndefined(); // nothing read, nothing kept
    await get('/api/courses', 'all', ['first']);
    expect(sent.at(-1)).toEqual({ status: 200, body: '["first"]' });
    expect(cache.peek('/api/courses')?.body.toString()).toBe('["first"]');
    expect(cache.peek('/api/courses?page=1')).toBeUndefined(); // an URL never answered
    // Another URL with the same key (same validated query) shares the answer once answered.
    await get('/api/courses?page=1', 'all', ['never built']);
    expect(cache.peek('/api/courses?page=1')?.body.toString()).toBe('["first"]');

    store.change();
    store.advance(499);
    expect(cache.peek('/api/courses')).toBeDefined(); // still within maxAge: what send() would serve
    store.advance(1);
    expect(cache.peek('/api/courses')).toBeUndefined(); // the version must be read again first
    await get('/api/courses', 'all', ['second']);
    expect(cache.peek('/api/courses')?.body.toString()).toBe('["second"]');
    // A new version read by another URL: answers of the old one are not served.
    store.change();
    store.advance(500);
    await get('/api/courses/x', 'x', { id: 'x' });
    expect(cache.peek('/api/courses')).toBeUndefined();
    // After a write through this instance, nothing is served until the version is re-read.
    expect(cache.peek('/api/courses/x')).toBeDefined();
    cache.courseChanged();
    expect(cache.peek('/api/courses/x')).toBeUndefined();
  });

  it('keeps the popular answers through a flood of one-off queries larger than the cache', async () => {
    // Room for 10 answers of 100 bytes (each counted 150).
    const { cache } = fakeStore({ maxBytes: 1_500, maxSeenOnce: 1_000 });
    let builds = 0;
    const get = async (key: string) => {
      const res = { statusCode: 0, setHeader: () => res, getHeader: () => undefined, end: () => undefined };
      await cache.send({ headers: {}, method: 'GET', originalUrl: `/api/courses?${key}` } as never, res as never, key, () => {
        builds += 1;
        return Promise.resolve({ body: key.padEnd(98, '.') });
      });
    };
    const popular = Array.from({ length: 5 }, (_, i) => `popular-${i}`);
    for (let round = 0; round < 3; round++) for (const key of popular) await get(key);
    expect(builds).toBe(5);
    // 300 distinct one-off queries, 30 times what the cache holds, between popular requests.
    for (let i = 0; i < 300; i++) {
      await get(`random-${i}`);
      if (i % 10 === 9) for (const key of popular) await get(key);
    }
    expect(builds).toBe(5 + 300);
    // The popular answers are still kept: the fast path serves them, nothing is built again.
    for (const key of popular) expect(cache.peek(`/api/courses?${key}`)?.body.toString()).toContain(key);
    for (const key of popular) await get(key);
    expect(builds).toBe(5 + 300);
    // The flood filled the free room, then went through without being kept.
    const keptRandom = Array.from({ length: 300 }, (_, i) => `random-${i}`).filter((key) => cache.peek(`/api/courses?${key}`));
    expect(keptRandom).toEqual(['random-0', 'random-1', 'random-2', 'random-3', 'random-4']);
    // A query asked for a second time is kept, pushing out the least recently used answer (a one-off).
    for (const key of popular) await get(key);
    await get('random-200');
    expect(cache.peek('/api/courses?random-200')).toBeDefined();
    expect(cache.peek('/api/courses?random-0')).toBeUndefined();
    for (const key of popular) expect(cache.peek(`/api/courses?${key}`)).toBeDefined();
  });

  it('does not keep a read that started before courseChanged()', async () => {
    const store = fakeStore();
    store.holdReads(true);
    const early = store.cache.version();
    store.cache.courseChanged();
    store.change();
    const late = store.cache.version();
    store.release();
    await early;
    expect((await late).tag).toBe('v1');
    store.holdReads(false);
    expect((await store.cache.version()).tag).toBe('v1');
  });
});

describe('matchesEtag', () => {
  it('accepts the tag, a list containing it, its weak form and *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createApp } from '../../app.js';
import type { AppDeps } from '../../deps.js';
import { createCourse } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { CatalogueCache, type CatalogueVersion } from './catalogue-cache.js';
import { catalogueFastPath } from './catalogue-fast-path.js';

let ctx: TestContext;
/**
 * Versions trusted for a minute (production: 500 ms), so a repeated GET takes the fast path
 * however loaded the machine is; the courses are all written before any app is built.
 */
let production: AppDeps;
let courseId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  production = { ...ctx.deps, catalogueMaxAgeMs: 60_000 };
  courseId = (await createCourse(ctx.database.db, { name: 'Fast Photoshop', price: 40 })).id;
  await createCourse(ctx.database.db, { name: 'Slow Excel', price: 90 });
});
afterAll(() => ctx.close());

/** Headers a client would compare, without the ones that differ on every answer. */
function stableHeaders(res: request.Response): Record<string, unknown> {
  const {
    date: _date,
    'x-request-id': _id,
    connection: _c,
    'keep-alive': _k,
    ...rest
  } = res.headers;
  return rest;
}

const PATHS = () => [
  '/api/courses',
  '/api/courses?keyword=photoshop&sort=price_asc',
  `/api/courses/${courseId}`,
];

describe('catalogue fast path', () => {
  it('answers a repeated GET from the kept answer with the status, headers and body Express sent', async () => {
    const origins = [undefined, new URL(ctx.config.appUrl).origin, 'https://elsewhere.example'];
    for (const origin of origins) {
      // A fresh instance per origin: its first answer is built by the Express route.
      const app = createApp(production);
      const peek = vi.spyOn(CatalogueCache.prototype, 'peek');
      for (const path of PATHS()) {
        const get = () => {
          const req = request(app).get(path);
          return origin ? req.set('Origin', origin) : req;
        };
        const viaExpress = await get().expect(200);
        expect(peek.mock.results.at(-1)?.value).toBeUndefined();
        const viaFastPath = await get().expect(200);
        expect(peek.mock.results.at(-1)?.value).toBeDefined();

        expect(viaFastPath.text).toBe(viaExpress.text);
        expect(stableHeaders(viaFastPath)).toEqual(stableHeaders(viaExpress));
        expect(viaFastPath.headers['x-request-id']).toMatch(/^[\w-]+$/);
        expect(viaFastPath.headers['x-request-id']).not.toBe(viaExpress.headers['x-request-id']);
        // What the edge handlers add is there, not only what the cache keeps.
        expect(viaFastPath.headers['x-content-type-options']).toBe('nosniff');
        expect(viaFastPath.headers['content-security-policy']).toContain("frame-src 'self'");
        expect(viaFastPath.headers['vary']).toBe('Origin, Accept-Encoding');
        if (origin === new URL(ctx.config.appUrl).origin) {
          expect(viaFastPath.headers['access-control-allow-origin']).toBe(origin);
          expect(viaFastPath.headers['access-control-expose-headers']).toContain('X-Total-Count');
        } else expect(viaFastPath.headers['access-control-allow-origin']).toBeUndefined();
      }
      peek.mockRestore();
    }
  });

  it('answers 304 for a current ETag and echoes the caller’s request id', async () => {
    const app = createApp(production);
    const first = await request(app).get('/api/courses').expect(200);
    const peek = vi.spyOn(CatalogueCache.prototype, 'peek');
    const again = await request(app)
      .get('/api/courses')
      .set('If-None-Match', String(first.headers['etag']))
      .set('X-Request-Id', 'client-chosen-id')
      .expect(304);
    expect(peek.mock.results.at(-1)?.value).toBeDefined();
    expect(again.text).toBe('');
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers['x-request-id']).toBe('client-chosen-id');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 304 to a current ETag even where this instance keeps no body for the URL', async () => {
    const first = await request(createApp(production)).get('/api/courses?keyword=photoshop').expect(200);
    const etag = String(first.headers['etag']);
    // Another instance (or the same one after its answers were pushed out): nothing kept.
    const app = createApp(production);
    const currentEtag = vi.spyOn(CatalogueCache.prototype, 'currentEtag');
    const revalidate = (path: string, tag = etag) => request(app).get(path).set('If-None-Match', tag);
    // Its first request reads the version through Express, which answers 304 without building.
    const viaExpress = await revalidate('/api/courses?keyword=photoshop').expect(304);
    expect(currentEtag.mock.results.at(-1)?.value).toBeUndefined();
    for (const spelling of ['/api/courses?keyword=photoshop', '/api/courses?keyword=PhotoShop&page=1']) {
      const viaFastPath = await revalidate(spelling).expect(304);
      expect(currentEtag.mock.results.at(-1)?.value, spelling).toBe(etag);
      expect(stableHeaders(viaFastPath)).toEqual(stableHeaders(viaExpress));
      expect(viaFastPath.headers['x-content-type-options']).toBe('nosniff');
    }
    // An old ETag or another question's: the page itself, from Express.
    const other = await revalidate('/api/courses?keyword=excel').expect(200);
    expect(other.body).toEqual([expect.objectContaining({ name: 'Slow Excel' })]);
    const stale = await revalidate('/api/courses?keyword=photoshop', '"an-older-version"').expect(200);
    expect(stale.text).toBe(first.text);
    // A detail this instance never built has no key it can tell without Express.
    const detailEtag = String((await request(createApp(production)).get(`/api/courses/${courseId}`).expect(200)).headers['etag']);
    await revalidate(`/api/courses/${courseId}`, detailEtag).expect(304);
    expect(currentEtag.mock.results.at(-1)?.value).toBeUndefined();
    // Express's 304 left the URL's key: the next revalidation is the fast path's.
    await revalidate(`/api/courses/${courseId}`, detailEtag).expect(304);
    expect(currentEtag.mock.results.at(-1)?.value).toBe(detailEtag);
  });

  it('answers another spelling of a kept list question as Express would, and leaves refused ones to Express', async () => {
    const app = createApp(production);
    const viaExpress = await request(app).get('/api/courses?keyword=photoshop').expect(200);
    const peek = vi.spyOn(CatalogueCache.prototype, 'peek');
    for (const spelling of [
      '/api/courses?keyword=PhotoShop',
      '/api/courses?sort=date&keyword=%20photoshop+&page=1&limit=24&utm_source=mail',
      // 90: the dearest course; 40: the cheapest.
      '/api/courses?keyword=photoshop&to=90&from=40',
    ]) {
      const viaFastPath = await request(app).get(spelling).expect(200);
      expect(peek.mock.results.at(-1)?.value, spelling).toBeDefined();
      expect(viaFastPath.text).toBe(viaExpress.text);
      expect(stableHeaders(viaFastPath)).toEqual(stableHeaders(viaExpress));
    }
    // What Express refuses is refused: a NUL, a repeated parameter, a bad value.
    for (const refused of ['/api/courses?keyword=photoshop%00', '/api/courses?keyword=photoshop&keyword=x', '/api/courses?keyword=photoshop&limit=0']) {
      await request(app).get(refused).expect(400);
      expect(peek.mock.results.at(-1)?.value, refused).toBeUndefined();
    }
    // A spelling that asks something else is not served the kept answer.
    const dearer = await request(app).get('/api/courses?keyword=photoshop&to=39').expect(200);
    expect(peek.mock.results.at(-1)?.value).toBeUndefined();
    expect(dearer.body).toEqual([]);
  });

  it('leaves HEAD, writes and unseen URLs to Express', async () => {
    const app = createApp(production);
    await request(app).get('/api/courses').expect(200);
    const peek = vi.spyOn(CatalogueCache.prototype, 'peek');
    const head = await request(app).head('/api/courses').expect(200);
    expect(head.headers['x-total-count']).toBe('2');
    await request(app).post('/api/courses').expect(401);
    await request(app).get('/api/courses?keyword=excel').expect(200);
    await request(app).get('/api/courses?limit=lots').expect(400);
    await request(app).get('/api/courses?limit=lots').expect(400);
    // Only the GETs asked, and none of them was answered by it.
    expect(peek).toHaveBeenCalledTimes(3);
    expect(peek.mock.results.every((r) => r.value === undefined)).toBe(true);
  });

  it('logs one access line per answer when info lines are on, as Express does', async () => {
    const lines: { msg?: string; req?: { url?: string }; res?: { statusCode?: number } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    const app = createApp({ ...production, logger });
    const path = `/api/courses/${courseId}`;
    await request(app).get(path).expect(200);
    await request(app).get(path).expect(200);
    const access = () => lines.filter((l) => l.res !== undefined);
    await vi.waitFor(() => expect(access()).toHaveLength(2));
    for (const line of access()) {
      expect(line.msg).toMatch(new RegExp(`^GET ${path} 200 \\d+ ms$`));
      expect(line.req?.url).toBe(path);
      expect(line.res?.statusCode).toBe(200);
    }
  });

  it('answers the API 500 (not a hang or a crash) if an edge handler throws', async () => {
    const version: CatalogueVersion = { tag: 'v1', courses: 1 };
    const cache = new CatalogueCache(() => Promise.resolve(version), { maxAgeMs: 60_000 });
    const logged: unknown[] = [];
    const logger = {
      error: (...args: unknown[]) => logged.push(args),
    } as unknown as AppDeps['logger'];
    const fastPath = catalogueFastPath(
      cache,
      [
        () => {
          throw new Error('broken edge handler');
        },
      ],
      logger,
    );
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (fastPath(req, res)) return;
      // The slow path keeps an answer, as the Express route does.
      Object.assign(req, { originalUrl: req.url });
      void cache.send(req as never, res as never, 'key', () => Promise.resolve({ body: ['kept'] }));
    });
    expect((await request(server).get('/api/courses').expect(200)).body).toEqual(['kept']);
    const failed = await request(server).get('/api/courses').expect(500);
    expect(failed.body).toEqual({ message: MESSAGES.serverError, code: 'SERVER_ERROR' });
    expect(logged).toHaveLength(1);
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/context.js';

/** Headers only a document shown in a tab reads: on pages, not on API data answers. */
const PAGE_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** What protects every answer, data or page. */
const EVERYWHERE = [
  'content-security-policy',
  'x-content-type-options',
  'strict-transport-security',
  'cross-origin-resource-policy',
];

describe('security headers (issue 20: API data answers carry no page-only headers)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it.each(['/api/courses', '/api/health', '/api/nothing-here', '/api/openapi.json'])(
    '%s keeps the CSP, nosniff, HSTS and CORP, without the page-only headers',
    async (url) => {
      const res = await request(ctx.app).get(url);
      for (const name of EVERYWHERE) expect(res.headers[name], name).toBeTruthy();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      for (const name of PAGE_ONLY) expect(res.headers[name], name).toBeUndefined();
    },
  );

  it('the API documentation page gets the whole set', async () => {
    const res = await request(ctx.app).get('/api/docs').expect(200);
    for (const name of [...EVERYWHERE, ...PAGE_ONLY]) expect(res.headers[name], name).toBeTruthy();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a cached catalogue answer (the fast path) matches the Express one', async () => {
    await request(ctx.app).get('/api/courses?keyword=headers').expect(200);
    const again = await request(ctx.app).get('/api/courses?keyword=headers').expect(200);
    for (const name of PAGE_ONLY) expect(again.headers[name], name).toBeUndefined();
    expect(again.headers['content-security-policy']).toContain("frame-src 'self'");
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createTestContext, type TestContext } from '../../test/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', redis: 'not configured' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 "stopping" with Retry-After once the instance is shutting down', async () => {
    const lifecycle = { stopping: false };
    const app = createApp({ ...ctx.deps, lifecycle });
    expect((await request(app).get('/api/health')).status).toBe(200);
    lifecycle.stopping = true;
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ status: 'stopping', database: 'ok', redis: 'not configured' });
  });
});

describe('unknown API routes and bad bodies', () => {
  it('answers a JSON 404 for an unknown API route', async () => {
    const res = await request(ctx.app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers 400 with a message for malformed JSON', async () => {
    const res = await request(ctx.app)
      .post('/api/newsletter')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await request(ctx.app)
      .post('/api/newsletter')
      .send({ email: 'a@b.co', pad: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Request body too large');
  });

  it('sends security headers and a request id', async () => {
    const res = await request(ctx.app).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('POST /api/newsletter', () => {
  it('subscribes an address once, whatever its case', async () => {
    const first = await request(ctx.app).post('/api/newsletter').send({ email: 'Fan@Example.com' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: 'Subscribed' });
    const again = await request(ctx.app).post('/api/newsletter').send({ email: 'fan@example.com' });
    expect(again.status).toBe(201);
  });

  it('refuses a missing or malformed address with a message', async () => {
    const res = await request(ctx.app).post('/api/newsletter').send({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/valid email/);
    const missing = await request(ctx.app).post('/api/newsletter').send({});
    expect(missing.status).toBe(400);
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { VITE_DEV_ORIGIN } from './cors.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const appFor = (env: 'production' | 'development') => createApp({ ...ctx.deps, config: { ...ctx.config, env, appUrl: 'https://shop.example.com' } });

describe('CORS', () => {
  it('allows only APP_URL in production and exposes X-Total-Count', async () => {
    const app = appFor('production');
    const allowed = await request(app).get('/api/health').set('Origin', 'https://shop.example.com');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect(allowed.headers['vary']).toContain('Origin');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();

    for (const origin of [VITE_DEV_ORIGIN, 'https://evil.example.com', 'https://shop.example.com.evil.com', 'null']) {
      const refused = await request(app).get('/api/health').set('Origin', origin);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('also allows the vite dev server in development', async () => {
    const res = await request(appFor('development')).get('/api/health').set('Origin', VITE_DEV_ORIGIN);
    expect(res.headers['access-control-allow-origin']).toBe(VITE_DEV_ORIGIN);
  });

  it('answers a preflight for an allowed origin with the methods and headers the client uses', async () => {
    const res = await request(appFor('production'))
      .options('/api/users/profile')
      .set('Origin', 'https://shop.example.com')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'authorization, content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('PUT');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
    // Placing an order sends an Idempotency-Key (docs/api.md#orders).
    const order = await request(appFor('production'))
      .options('/api/orders')
      .set('Origin', 'https://shop.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key');
    expect(order.status).toBe(204);
    expect(order.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
    const refused = await request(appFor('production'))
      .options('/api/users/profile')
      .set('Origin', 'https://evil.example.com')
      .set('Access-Control-Request-Method', 'PUT');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();
  });
});

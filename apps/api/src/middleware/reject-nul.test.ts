import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// On PostgreSQL each of these was a 500 ("invalid byte sequence"), found by the write-route fuzz test.
describe('NUL characters never reach the database', () => {
  it('refuses them inside JSON strings with 400', async () => {
    const { token } = await createUser(ctx.database.db, ctx.config);
    const profile = await request(ctx.app).put('/api/users/profile').set('Authorization', `Bearer ${token}`).send({ name: 'a\u0000b' });
    expect(profile.status).toBe(400);
    expect(profile.body).toEqual({ message: MESSAGES.malformedJson, code: 'MALFORMED_JSON' });
    const login = await request(ctx.app).post('/api/users/login').send({ email: 'a\u0000@example.com', password: 'x' });
    expect(login.status).toBe(400);
    const nestedKey = await request(ctx.app).post('/api/newsletter').send({ email: 'ok@example.com', extra: ['\u0000'] });
    expect(nestedKey.status).toBe(400);
  });

  it('refuses %00 in paths and query strings with 400', async () => {
    for (const url of ['/api/users/verify/%00abc', '/api/users/validate-reset-token/%00', '/api/courses?keyword=%00', '/api/health?x=%00']) {
      const res = await request(ctx.app).get(url);
      expect(res.status, url).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.invalidInput, code: 'VALIDATION' });
    }
  });

  it('still accepts ordinary unicode', async () => {
    const res = await request(ctx.app).post('/api/users').send({ name: 'Zoë Ünal 💥', email: 'zoe@example.com', password: 'zoe-password' });
    expect(res.status).toBe(201);
  });
});

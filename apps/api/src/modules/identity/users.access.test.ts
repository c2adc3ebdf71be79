import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createAdmin, createUser, type UserFixture } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { signUserToken, TOKEN_TTL_SECONDS } from '../../lib/user-tokens.js';
import { users } from './identity.schema.js';

let ctx: TestContext;
let user: UserFixture;
let kid: UserFixture;
let admin: UserFixture;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx.database.db, ctx.config);
  kid = await createUser(ctx.database.db, ctx.config, { isKid: true });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Every kind of caller the contract distinguishes, as an Authorization header (or none). */
function callers(): Record<string, string | undefined> {
  const claims = { sub: admin.user.id, pwv: admin.user.passwordChangedAt.getTime() };
  const longAgo = new Date(ctx.clock.now().getTime() - (TOKEN_TTL_SECONDS + 60) * 1000);
  return {
    'no token': undefined,
    'bad signature': `Bearer ${jwt.sign(claims, 'some-other-secret-of-enough-length', { algorithm: 'HS256' })}`,
    'alg none': `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: Math.floor(Date.now() / 1000) })}.`,
    expired: `Bearer ${signUserToken(ctx.config.jwtSecret, admin.user, longAgo)}`,
    // Signed with the shop's own secret, but without `exp` it would be valid for ever.
    'no exp': `Bearer ${jwt.sign(claims, ctx.config.jwtSecret, { algorithm: 'HS256', noTimestamp: true })}`,
    // The right secret and claims under another algorithm: only HS256 is accepted.
    'HS512': `Bearer ${jwt.sign(claims, ctx.config.jwtSecret, { algorithm: 'HS512', expiresIn: 60 })}`,
    'plain user': `Bearer ${user.token}`,
    kid: `Bearer ${kid.token}`,
    admin: `Bearer ${admin.token}`,
  };
}

const anonymous = {
  'no token': 401,
  'bad signature': 401,
  'alg none': 401,
  expired: 401,
  'no exp': 401,
  HS512: 401,
};

type Route = {
  method: 'get' | 'put' | 'delete';
  path: () => Promise<string> | string;
  body?: object;
  expected: Record<string, number>;
};

/** A user only admins may touch; a fresh one per call so deletes and edits do not interfere. */
const victimPath = async () => `/api/users/${(await createUser(ctx.database.db, ctx.config)).user.id}`;

const routes: Route[] = [
  { method: 'get', path: () => '/api/users/profile', expected: { ...anonymous, 'plain user': 200, kid: 200, admin: 200 } },
  {
    method: 'put',
    path: () => '/api/users/profile',
    body: { name: 'Renamed' },
    expected: { ...anonymous, 'plain user': 200, kid: 200, admin: 200 },
  },
  { method: 'get', path: () => '/api/users', expected: { ...anonymous, 'plain user': 403, kid: 403, admin: 200 } },
  { method: 'get', path: victimPath, expected: { ...anonymous, 'plain user': 403, kid: 403, admin: 200 } },
  { method: 'put', path: victimPath, body: { name: 'Edited' }, expected: { ...anonymous, 'plain user': 403, kid: 403, admin: 200 } },
  { method: 'delete', path: victimPath, expected: { ...anonymous, 'plain user': 403, kid: 403, admin: 200 } },
];

/** No password hash and no password-ish key anywhere in an answer. */
function expectNoSecrets(body: unknown): void {
  expect(JSON.stringify(body)).not.toMatch(/\$2[aby]?\$/);
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        expect(key.toLowerCase()).not.toContain('password');
        walk(inner);
      }
    }
  };
  walk(body);
}

describe('access to every user and admin route', () => {
  for (const route of routes) {
    for (const [caller, status] of Object.entries(route.expected)) {
      it(`${route.method.toUpperCase()} ${route.path === victimPath ? '/api/users/:id' : String(route.path())} as ${caller} -> ${status}`, async () => {
        const header = callers()[caller];
        let req = request(ctx.app)[route.method](await route.path());
        if (header) req = req.set('Authorization', header);
        const res = await (route.body ? req.send(route.body) : req);
        expect(res.status).toBe(status);
        if (status === 401) expect([MESSAGES.notAuthorized, MESSAGES.tokenInvalid]).toContain(res.body.message);
        if (status === 403) expect(res.body.message).toEqual(expect.any(String));
        expectNoSecrets(res.body);
      });
    }
  }

  it('answers the user list without hashes or password keys', async () => {
    const res = await request(ctx.app).get('/api/users').set('Authorization', `Bearer ${admin.token}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    for (const row of res.body) expect(Object.keys(row).sort()).toEqual(['_id', 'email', 'isAdmin', 'isKid', 'language', 'name', 'notify', 'phone']);
    expectNoSecrets(res.body);
  });
});

describe('users never reach each other', () => {
  it('reads its own record by id but not another user’s', async () => {
    const own = await request(ctx.app).get(`/api/users/${user.user.id}`).set('Authorization', `Bearer ${user.token}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ _id: user.user.id, name: expect.any(String), email: user.user.email, isAdmin: false, isKid: false, language: 'en', phone: null, notify: { sms: false, whatsapp: false } });
    const other = await request(ctx.app).get(`/api/users/${kid.user.id}`).set('Authorization', `Bearer ${user.token}`);
    expect(other.status).toBe(403);
    const unknown = await request(ctx.app)
      .get('/api/users/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${user.token}`);
    expect(unknown.status).toBe(403);
  });

  it('edits only itself through the profile, whatever ids the body names, and cannot make itself admin', async () => {
    const before = await ctx.database.db.select().from(users).where(eq(users.id, kid.user.id)).then(([row]) => row);
    const res = await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ _id: kid.user.id, id: kid.user.id, name: 'Self only', isAdmin: true, isVerified: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user.user.id, name: 'Self only', isAdmin: false });
    const after = await ctx.database.db.select().from(users).where(eq(users.id, kid.user.id)).then(([row]) => row);
    expect(after?.name).toBe(before?.name);
    const self = await ctx.database.db.select().from(users).where(eq(users.id, user.user.id)).then(([row]) => row);
    expect(self).toMatchObject({ isAdmin: false, isVerified: true });
  });

  it('cannot become admin by registering', async () => {
    await request(ctx.app)
      .post('/api/users')
      .send({ name: 'Sneaky', email: 'sneaky@example.com', password: 'sneaky-password', isAdmin: true, isVerified: true })
      .expect(201);
    const row = await ctx.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com')).then(([row]) => row);
    expect(row).toMatchObject({ isAdmin: false, isVerified: false });
  });

  it('a malformed id is a 404 for everybody', async () => {
    for (const token of [user.token, admin.token]) {
      const res = await request(ctx.app).get('/api/users/not-an-id').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MESSAGES.userNotFound, code: 'USER_NOT_FOUND' });
    }
  });
});

describe('admin user management', () => {
  const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${admin.token}`);

  it('edits name, e-mail and flags, and makes another user admin', async () => {
    const target = await createUser(ctx.database.db, ctx.config);
    const res = await asAdmin(request(ctx.app).put(`/api/users/${target.user.id}`)).send({
      _id: target.user.id,
      name: 'Promoted',
      email: 'Promoted@Example.com',
      isAdmin: true,
      isKid: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: target.user.id, name: 'Promoted', email: 'promoted@example.com', isAdmin: true, isKid: true, language: 'en', phone: null, notify: { sms: false, whatsapp: false } });
    const list = await request(ctx.app).get('/api/users').set('Authorization', `Bearer ${target.token}`);
    expect(list.status).toBe(200);
  });

  it('refuses an e-mail already in use, unknown ids and its own demotion', async () => {
    const target = await createUser(ctx.database.db, ctx.config);
    const taken = await asAdmin(request(ctx.app).put(`/api/users/${target.user.id}`)).send({ email: user.user.email.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ message: MESSAGES.userExists, code: 'USER_EXISTS' });
    const unknown = await asAdmin(request(ctx.app).put('/api/users/00000000-0000-4000-8000-000000000000')).send({ name: 'X' });
    expect(unknown.status).toBe(404);
    const demote = await asAdmin(request(ctx.app).put(`/api/users/${admin.user.id}`)).send({ isAdmin: false });
    expect(demote.status).toBe(400);
    expect(demote.body).toEqual({ message: MESSAGES.cannotDemoteSelf, code: 'CANNOT_DEMOTE_SELF' });
    const bad = await asAdmin(request(ctx.app).put(`/api/users/${target.user.id}`)).send({ isAdmin: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('deletes a user, whose token then stops working, but never itself', async () => {
    const target = await createUser(ctx.database.db, ctx.config);
    const res = await asAdmin(request(ctx.app).delete(`/api/users/${target.user.id}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.userRemoved });
    expect((await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${target.token}`)).status).toBe(401);
    expect((await asAdmin(request(ctx.app).delete(`/api/users/${target.user.id}`))).status).toBe(404);
    expect((await asAdmin(request(ctx.app).delete('/api/users/nope'))).status).toBe(404);

    const self = await asAdmin(request(ctx.app).delete(`/api/users/${admin.user.id}`));
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: MESSAGES.cannotDeleteSelf, code: 'CANNOT_DELETE_SELF' });
  });

  it('a demoted admin loses admin access at once', async () => {
    const other = await createAdmin(ctx.database.db, ctx.config);
    expect((await request(ctx.app).get('/api/users').set('Authorization', `Bearer ${other.token}`)).status).toBe(200);
    await asAdmin(request(ctx.app).put(`/api/users/${other.user.id}`)).send({ isAdmin: false }).expect(200);
    expect((await request(ctx.app).get('/api/users').set('Authorization', `Bearer ${other.token}`)).status).toBe(403);
  });
});

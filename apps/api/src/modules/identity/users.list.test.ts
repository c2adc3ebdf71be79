import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type UserFixture } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/context.js';

let ctx: TestContext;
let admin: UserFixture;
/** Every user, newest first, as the list orders them. */
let newestFirst: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  const base = Date.parse('2026-01-01T00:00:00Z');
  admin = await createAdmin(ctx.database.db, ctx.config, { createdAt: new Date(base) });
  const customers: UserFixture[] = [];
  for (let day = 1; day <= 7; day += 1) {
    customers.push(
      await createUser(ctx.database.db, ctx.config, {
        createdAt: new Date(base + day * 86_400_000),
      }),
    );
  }
  newestFirst = [...customers.reverse(), admin].map((u) => u.user.id);
});
afterAll(() => ctx.close());

const list = (query: string) =>
  request(ctx.app).get(`/api/users${query}`).set('Authorization', `Bearer ${admin.token}`);

describe('GET /api/users paging', () => {
  it('answers every user, newest first, with X-Total-Count when no page is asked for', async () => {
    const res = await list('').expect(200);
    expect(res.headers['x-total-count']).toBe('8');
    expect((res.body as { _id: string }[]).map((u) => u._id)).toEqual(newestFirst);
  });

  it('answers one page of `limit` users and the total of all users', async () => {
    const second = await list('?page=2&limit=3').expect(200);
    expect(second.headers['x-total-count']).toBe('8');
    expect((second.body as { _id: string }[]).map((u) => u._id)).toEqual(newestFirst.slice(3, 6));

    const last = await list('?page=3&limit=3').expect(200);
    expect((last.body as { _id: string }[]).map((u) => u._id)).toEqual(newestFirst.slice(6));
  });

  it('answers an empty page past the end, still with the total', async () => {
    const res = await list('?page=9&limit=3').expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('8');
  });

  it('never shows a password hash in a page', async () => {
    const res = await list('?page=1&limit=2').expect(200);
    for (const user of res.body as Record<string, unknown>[]) {
      expect(Object.keys(user).sort()).toEqual([
        '_id',
        'email',
        'isAdmin',
        'isKid',
        'language',
        'name',
        'notify',
        'phone',
      ]);
    }
  });

  it.each([
    ['?page=0', 'page must be at least 1'],
    ['?page=abc', 'page must be a whole number'],
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=101', 'limit must be at most 100'],
    ['?limit=-5', 'limit must be a whole number'],
  ])('rejects %s with 400 and the field problem', async (query, message) => {
    const res = await list(query).expect(400);
    expect(
      (res.body as { details: { message: string }[] }).details.map((d) => d.message),
    ).toContain(message);
  });

  it('keeps the list for admins only, whatever the query', async () => {
    const customer = await createUser(ctx.database.db, ctx.config);
    await request(ctx.app)
      .get('/api/users?page=1&limit=5')
      .set('Authorization', `Bearer ${customer.token}`)
      .expect(403);
    await request(ctx.app).get('/api/users?page=1&limit=5').expect(401);
  });
});

describe('GET /api/users search and filters', () => {
  let kid: UserFixture;
  let otherAdmin: UserFixture;
  beforeAll(async () => {
    kid = await createUser(ctx.database.db, ctx.config, {
      name: 'Youssef Ben Salah',
      email: 'youssef@kids.tn',
      isKid: true,
    });
    otherAdmin = await createAdmin(ctx.database.db, ctx.config, {
      name: 'Zeineb Admin',
      email: 'zeineb@centre.tn',
    });
  });
  const ids = (res: request.Response) => (res.body as { _id: string }[]).map((u) => u._id);

  it('finds users by any part of the name or e-mail, in any letter case', async () => {
    expect(ids(await list('?q=BEN%20sal').expect(200))).toEqual([kid.user.id]);
    expect(ids(await list('?q=centre.tn').expect(200))).toEqual([otherAdmin.user.id]);
    // LIKE wildcards are literal.
    expect(ids(await list('?q=%25').expect(200))).toEqual([]);
  });

  it('filters admins and kids, sorts by name, and counts the matches', async () => {
    const admins = await list('?admin=true').expect(200);
    expect(ids(admins)).toEqual([otherAdmin.user.id, admin.user.id]);
    expect(admins.headers['x-total-count']).toBe('2');
    expect(ids(await list('?kid=true').expect(200))).toEqual([kid.user.id]);
    const byName = (await list('?sort=name_asc&admin=false&page=1&limit=100').expect(200)).body as {
      name: string;
    }[];
    const names = byName.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('refuses an unknown flag value or sort', async () => {
    await list('?admin=maybe').expect(400);
    await list('?sort=age').expect(400);
  });
});

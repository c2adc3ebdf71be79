import { existsSync } from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, KIDS_CATEGORIES } from '@shop/shared';
import { createTestContext, type TestContext } from './test/context.js';
import { createCourse, createUser } from './test/factories.js';
import { bootstrap, type BootstrapDeps } from './bootstrap.js';
import { courses, reviews } from './modules/courses/courses.schema.js';
import { users } from './modules/identity/identity.schema.js';

const quietLogger = { info: () => undefined };
const depsOf = (ctx: TestContext, seedDemo: boolean): BootstrapDeps => ({
  database: ctx.database,
  config: { ...ctx.config, seedDemo },
  clock: ctx.clock,
  logger: quietLogger,
});

interface ListedCourse {
  _id: string;
  name: string;
  price: number;
  availability: number;
  images: string[];
  category: string[];
  description: string;
  rating: number;
  numReviews: number;
  nextSession: { _id: string; startsAt: string; seatsLeft: number } | null;
}

describe('bootstrap on an empty database with the demo catalogue on', () => {
  let ctx: TestContext;
  let catalogue: ListedCourse[];
  beforeAll(async () => {
    ctx = await createTestContext({
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'boss-password-1',
    });
    const report = await bootstrap(depsOf(ctx, true));
    expect(report).toEqual({ admin: 'created', demoCourses: expect.any(Number) });
    catalogue = (await request(ctx.app).get('/api/courses').query({ limit: '100' })).body;
  });
  afterAll(() => ctx.close());

  it('creates a verified admin whose password is the configured one', async () => {
    const admins = await ctx.database.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: 'boss@example.com', isVerified: true });
    expect(await bcrypt.compare('boss-password-1', admins[0]?.passwordHash ?? '')).toBe(true);
  });

  it('loads 40 or more courses covering every category of the table', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(40);
    for (const category of CATEGORIES) {
      expect(
        catalogue.some((c) => c.category.includes(category)),
        category,
      ).toBe(true);
    }
  });

  it('has a kids area of at least 9 courses that the keyword "kids" finds', async () => {
    const res = await request(ctx.app).get('/api/courses').query({ keyword: 'kids', limit: '100' });
    const kids = res.body as ListedCourse[];
    expect(kids.length).toBeGreaterThanOrEqual(9);
    for (const category of KIDS_CATEGORIES) {
      const inArea = kids.filter((c) => c.category.includes(category));
      expect(inArea.length, category).toBeGreaterThanOrEqual(3);
    }
    // Every kids course carries "Kids" in its name or a category.
    for (const c of kids) expect(`${c.name} ${c.category.join(' ')}`).toMatch(/kids/i);
  });

  it('has realistic prices, seats, three shipped images and some sold-out courses', () => {
    for (const c of catalogue) {
      expect(c.price).toBeGreaterThanOrEqual(30);
      expect(c.price).toBeLessThanOrEqual(900);
      expect(c.availability).toBeGreaterThanOrEqual(0);
      // A course in dated sessions sells the sum of its sessions' seats (up to three of about 30 each).
      expect(c.availability).toBeLessThanOrEqual(c.nextSession ? 3 * 36 : 30);
      expect(c.description.length).toBeGreaterThan(40);
      expect(c.images).toHaveLength(3);
      for (const image of c.images) {
        expect(existsSync(path.join(import.meta.dirname, '../public', image)), image).toBe(true);
      }
    }
    expect(catalogue.filter((c) => c.price <= 100).length).toBeGreaterThanOrEqual(3);
    expect(catalogue.filter((c) => c.availability === 0).length).toBeGreaterThanOrEqual(3);
    expect(new Set(catalogue.map((c) => c.name)).size).toBe(catalogue.length);
  });

  it('serves the images of the demo courses', async () => {
    const image = catalogue[0]?.images[0] ?? '';
    const res = await request(ctx.app).get(image);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('stores ratings and review counts that match the reviews', async () => {
    const reviewed = catalogue.filter((c) => c.numReviews > 0);
    expect(reviewed.length).toBeGreaterThanOrEqual(5);
    for (const c of catalogue) {
      const rows = await ctx.database.db.select().from(reviews).where(eq(reviews.courseId, c._id));
      expect(rows.length, c.name).toBe(c.numReviews);
      const mean = rows.length
        ? Math.round((rows.reduce((a, r) => a + r.rating, 0) / rows.length) * 100) / 100
        : 0;
      expect(c.rating, c.name).toBe(mean);
    }
    const detail = await request(ctx.app).get(`/api/courses/${reviewed[0]?._id}`);
    expect(detail.body.reviews).toHaveLength(reviewed[0]?.numReviews ?? -1);
  });

  it('prints the configured admin password only on the start that created the account', async () => {
    const lines: string[] = [];
    const logger = { info: (line: string) => void lines.push(line) };
    const fresh = await createTestContext({ ADMIN_EMAIL: 'chef@example.com', ADMIN_PASSWORD: 'first-pass-123' });
    try {
      await bootstrap({ ...depsOf(fresh, false), logger });
      expect(lines.join('\n')).toContain('chef@example.com / first-pass-123');
      // The admin changes the password in the shop; the next start must not print the old one.
      lines.length = 0;
      await bootstrap({ ...depsOf(fresh, false), logger });
      expect(lines.join('\n')).not.toContain('first-pass-123');
      expect(lines.join('\n')).toContain('An admin account exists');
    } finally {
      await fresh.close();
    }
  });

  it('does nothing the second time (admin once, catalogue once)', async () => {
    const before = (await ctx.database.db.select().from(courses)).length;
    expect(await bootstrap(depsOf(ctx, true))).toEqual({ admin: 'exists', demoCourses: 0 });
    expect((await ctx.database.db.select().from(courses)).length).toBe(before);
    expect((await ctx.database.db.select().from(users).where(eq(users.isAdmin, true))).length).toBe(
      1,
    );
  });

  it('runs once when several instances start together', async () => {
    const fresh = await createTestContext();
    try {
      const reports = await Promise.all([1, 2, 3].map(() => bootstrap(depsOf(fresh, true))));
      expect(reports.filter((r) => r.admin === 'created')).toHaveLength(1);
      expect(reports.filter((r) => r.demoCourses > 0)).toHaveLength(1);
      const admins = await fresh.database.db.select().from(users).where(eq(users.isAdmin, true));
      expect(admins).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('bootstrap with the demo catalogue off or a catalogue in place', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('creates the admin without loading demo courses when seeding is off', async () => {
    expect(await bootstrap(depsOf(ctx, false))).toEqual({ admin: 'created', demoCourses: 0 });
    expect(await ctx.database.db.select().from(courses)).toEqual([]);
  });

  it('never seeds into a catalogue that has courses', async () => {
    await createCourse(ctx.database.db, { name: 'The only course' });
    expect(await bootstrap(depsOf(ctx, true))).toEqual({ admin: 'exists', demoCourses: 0 });
    expect((await ctx.database.db.select().from(courses)).map((c) => c.name)).toEqual([
      'The only course',
    ]);
  });

  it('makes an existing account of the admin address the admin when no admin exists', async () => {
    const other = await createTestContext();
    try {
      await createUser(other.database.db, other.config, {
        email: other.config.adminEmail,
        isVerified: false,
      });
      expect((await bootstrap(depsOf(other, false))).admin).toBe('promoted');
      const [admin] = await other.database.db.select().from(users).where(eq(users.isAdmin, true));
      expect(admin).toMatchObject({ email: other.config.adminEmail, isVerified: true });
      expect(await bcrypt.compare(other.config.adminPassword, admin?.passwordHash ?? '')).toBe(
        true,
      );
    } finally {
      await other.close();
    }
  });
});

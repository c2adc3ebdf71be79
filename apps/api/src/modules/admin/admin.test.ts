import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventJson, Course, Stats } from '@shop/shared';
import { auditEvents } from '../audit/audit.schema.js';
import { orders } from '../enrolment/tables/orders.schema.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { adminOrderAction, placeTestOrder } from '../../test/orders.js';

let ctx: TestContext;
let admin: UserFixture;
let customer: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config, { name: 'Admin Sami' });
  customer = await createUser(ctx.database.db, ctx.config, {
    name: 'Leila Mansour',
    email: 'leila@example.tn',
  });
});
afterAll(() => ctx.close());

const asAdmin = (path: string) =>
  request(ctx.app).get(path).set('Authorization', `Bearer ${admin.token}`);

describe('access to the back office', () => {
  it.each([
    '/api/admin/stats',
    '/api/admin/courses',
    '/api/admin/audit',
    '/api/orders/export.csv',
    '/api/users?q=a',
  ])('%s: anonymous 401, customer 403, admin 200', async (path) => {
    const anonymous = await request(ctx.app).get(path).expect(401);
    expect((anonymous.body as { message: string }).message).toBe('Not authorized, no token');
    const refused = await request(ctx.app)
      .get(path)
      .set('Authorization', `Bearer ${customer.token}`)
      .expect(403);
    expect((refused.body as { message: string }).message).toBe('Not authorized as an admin');
    await asAdmin(path).expect(200);
  });

  it('uploads: anonymous 401, customer 403', async () => {
    await request(ctx.app)
      .post('/api/images')
      .set('Content-Type', 'image/png')
      .send(Buffer.from('x'))
      .expect(401);
    await request(ctx.app)
      .post('/api/images')
      .set('Authorization', `Bearer ${customer.token}`)
      .set('Content-Type', 'image/png')
      .send(Buffer.from('x'))
      .expect(403);
  });
});

describe('GET /api/admin/stats', () => {
  let bestSeller: Course['_id'];
  let soldOutName: string;

  beforeAll(async () => {
    const a = await createCourse(ctx.database.db, {
      name: 'Python for teens',
      price: 100,
      availability: 20,
    });
    const b = await createCourse(ctx.database.db, {
      name: 'Cabin crew basics',
      price: 250,
      availability: 3,
    });
    bestSeller = a.id;
    soldOutName = b.name;
    const day = (d: string) => new Date(`2026-04-${d}T10:00:00Z`);
    const paidEarly = await placeTestOrder(ctx, customer, [{ course: a.id, qty: 4 }], {
      createdAt: day('01'),
    });
    const paidLate = await placeTestOrder(
      ctx,
      customer,
      [
        { course: b.id, qty: 1 },
        { course: a.id, qty: 1 },
      ],
      { createdAt: day('03') },
    );
    await placeTestOrder(ctx, customer, [{ course: b.id, qty: 2 }], {
      paymentMethod: 'In Place',
      createdAt: day('03'),
    });
    const refunded = await placeTestOrder(ctx, customer, [{ course: a.id, qty: 1 }], {
      createdAt: day('02'),
    });
    for (const o of [paidEarly, paidLate, refunded])
      await adminOrderAction(ctx, admin, o._id, 'pay');
    await adminOrderAction(ctx, admin, refunded._id, 'cancel');
    // The money came in on the days the orders were paid.
    await ctx.database.db
      .update(orders)
      .set({ paidAt: day('01') })
      .where(eq(orders.id, paidEarly._id));
    await ctx.database.db
      .update(orders)
      .set({ paidAt: day('03') })
      .where(eq(orders.id, paidLate._id));
    await ctx.database.db
      .update(orders)
      .set({ paidAt: day('02') })
      .where(eq(orders.id, refunded._id));
  });

  it('answers revenue per day with empty days, orders by status, seats and top courses for the period', async () => {
    const res = await asAdmin('/api/admin/stats?from=2026-04-01&to=2026-04-04').expect(200);
    const stats = res.body as Stats;
    expect(stats).toMatchObject({ from: '2026-04-01', to: '2026-04-04', interval: 'day' });
    // 4 × 100 (+15 % tax, free shipping) = 460; 250 + 100 = 350 → 402.50; the refunded order is not revenue.
    expect(stats.revenue).toEqual([
      { period: '2026-04-01', revenue: 460, orders: 1 },
      { period: '2026-04-02', revenue: 0, orders: 0 },
      { period: '2026-04-03', revenue: 402.5, orders: 1 },
      { period: '2026-04-04', revenue: 0, orders: 0 },
    ]);
    expect(stats.revenueTotal).toBe(862.5);
    expect(Object.fromEntries(stats.ordersByStatus.map((s) => [s.status, s.orders]))).toEqual({
      paid: 2,
      pending: 1,
      cancelled: 1,
    });
    // 20 seats: 4 and 1 sold; the refunded order's seat went back.
    expect(stats.seats[0]).toEqual({
      course: bestSeller,
      name: 'Python for teens',
      sold: 5,
      left: 15,
    });
    expect(stats.seats[1]).toEqual({
      course: expect.any(String),
      name: soldOutName,
      sold: 1,
      left: 0,
    });
    expect(stats.topCourses.map((c) => [c.name, c.revenue, c.seats])).toEqual([
      ['Python for teens', 500, 5],
      ['Cabin crew basics', 250, 1],
    ]);
  });

  it('buckets by week (from Monday) and by month', async () => {
    const weeks = (
      await asAdmin('/api/admin/stats?from=2026-03-30&to=2026-04-12&interval=week').expect(200)
    ).body as Stats;
    expect(weeks.revenue.map((b) => [b.period, b.revenue])).toEqual([
      ['2026-03-30', 862.5],
      ['2026-04-06', 0],
    ]);
    const months = (
      await asAdmin('/api/admin/stats?from=2026-03-01&to=2026-04-30&interval=month').expect(200)
    ).body as Stats;
    expect(months.revenue.map((b) => [b.period, b.revenue])).toEqual([
      ['2026-03-01', 0],
      ['2026-04-01', 862.5],
    ]);
  });

  it('lists unpaid In Place orders whose hold ends in the next 24 hours', async () => {
    const course = await createCourse(ctx.database.db, { price: 10, availability: 9 });
    const soon = await placeTestOrder(ctx, customer, [{ course: course.id, qty: 1 }], {
      paymentMethod: 'In Place',
    });
    const later = await placeTestOrder(ctx, customer, [{ course: course.id, qty: 1 }], {
      paymentMethod: 'In Place',
    });
    const now = ctx.clock.now().getTime();
    await ctx.database.db
      .update(orders)
      .set({ holdExpiresAt: new Date(now + 3 * 3_600_000) })
      .where(eq(orders.id, soon._id));
    await ctx.database.db
      .update(orders)
      .set({ holdExpiresAt: new Date(now + 30 * 3_600_000) })
      .where(eq(orders.id, later._id));
    const stats = (await asAdmin('/api/admin/stats').expect(200)).body as Stats;
    expect(stats.holdsEnding.map((o) => o._id)).toEqual([soon._id]);
    expect(stats.holdsEnding[0]).toMatchObject({
      user: { name: 'Leila Mansour', email: 'leila@example.tn' },
      totalPrice: 111.5,
    });
  });

  it.each([
    ['?from=2026-04-05&to=2026-04-01', 'from must not be after to'],
    ['?from=2024-01-01&to=2026-01-01', 'A period over 366 days is shown by week or month'],
    ['?interval=year', 'interval must be one of day, week, month'],
  ])('refuses %s with a 400', async (query, message) => {
    const res = await asAdmin(`/api/admin/stats${query}`).expect(400);
    const body = res.body as { message: string; details?: { message: string }[] };
    expect([body.message, ...(body.details ?? []).map((d) => d.message)]).toContain(message);
  });
});

describe('GET /api/admin/courses', () => {
  beforeAll(async () => {
    await createCourse(ctx.database.db, {
      name: 'Arabic calligraphy',
      category: ['Art'],
      availability: 0,
    });
    await createCourse(ctx.database.db, {
      name: 'Watercolour',
      category: ['Art'],
      availability: 5,
    });
    await createCourse(ctx.database.db, {
      name: 'English B2',
      category: ['English'],
      availability: 0,
    });
  });
  const names = (res: request.Response) => (res.body as Course[]).map((c) => c.name);

  it('searches, filters by category, sold out and draft, sorts and pages', async () => {
    expect(names(await asAdmin('/api/admin/courses?q=CALLIGRAPHY').expect(200))).toEqual([
      'Arabic calligraphy',
    ]);
    expect(
      names(await asAdmin('/api/admin/courses?category=Art&sort=name_asc').expect(200)),
    ).toEqual(['Arabic calligraphy', 'Watercolour']);
    expect(
      names(await asAdmin('/api/admin/courses?soldOut=true&sort=name_asc').expect(200)),
    ).toEqual(expect.arrayContaining(['Arabic calligraphy', 'English B2']));
    const art = await asAdmin('/api/admin/courses?category=Art&soldOut=false').expect(200);
    expect(names(art)).toEqual(['Watercolour']);
    const draft = (
      await request(ctx.app)
        .post('/api/courses')
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(201)
    ).body as Course;
    expect((await asAdmin('/api/admin/courses?status=draft').expect(200)).body).toEqual([
      expect.objectContaining({ _id: draft._id, name: 'Sample name' }),
    ]);
    expect(
      names(await asAdmin('/api/admin/courses?status=published&q=Sample').expect(200)),
    ).toEqual([]);
    const paged = await asAdmin('/api/admin/courses?limit=2&page=1').expect(200);
    expect(paged.body).toHaveLength(2);
    expect(Number(paged.headers['x-total-count'])).toBeGreaterThanOrEqual(5);
  });
});

describe('audit trail of admin writes', () => {
  const trail = async (query: string) =>
    (await asAdmin(`/api/admin/audit${query}`).expect(200)).body as AuditEventJson[];

  it('records a user edit and a user deletion with who, when and the fields before and after', async () => {
    const target = await createUser(ctx.database.db, ctx.config, {
      name: 'Old Name',
      email: 'old@example.tn',
    });
    await request(ctx.app)
      .put(`/api/users/${target.user.id}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ name: 'New Name', isKid: false, isAdmin: false })
      .expect(200);
    await request(ctx.app)
      .delete(`/api/users/${target.user.id}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    const events = await trail(`?entity=user&entityId=${target.user.id}`);
    expect(events.map((e) => e.action)).toEqual(['deleted', 'updated']);
    const [deleted, updated] = events;
    expect(updated).toMatchObject({
      entity: 'user',
      actor: { _id: admin.user.id, name: 'Admin Sami', role: 'admin' },
      changes: { name: { from: 'Old Name', to: 'New Name' } },
    });
    // Unchanged fields are not listed.
    expect(Object.keys(updated?.changes ?? {})).toEqual(['name']);
    expect(deleted?.changes).toMatchObject({
      name: { from: 'New Name', to: null },
      email: { from: 'old@example.tn', to: null },
    });
    expect(Date.parse(updated?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records a course created, edited and deleted', async () => {
    const created = (
      await request(ctx.app)
        .post('/api/courses')
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(201)
    ).body as Course;
    await request(ctx.app)
      .put(`/api/courses/${created._id}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ name: 'Spanish A1', price: 80, availability: 12 })
      .expect(200);
    await request(ctx.app)
      .delete(`/api/courses/${created._id}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    const events = await trail(`?entity=course&entityId=${created._id}`);
    expect(events.map((e) => e.action)).toEqual(['deleted', 'updated', 'created']);
    // The first save also publishes the draft ADD made.
    expect(events[1]?.changes).toEqual({
      name: { from: 'Sample name', to: 'Spanish A1' },
      price: { from: 0, to: 80 },
      availability: { from: 0, to: 12 },
      isDraft: { from: true, to: false },
    });
    expect(events[2]?.changes).toMatchObject({
      name: { from: null, to: 'Sample name' },
      isDraft: { from: null, to: true },
    });
    expect(events[0]?.changes).toMatchObject({ name: { from: 'Spanish A1', to: null } });
  });

  it('has the order state changes (mark paid, learned, cancel) by the admin', async () => {
    const course = await createCourse(ctx.database.db, { price: 20, availability: 5 });
    const learnt = await placeTestOrder(ctx, customer, [{ course: course.id, qty: 1 }]);
    const dropped = await placeTestOrder(ctx, customer, [{ course: course.id, qty: 1 }]);
    await adminOrderAction(ctx, admin, learnt._id, 'pay');
    await adminOrderAction(ctx, admin, learnt._id, 'learn');
    await adminOrderAction(ctx, admin, dropped._id, 'cancel');
    const mine = await trail(`?entity=order&actor=${admin.user.id}`);
    const of = (id: string) =>
      mine.filter((e) => e.entityId === id).map((e) => [e.action, e.changes['status']]);
    expect(of(learnt._id)).toEqual([
      ['learned', { from: 'paid', to: 'learned' }],
      ['paid', { from: 'pending', to: 'paid' }],
    ]);
    expect(of(dropped._id)).toEqual([['cancelled', { from: 'pending', to: 'cancelled' }]]);
  });

  it('filters by action and day, and pages newest first', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const page = await asAdmin(`/api/admin/audit?action=deleted&from=${today}&limit=1`).expect(200);
    expect(page.body).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBe(2);
    expect(await trail('?from=2020-01-01&to=2020-01-02')).toEqual([]);
  });

  it('keeps records that no statement can change or remove, even outside the API', async () => {
    const [record] = await ctx.database.db.select().from(auditEvents).limit(1);
    expect(record).toBeDefined();
    await expect(
      ctx.database.db
        .update(auditEvents)
        .set({ actorName: 'Someone else' })
        .where(eq(auditEvents.id, record!.id)),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.delete(auditEvents).where(eq(auditEvents.id, record!.id)),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    // No API call writes to the trail: it has only GET.
    await request(ctx.app)
      .delete('/api/admin/audit')
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(404);
  });
});

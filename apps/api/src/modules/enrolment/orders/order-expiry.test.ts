import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order } from '@shop/shared';
import { openDatabase, type Database } from '../../../db/client.js';
import { auditEvents } from '../../audit/audit.schema.js';
import { courses } from '../../courses/courses.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { startExpirySweeper } from './expiry-sweeper.js';
import { sweepExpiredHolds } from './order-states.service.js';
import type { ServiceContext } from '../../../deps.js';

const HOLD_MINUTES = 60;
let ctx: TestContext;
let buyer: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({ SEAT_HOLD_MINUTES: String(HOLD_MINUTES) });
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Youssef Ben Salah' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'France' };

async function seatsOf(courseId: string): Promise<number> {
  const [row] = await ctx.database.db.select({ a: courses.availability }).from(courses).where(eq(courses.id, courseId));
  return row?.a ?? -1;
}

async function place(courseId: string, qty: number, user = buyer): Promise<Order> {
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({ orderItems: [{ course: courseId, qty }], shippingAddress, paymentMethod: 'In Place' });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const read = async (id: string): Promise<Order> =>
  (await request(ctx.app).get(`/api/orders/${id}`).set('Authorization', `Bearer ${admin.token}`)).body as Order;

/** What an instance's sweeper works with: its database and its own catalogue (told of each expiry). */
const instance = (database = ctx.database): ServiceContext => ({ ...ctx.deps, database, events: ctx.app.events });
const sweep = () => sweepExpiredHolds(instance());
const minutes = (n: number) => n * 60_000;

describe('seat holds that expire', () => {
  it('keeps the seats until the hold ends, then expires the order and gives them back once', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const order = await place(course.id, 2);
    expect(Date.parse(order.holdExpiresAt ?? '') - Date.parse(order.createdAt)).toBeGreaterThan(minutes(59));

    ctx.clock.advance(minutes(HOLD_MINUTES - 1));
    await sweep();
    expect((await read(order._id)).status).toBe('pending');
    expect(await seatsOf(course.id)).toBe(3);

    ctx.clock.advance(minutes(2));
    await sweep();
    const expired = await read(order._id);
    expect(expired).toMatchObject({ status: 'expired', isPaid: false, cancelledAt: null });
    expect(await seatsOf(course.id)).toBe(5);
    // The course page shows the seats back at once.
    expect((await request(ctx.app).get(`/api/courses/${course.id}`)).body.availability).toBe(5);
    // Sweeping again changes nothing.
    await sweep();
    expect(await seatsOf(course.id)).toBe(5);

    const history = await request(ctx.app)
      .get(`/api/orders/${order._id}/history`)
      .set('Authorization', `Bearer ${admin.token}`);
    expect(history.body.at(-1)).toMatchObject({ action: 'expired', actor: { role: 'system', _id: null }, from: 'pending', to: 'expired' });

    const mail = ctx.sentMails.find((m) => m.subject.includes('has expired') && m.text.includes(order._id));
    expect(mail?.to).toBe(buyer.user.email);
    const cancel = await request(ctx.app)
      .post(`/api/orders/${order._id}/cancel`)
      .set('Authorization', `Bearer ${buyer.token}`);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toEqual({ message: 'Cannot cancel this order: it is expired.', code: 'ORDER_STATE' });
  });

  it('pays an expired order when its seats can be taken again, and refuses with 409 when they are gone', async () => {
    const open = await createCourse(ctx.database.db, { availability: 4 });
    const scarce = await createCourse(ctx.database.db, { availability: 2 });
    const lucky = await place(open.id, 2);
    const late = await place(scarce.id, 2);
    ctx.clock.advance(minutes(HOLD_MINUTES + 1));
    await sweep();
    expect([await seatsOf(open.id), await seatsOf(scarce.id)]).toEqual([4, 2]);
    // Someone else takes the scarce seats meanwhile.
    await place(scarce.id, 1, admin);

    const paid = await request(ctx.app).put(`/api/orders/${lucky._id}/pay`).set('Authorization', `Bearer ${admin.token}`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', isPaid: true });
    expect(paid.body.invoiceNumber).toMatch(/^\d{4}-\d{5}$/);
    expect(await seatsOf(open.id)).toBe(2);

    const refused = await request(ctx.app).put(`/api/orders/${late._id}/pay`).set('Authorization', `Bearer ${admin.token}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MESSAGES.expiredSeatsGone, code: 'EXPIRED_SEATS_GONE' });
    expect((await read(late._id)).status).toBe('expired');
    expect(await seatsOf(scarce.id)).toBe(1);
  });

  it('expires within a sweep interval once the periodic sweeper runs', async () => {
    const course = await createCourse(ctx.database.db, { availability: 3 });
    const order = await place(course.id, 3);
    const sweeper = startExpirySweeper(instance(), 50);
    try {
      ctx.clock.advance(minutes(HOLD_MINUTES + 1));
      const deadline = Date.now() + 5_000;
      while ((await read(order._id)).status !== 'expired' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await sweeper.stop();
    }
    expect((await read(order._id)).status).toBe('expired');
    expect(await seatsOf(course.id)).toBe(3);
  });
});

describe('two API instances sweeping at once', () => {
  let second: Database | undefined;
  afterAll(() => second?.close());

  it('expires every due order exactly once and gives each seat back once', async () => {
    const { db } = ctx.database;
    // On PostgreSQL a second connection pool to the same database, as a second instance has.
    if (ctx.database.kind === 'postgres') {
      const result = (await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
      const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
      url.pathname = `/${result.rows[0]?.name ?? ''}`;
      second = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    }
    const courseList = await Promise.all([0, 1, 2].map(() => createCourse(db, { availability: 40 })));
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(db, ctx.config)));
    const placed: Order[] = [];
    for (let i = 0; i < 30; i++) {
      placed.push(await place(courseList[i % 3]!.id, 1 + (i % 2), buyers[i % 6]!));
    }
    ctx.clock.advance(minutes(HOLD_MINUTES + 1));

    const instanceA = instance();
    const instanceB = instance(second ?? ctx.database);
    const counts = await Promise.all([
      sweepExpiredHolds(instanceA),
      sweepExpiredHolds(instanceB),
      sweepExpiredHolds(instanceA),
      sweepExpiredHolds(instanceB),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    for (const course of courseList) expect(await seatsOf(course.id)).toBe(40);
    const expiredEvents = await db
      .select({ id: auditEvents.entityId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'expired'));
    const ids = new Set(placed.map((o) => o._id));
    const mine = expiredEvents.filter((e) => ids.has(e.id));
    expect(mine).toHaveLength(30);
    expect(new Set(mine.map((e) => e.id)).size).toBe(30);
  });
});

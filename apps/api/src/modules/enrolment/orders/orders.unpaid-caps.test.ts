import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order } from '@shop/shared';
import { loadConfig } from '../../../config.js';
import { courses } from '../../courses/courses.schema.js';
import { orders } from '../tables/orders.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { adminOrderAction, testShippingAddress } from '../../../test/orders.js';

/** Issue 31 "fair holds": a customer's unpaid orders and the seats across them are capped. */
let ctx: TestContext;
let admin: UserFixture;

beforeAll(async () => {
  // The defaults (the test context raises them for every other file).
  ctx = await createTestContext({ MAX_UNPAID_ORDERS: '3', MAX_UNPAID_SEATS: '20' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const TOO_MANY = { message: MESSAGES.tooManyUnpaid, code: 'TOO_MANY_UNPAID' };

const place = (buyer: UserFixture, course: string, qty: number, paymentMethod = 'In Place', key?: string) => {
  const call = request(ctx.app).post('/api/orders').set('Authorization', `Bearer ${buyer.token}`);
  if (key) void call.set('Idempotency-Key', key);
  return call.send({ orderItems: [{ course, qty }], shippingAddress: testShippingAddress, paymentMethod });
};

const ordersOf = (buyer: UserFixture) =>
  ctx.database.db.select().from(orders).where(eq(orders.userId, buyer.user.id));

const seatsLeft = async (id: string) => {
  const [row] = await ctx.database.db.select({ availability: courses.availability }).from(courses).where(eq(courses.id, id));
  return row?.availability;
};

describe('MAX_UNPAID_ORDERS and MAX_UNPAID_SEATS', () => {
  it('default to 3 orders and 20 seats', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', JWT_SECRET: 'test-secret-that-is-long-enough' });
    expect(config).toMatchObject({ maxUnpaidOrders: 3, maxUnpaidSeats: 20 });
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', MAX_UNPAID_ORDERS: '0' })).toThrow(/MAX_UNPAID_ORDERS/);
  });

  it('refuses a fourth unpaid order with 409 TOO_MANY_UNPAID; paying or cancelling one makes room', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { availability: 50 });
    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await place(buyer, course.id, 1, i === 0 ? 'Card' : 'In Place');
      expect(res.status).toBe(201);
      placed.push(res.body as Order);
    }
    const fourth = await place(buyer, course.id, 1);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual(TOO_MANY);
    expect(await ordersOf(buyer)).toHaveLength(3);
    expect(await seatsLeft(course.id)).toBe(47);

    // Another customer is not affected.
    const other = await createUser(ctx.database.db, ctx.config);
    expect((await place(other, course.id, 1)).status).toBe(201);

    // A paid order no longer counts.
    await adminOrderAction(ctx, admin, placed[0]?._id ?? '', 'pay');
    expect((await place(buyer, course.id, 1)).status).toBe(201);
    expect((await place(buyer, course.id, 1)).body).toEqual(TOO_MANY);

    // Nor does a cancelled one.
    const cancel = await request(ctx.app)
      .post(`/api/orders/${placed[1]?._id}/cancel`)
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({});
    expect(cancel.status).toBe(200);
    expect((await place(buyer, course.id, 1)).status).toBe(201);
  });

  it('refuses an order that would hold more than 20 unpaid seats across the customer’s orders', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { availability: 100 });
    expect((await place(buyer, course.id, 21)).body).toEqual(TOO_MANY);
    expect((await place(buyer, course.id, 15)).status).toBe(201);
    const over = await place(buyer, course.id, 6);
    expect(over.status).toBe(409);
    expect(over.body).toEqual(TOO_MANY);
    expect((await place(buyer, course.id, 5)).status).toBe(201);
    expect(await seatsLeft(course.id)).toBe(80);
  });

  it('answers a retried Idempotency-Key with the first order, not TOO_MANY_UNPAID', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { availability: 30 });
    for (let i = 0; i < 2; i++) expect((await place(buyer, course.id, 1)).status).toBe(201);
    const first = await place(buyer, course.id, 1, 'In Place', 'third-order');
    expect(first.status).toBe(201);
    const retry = await place(buyer, course.id, 1, 'In Place', 'third-order');
    expect(retry.status).toBe(200);
    expect(retry.body._id).toBe(first.body._id);
  });
});

describe('one customer placing from several tabs at once', () => {
  it('accepts exactly MAX_UNPAID_ORDERS of 6 simultaneous orders', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { availability: 50 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => place(buyer, course.id, 1)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual(TOO_MANY);
    expect(await ordersOf(buyer)).toHaveLength(3);
    expect(await seatsLeft(course.id)).toBe(47);
  });

  it('never holds more than MAX_UNPAID_SEATS when orders of 8 seats arrive together', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { availability: 50 });
    const answers = await Promise.all(Array.from({ length: 3 }, () => place(buyer, course.id, 8)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409]);
    expect(await ordersOf(buyer)).toHaveLength(2);
    expect(await seatsLeft(course.id)).toBe(34);
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { courses } from '../../courses/courses.schema.js';
import { orderItems, orders } from '../tables/orders.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createCourse, createUser } from '../../../test/factories.js';
import * as repository from './orders.repository.js';

/**
 * What happens between reading the courses of an order and the statement that takes the seats:
 * `afterRead` runs there (an admin's edit, another buyer), through the real database.
 */
const between = { afterRead: undefined as undefined | (() => Promise<void>) };
const findOrderCourses = repository.findOrderCourses;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => {
  between.afterRead = undefined;
  vi.spyOn(repository, 'findOrderCourses').mockImplementation(async (...args) => {
    const found = await findOrderCourses(...args);
    const afterRead = between.afterRead;
    between.afterRead = undefined;
    await afterRead?.();
    return found;
  });
});

const shippingAddress = {
  address: '12 Rue de Marseille',
  city: 'Paris',
  postalCode: '75001',
  country: 'France',
};
const seatsOf = async (id: string) =>
  (
    await ctx.database.db
      .select({ availability: courses.availability })
      .from(courses)
      .where(eq(courses.id, id))
  )[0]?.availability;

/** A new buyer orders `qty` seats of the course; the answer must have `status`. */
async function order(courseId: string, qty: number, status: number) {
  const { token } = await createUser(ctx.database.db, ctx.config);
  return request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${token}`)
    .send({ orderItems: [{ course: courseId, qty }], shippingAddress, paymentMethod: 'Card' })
    .expect(status);
}

describe('courses changing while an order is placed', () => {
  it('charges the new price when an admin changes it after the courses were read', async () => {
    const { db } = ctx.database;
    const course = await createCourse(db, { name: 'Repriced', price: 50, availability: 5 });
    between.afterRead = async () => {
      await db
        .update(courses)
        .set({ price: 80, name: 'Repriced and renamed' })
        .where(eq(courses.id, course.id));
    };
    const placed = await order(course.id, 2, 201);
    expect(placed.body.orderItems).toEqual([
      expect.objectContaining({ name: 'Repriced and renamed', price: 80, qty: 2 }),
    ]);
    // 160 of courses: free shipping, 15 % tax.
    expect(placed.body).toMatchObject({
      itemsPrice: 160,
      shippingPrice: 0,
      taxPrice: 24,
      totalPrice: 184,
    });
    const [saved] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, placed.body._id as string));
    expect(saved?.totalPrice).toBe(184);
    const [line] = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.body._id as string));
    expect(line).toMatchObject({ price: 80, name: 'Repriced and renamed' });
    expect(await seatsOf(course.id)).toBe(3);
  });

  it('refuses with the seats left when another buyer takes them after the read', async () => {
    const { db } = ctx.database;
    const course = await createCourse(db, { name: 'Last Seats', price: 30, availability: 2 });
    between.afterRead = async () => {
      await order(course.id, 2, 201);
    };
    const refused = await order(course.id, 1, 409);
    expect(refused.body).toEqual({
      message: 'Not enough seats left for Last Seats',
      code: 'SEATS_LEFT',
    });
    expect(await seatsOf(course.id)).toBe(0);
  });

  it('answers 400 when the course is deleted after the read, and writes nothing', async () => {
    const { db } = ctx.database;
    const course = await createCourse(db, { availability: 4 });
    const before = (await db.select({ id: orders.id }).from(orders)).length;
    between.afterRead = async () => {
      await db.delete(courses).where(eq(courses.id, course.id));
    };
    const refused = await order(course.id, 1, 400);
    expect(refused.body.message).toBe(MESSAGES.courseNotFound);
    expect((await db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });
});

describe('insertOrderIfCoursesUnchanged', () => {
  it('writes nothing and takes no seat when any line differs from its course', async () => {
    const { db } = ctx.database;
    const { user } = await createUser(db, ctx.config);
    const a = await createCourse(db, { name: 'A', price: 10, availability: 3, images: ['/a.svg'] });
    const b = await createCourse(db, { name: 'B', price: 20, availability: 1, images: [] });
    const line = (course: typeof a, qty = 1) => ({
      courseId: course.id,
      name: course.name,
      qty,
      price: course.price,
      image: course.images[0] ?? '',
    });
    const orderOf = (lines: ReturnType<typeof line>[]) => ({
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      ...shippingAddress,
      paymentMethod: 'Card',
      itemsPrice: 0,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 0,
      idempotencyKey: null,
      lines,
      holdExpiresAt: new Date(Date.now() + 60_000),
      placedBy: { isAdmin: false },
      placedAt: new Date(),
    });
    const ordersBefore = (await db.select({ id: orders.id }).from(orders)).length;
    const refusedLines = [
      [line(a), { ...line(b), price: 19.99 }],
      [line(a), { ...line(b), name: 'Old B' }],
      [{ ...line(a), image: '/old.svg' }, line(b)],
      [line(a), line(b, 2)],
      [line(a), { ...line(b), courseId: '00000000-0000-4000-8000-00000000000f' }],
    ];
    for (const lines of refusedLines)
      expect(await repository.insertOrderIfCoursesUnchanged(db, orderOf(lines))).toBeUndefined();
    expect([await seatsOf(a.id), await seatsOf(b.id)]).toEqual([3, 1]);
    expect((await db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);

    const placed = await repository.insertOrderIfCoursesUnchanged(
      db,
      orderOf([line(a, 2), line(b)]),
    );
    expect(placed?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect([await seatsOf(a.id), await seatsOf(b.id)]).toEqual([1, 0]);
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed?.id ?? ''));
    expect(lines.map((l) => [l.name, l.qty, l.position]).sort()).toEqual([
      ['A', 2, 0],
      ['B', 1, 1],
    ]);
  });
});

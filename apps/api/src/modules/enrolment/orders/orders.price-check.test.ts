import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { courses } from '../../courses/courses.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createCourse, createUser } from '../../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const shippingAddress = { address: '5 Rue de Rome', city: 'Tunis', postalCode: '1000', country: 'Tunisie' };

async function buyer() {
  return (await createUser(ctx.database.db, ctx.config)).token;
}

const place = (token: string, body: object, key?: string) => {
  const call = request(ctx.app).post('/api/orders').set('Authorization', `Bearer ${token}`);
  if (key) void call.set('Idempotency-Key', key);
  return call.send({ shippingAddress, paymentMethod: 'In Place', ...body });
};

const seatsOf = async (id: string) =>
  (await ctx.database.db.select({ availability: courses.availability }).from(courses).where(eq(courses.id, id)))[0]
    ?.availability;

const ordersOf = async (token: string) =>
  (await request(ctx.app).get('/api/orders/myorders').set('Authorization', `Bearer ${token}`).expect(200)).body as unknown[];

describe('the amounts the customer saw (PRICE_CHANGED)', () => {
  it('places the order when the shown amounts are the server\'s', async () => {
    const course = await createCourse(ctx.database.db, { price: 199.99, availability: 5 });
    const token = await buyer();
    const placed = await place(token, {
      orderItems: [{ course: course.id, qty: 1 }],
      itemsPrice: 199.99,
      shippingPrice: 0,
      taxPrice: 30,
      totalPrice: 229.99,
    }).expect(201);
    expect(placed.body).toMatchObject({ itemsPrice: 199.99, shippingPrice: 0, taxPrice: 30, totalPrice: 229.99 });
  });

  it('answers 409 PRICE_CHANGED with the new amounts when an admin changed a price, places nothing, then places at the confirmed amounts', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Watercolour', price: 186.95, availability: 5 });
    const token = await buyer();
    // What the screen showed at 186.95: 186.95 + 0 shipping + 28.04 tax = 214.99.
    const shown = { itemsPrice: 186.95, shippingPrice: 0, taxPrice: 28.04, totalPrice: 214.99 };
    await ctx.database.db.update(courses).set({ price: 120 }).where(eq(courses.id, course.id));

    const refused = await place(token, { orderItems: [{ course: course.id, qty: 1 }], ...shown }, 'k-price-1').expect(409);
    expect(refused.body).toEqual({
      message: MESSAGES.pricesChanged,
      code: 'PRICE_CHANGED',
      amounts: { itemsPrice: 120, shippingPrice: 0, taxPrice: 18, totalPrice: 138 },
      orderItems: [{ course: course.id, name: 'Watercolour', qty: 1, price: 120 }],
    });
    expect(await seatsOf(course.id)).toBe(5);
    expect(await ordersOf(token)).toEqual([]);

    // The customer confirms the new total: the same checkout (same key) now places the order.
    const placed = await place(
      token,
      { orderItems: [{ course: course.id, qty: 1 }], ...(refused.body as { amounts: object }).amounts },
      'k-price-1',
    ).expect(201);
    expect(placed.body).toMatchObject({ totalPrice: 138, orderItems: [expect.objectContaining({ price: 120 })] });
    expect(await seatsOf(course.id)).toBe(4);
  });

  it('checks each amount sent, the total alone too, to the cent', async () => {
    const course = await createCourse(ctx.database.db, { price: 40, availability: 5 });
    const token = await buyer();
    // 40 + 100 shipping + 6 tax = 146.
    await place(token, { orderItems: [{ course: course.id, qty: 1 }], totalPrice: 146.01 }).expect(409);
    await place(token, { orderItems: [{ course: course.id, qty: 1 }], shippingPrice: 0 }).expect(409);
    await place(token, { orderItems: [{ course: course.id, qty: 1 }], totalPrice: 146 }).expect(201);
  });

  it('never prices from the client: amounts lower than the server\'s are refused, not charged', async () => {
    const course = await createCourse(ctx.database.db, { price: 300, availability: 5 });
    const token = await buyer();
    const refused = await place(token, {
      orderItems: [{ course: course.id, qty: 1 }],
      itemsPrice: 1,
      shippingPrice: 0,
      taxPrice: 0.15,
      totalPrice: 1.15,
    }).expect(409);
    expect(refused.body.amounts).toEqual({ itemsPrice: 300, shippingPrice: 0, taxPrice: 45, totalPrice: 345 });
    expect(await ordersOf(token)).toEqual([]);
  });

  it('keeps orders without amounts working (outside clients): the server prices them', async () => {
    const course = await createCourse(ctx.database.db, { price: 50, availability: 5 });
    const token = await buyer();
    const placed = await place(token, { orderItems: [{ course: course.id, qty: 3 }] }).expect(201);
    expect(placed.body).toMatchObject({ itemsPrice: 150, shippingPrice: 0, taxPrice: 22.5, totalPrice: 172.5 });
  });

  it('refuses malformed amounts with a 400 naming the field', async () => {
    const course = await createCourse(ctx.database.db, { price: 50, availability: 5 });
    const token = await buyer();
    const refused = await place(token, { orderItems: [{ course: course.id, qty: 1 }], totalPrice: 'lots' }).expect(400);
    expect(refused.body.details).toEqual([{ path: 'totalPrice', message: 'Must be a number' }]);
  });
});

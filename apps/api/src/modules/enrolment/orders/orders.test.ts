import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, orderSchema, type Order } from '@shop/shared';
import { courses } from '../../courses/courses.schema.js';
import { orderItems, orders } from '../tables/orders.schema.js';
import { users } from '../../identity/identity.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';

let ctx: TestContext;
let buyer: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Buyer One', email: 'buyer.one@example.com' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const address = { address: '12 Rue de la Paix', city: 'Paris', postalCode: '75002', country: 'France' };

function orderBody(items: { course: string; qty: number }[], extra: Record<string, unknown> = {}) {
  return { orderItems: items, shippingAddress: address, paymentMethod: 'Card', ...extra };
}

function place(token: string, body: unknown, idempotencyKey?: string) {
  const req = request(ctx.app).post('/api/orders').set('Authorization', `Bearer ${token}`);
  if (idempotencyKey !== undefined) req.set('Idempotency-Key', idempotencyKey);
  return req.send(body as object);
}

async function seatsOf(courseId: string): Promise<number> {
  const [row] = await ctx.database.db.select({ a: courses.availability }).from(courses).where(eq(courses.id, courseId));
  return row?.a ?? -1;
}

async function placeFor(user: UserFixture, price = 50): Promise<Order> {
  const course = await createCourse(ctx.database.db, { price, availability: 5 });
  const res = await place(user.token, orderBody([{ course: course.id, qty: 1 }]));
  expect(res.status).toBe(201);
  return res.body as Order;
}

describe('POST /api/orders: amounts', () => {
  it.each([
    { price: 120, qty: 1, items: 120, shipping: 0, tax: 18, total: 138 },
    { price: 100, qty: 1, items: 100, shipping: 100, tax: 15, total: 215 },
    { price: 25.5, qty: 2, items: 51, shipping: 100, tax: 7.65, total: 158.65 },
    { price: 50.01, qty: 2, items: 100.02, shipping: 0, tax: 15, total: 115.02 },
  ])('prices $qty × $price as items $items, shipping $shipping, tax $tax, total $total', async (c) => {
    const course = await createCourse(ctx.database.db, { price: c.price, availability: 10 });
    const res = await place(buyer.token, orderBody([{ course: course.id, qty: c.qty }]));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      itemsPrice: c.items,
      shippingPrice: c.shipping,
      taxPrice: c.tax,
      totalPrice: c.total,
    });
  });

  it('never prices from the client: line prices are ignored, differing amounts are refused (PRICE_CHANGED)', async () => {
    const course = await createCourse(ctx.database.db, { price: 80, availability: 10 });
    const refused = await place(
      buyer.token,
      orderBody([{ course: course.id, qty: 2, price: 0.01, name: 'Cheap' } as never], {
        itemsPrice: 0.01,
        shippingPrice: 0,
        taxPrice: 0,
        totalPrice: 0.01,
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PRICE_CHANGED', amounts: { itemsPrice: 160, totalPrice: 184 } });
    expect(await seatsOf(course.id)).toBe(10);
    const res = await place(
      buyer.token,
      orderBody([{ course: course.id, qty: 2, price: 0.01, name: 'Cheap' } as never]),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ itemsPrice: 160, shippingPrice: 0, taxPrice: 24, totalPrice: 184 });
    expect(res.body.orderItems).toEqual([
      { _id: expect.any(String), course: course.id, name: course.name, qty: 2, price: 80, image: '/images/courses/placeholder.svg', session: null, learners: [] },
    ]);
  });
});

describe('POST /api/orders: the order and its seats', () => {
  it('answers 201 with the order in the contract shape and takes the seats', async () => {
    const course = await createCourse(ctx.database.db, {
      name: 'Spoken English',
      price: 40,
      availability: 5,
      images: ['/images/courses/english-1.jpg', '/images/courses/english-2.jpg'],
    });
    const res = await place(buyer.token, { ...orderBody([{ course: course.id, qty: 2 }]), paymentMethod: 'In Place' });
    expect(res.status).toBe(201);
    const order = orderSchema.strict().parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        '_id', 'user', 'orderItems', 'shippingAddress', 'paymentMethod', 'itemsPrice', 'shippingPrice',
        'taxPrice', 'totalPrice', 'isPaid', 'paidAt', 'isLearned', 'learnedAt', 'createdAt',
        'status', 'holdExpiresAt', 'cancelledAt', 'cancelReason', 'refundedAt', 'invoiceNumber', 'paymentResult',
        'refund', 'refunds', 'invoiceTo', 'couponCode', 'discountPrice', 'paymentProof', 'taxLines', 'stampDuty',
        'invoiceTtn', 'creditNoteTtn',
      ].sort(),
    );
    expect(order.user).toEqual({ _id: buyer.user.id, name: 'Buyer One', email: 'buyer.one@example.com' });
    expect(order.orderItems).toEqual([
      { _id: expect.any(String), course: course.id, name: 'Spoken English', qty: 2, price: 40, image: '/images/courses/english-1.jpg', session: null, learners: [] },
    ]);
    expect(order.shippingAddress).toEqual(address);
    expect(order.paymentMethod).toBe('In Place');
    expect(order).toMatchObject({
      isPaid: false,
      paidAt: null,
      isLearned: false,
      learnedAt: null,
      status: 'pending',
      cancelledAt: null,
      refundedAt: null,
      invoiceNumber: null,
    });
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);
    // SEAT_HOLD_MINUTES defaults to 3 days from placing.
    const heldFor = Date.parse(order.holdExpiresAt ?? '') - Date.parse(order.createdAt);
    expect(Math.abs(heldFor - 4320 * 60_000)).toBeLessThan(60_000);
    expect(await seatsOf(course.id)).toBe(3);
    // The answer is built from the written rows: it is what reading the order back gives.
    const stored = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual(res.body);
  });

  it('merges lines for the same course into one line', async () => {
    const a = await createCourse(ctx.database.db, { price: 10, availability: 5 });
    const b = await createCourse(ctx.database.db, { price: 20, availability: 5 });
    const res = await place(
      buyer.token,
      orderBody([
        { course: a.id, qty: 1 },
        { course: b.id, qty: 1 },
        { course: a.id, qty: 2 },
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.orderItems.map((l: { course: string; qty: number }) => [l.course, l.qty])).toEqual([
      [a.id, 3],
      [b.id, 1],
    ]);
    expect(res.body.itemsPrice).toBe(50);
    expect(await seatsOf(a.id)).toBe(2);
    expect(await seatsOf(b.id)).toBe(4);
  });

  it('answers 409 naming the course when there are not enough seats, and takes none', async () => {
    const plenty = await createCourse(ctx.database.db, { availability: 10 });
    const scarce = await createCourse(ctx.database.db, { name: 'Cabin Crew Basics', availability: 2 });
    const res = await place(
      buyer.token,
      orderBody([
        { course: plenty.id, qty: 3 },
        { course: scarce.id, qty: 3 },
      ]),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Not enough seats left for Cabin Crew Basics', code: 'SEATS_LEFT' });
    expect(await seatsOf(plenty.id)).toBe(10);
    expect(await seatsOf(scarce.id)).toBe(2);
  });

  it('counts merged lines against the seats left', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Art for Kids', availability: 3 });
    const res = await place(
      buyer.token,
      orderBody([
        { course: course.id, qty: 2 },
        { course: course.id, qty: 2 },
      ]),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Not enough seats left for Art for Kids');
    expect(await seatsOf(course.id)).toBe(3);
  });

  it('sells the last seat, then refuses the next one', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Last Seat', availability: 1 });
    expect((await place(buyer.token, orderBody([{ course: course.id, qty: 1 }]))).status).toBe(201);
    const again = await place(buyer.token, orderBody([{ course: course.id, qty: 1 }]));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Not enough seats left for Last Seat');
    expect(await seatsOf(course.id)).toBe(0);
  });
});

describe('POST /api/orders: bad input', () => {
  it('answers 401 without a token', async () => {
    const course = await createCourse(ctx.database.db);
    const res = await request(ctx.app).post('/api/orders').send(orderBody([{ course: course.id, qty: 1 }]));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.notAuthorized, code: 'NOT_AUTHENTICATED' });
  });

  it('answers 400 No order items for an empty or missing list', async () => {
    for (const body of [orderBody([]), { shippingAddress: address, paymentMethod: 'Card' }]) {
      const res = await place(buyer.token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.emptyOrder);
    }
  });

  it('refuses a country outside the list, a missing city and an unknown payment method', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const items = [{ course: course.id, qty: 1 }];
    const badCountry = await place(buyer.token, { ...orderBody(items), shippingAddress: { ...address, country: 'Italia' } });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.message).toMatch(/Country must be one of Tunisie, Maroc, Algerie, France, Espagne/);
    const { city: _city, ...noCity } = address;
    const missingCity = await place(buyer.token, { ...orderBody(items), shippingAddress: noCity });
    expect(missingCity.status).toBe(400);
    expect(missingCity.body.message).toMatch(/City is required/);
    const blankCity = await place(buyer.token, { ...orderBody(items), shippingAddress: { ...address, city: '  ' } });
    expect(blankCity.status).toBe(400);
    const badPayment = await place(buyer.token, { ...orderBody(items), paymentMethod: 'Bitcoin' });
    expect(badPayment.status).toBe(400);
    expect(badPayment.body.message).toMatch(/Payment method must be Card or In Place/);
    const badQty = await place(buyer.token, orderBody([{ course: course.id, qty: 0 }]));
    expect(badQty.status).toBe(400);
    expect(await seatsOf(course.id)).toBe(5);
  });

  it('answers 400 Course not found for an unknown or malformed course id', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    for (const missing of ['0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a11', 'not-an-id']) {
      const res = await place(
        buyer.token,
        orderBody([
          { course: course.id, qty: 1 },
          { course: missing, qty: 1 },
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.courseNotFound);
      expect(res.body.details).toEqual([{ path: 'orderItems.1.course', message: MESSAGES.courseNotFound }]);
    }
    expect(await seatsOf(course.id)).toBe(5);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    for (const key of ['has space', 'x'.repeat(101), 'semi;colon']) {
      const res = await place(buyer.token, orderBody([{ course: course.id, qty: 1 }]), key);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Idempotency-Key/);
    }
    expect(await seatsOf(course.id)).toBe(5);
  });
});

describe('POST /api/orders: Idempotency-Key', () => {
  it('answers the first order to a sequential retry and takes the seats once', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const body = orderBody([{ course: course.id, qty: 2 }]);
    const first = await place(buyer.token, body, 'checkout-1:a.b_c');
    expect(first.status).toBe(201);
    const retry = await place(buyer.token, body, 'checkout-1:a.b_c');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await seatsOf(course.id)).toBe(3);
  });

  it('places one order when retries race', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const racer = await createUser(ctx.database.db, ctx.config);
    const body = orderBody([{ course: course.id, qty: 1 }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => place(racer.token, body, 'race-key')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    const stored = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, racer.user.id));
    expect(stored).toHaveLength(1);
    expect(await seatsOf(course.id)).toBe(4);
  });

  it('answers the first order to a racing retry even when it took the last seat', async () => {
    const course = await createCourse(ctx.database.db, { availability: 1 });
    const racer = await createUser(ctx.database.db, ctx.config);
    const body = orderBody([{ course: course.id, qty: 1 }]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => place(racer.token, body, 'last-seat-key')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    expect(await seatsOf(course.id)).toBe(0);
  });

  it('keeps keys apart per user and places a new order without a key', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const other = await createUser(ctx.database.db, ctx.config);
    const body = orderBody([{ course: course.id, qty: 1 }]);
    const mine = await place(buyer.token, body, 'shared-key');
    const theirs = await place(other.token, body, 'shared-key');
    const noKey1 = await place(buyer.token, body);
    const noKey2 = await place(buyer.token, body);
    expect([mine.status, theirs.status, noKey1.status, noKey2.status]).toEqual([201, 201, 201, 201]);
    expect(new Set([mine.body._id, theirs.body._id, noKey1.body._id, noKey2.body._id]).size).toBe(4);
    expect(await seatsOf(course.id)).toBe(1);
  });
});

describe('GET /api/orders/{id}', () => {
  it('shows the order to its owner and to an admin, with user name and e-mail', async () => {
    const order = await placeFor(buyer);
    for (const token of [buyer.token, admin.token]) {
      const res = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(order);
      expect(res.body.user).toEqual({ _id: buyer.user.id, name: 'Buyer One', email: 'buyer.one@example.com' });
    }
  });

  it('answers 403 to another customer and 401 without a token', async () => {
    const order = await placeFor(buyer);
    const stranger = await createUser(ctx.database.db, ctx.config);
    const res = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${stranger.token}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES.forbidden, code: 'FORBIDDEN' });
    expect((await request(ctx.app).get(`/api/orders/${order._id}`)).status).toBe(401);
  });

  it('answers 404 Order not found for a malformed or unknown id', async () => {
    for (const id of ['nope', '123', '0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a11']) {
      const res = await request(ctx.app).get(`/api/orders/${id}`).set('Authorization', `Bearer ${admin.token}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MESSAGES.orderNotFound, code: 'ORDER_NOT_FOUND' });
    }
  });
});

describe('GET /api/orders/myorders', () => {
  it("lists only the caller's orders, newest first", async () => {
    const customer = await createUser(ctx.database.db, ctx.config);
    const first = await placeFor(customer);
    const second = await placeFor(customer);
    await placeFor(buyer);
    const res = await request(ctx.app).get('/api/orders/myorders').set('Authorization', `Bearer ${customer.token}`);
    expect(res.status).toBe(200);
    expect(res.body.map((o: Order) => o._id)).toEqual([second._id, first._id]);
    expect(res.body[0]).toEqual(second);
  });

  it('answers an empty list to a customer without orders and 401 without a token', async () => {
    const newcomer = await createUser(ctx.database.db, ctx.config);
    const res = await request(ctx.app).get('/api/orders/myorders').set('Authorization', `Bearer ${newcomer.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await request(ctx.app).get('/api/orders/myorders')).status).toBe(401);
  });
});

describe('GET /api/orders (admin)', () => {
  it('refuses customers with 403', async () => {
    const res = await request(ctx.app).get('/api/orders').set('Authorization', `Bearer ${buyer.token}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES.adminOnly, code: 'ADMIN_ONLY' });
  });

  it('lists every order newest first with user name only, paginated with X-Total-Count', async () => {
    const latest = await placeFor(buyer);
    const all = await request(ctx.app).get('/api/orders?limit=100').set('Authorization', `Bearer ${admin.token}`);
    expect(all.status).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.body.length);
    expect(total).toBeGreaterThan(3);
    expect(all.body[0]._id).toBe(latest._id);
    expect(all.body[0].user).toEqual({ _id: buyer.user.id, name: 'Buyer One' });
    expect(all.body[0].orderItems).toEqual(latest.orderItems);
    const created = all.body.map((o: Order) => o.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const page2 = await request(ctx.app).get('/api/orders?page=2&limit=2').set('Authorization', `Bearer ${admin.token}`);
    expect(page2.status).toBe(200);
    expect(page2.headers['x-total-count']).toBe(String(total));
    expect(page2.body.map((o: Order) => o._id)).toEqual(all.body.slice(2, 4).map((o: Order) => o._id));
  });

  it('refuses a bad page or limit with 400', async () => {
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=abc']) {
      const res = await request(ctx.app).get(`/api/orders?${q}`).set('Authorization', `Bearer ${admin.token}`);
      expect(res.status).toBe(400);
    }
  });
});

describe('PUT /api/orders/{id}/pay and /learn', () => {
  const put = (path: string, token: string, body: object = {}) =>
    request(ctx.app).put(path).set('Authorization', `Bearer ${token}`).send(body);

  it('lets only an admin mark an order paid, once', async () => {
    const order = await placeFor(buyer);
    const byOwner = await put(`/api/orders/${order._id}/pay`, buyer.token);
    expect(byOwner.status).toBe(403);

    const paid = await put(`/api/orders/${order._id}/pay`, admin.token, {
      id: 'PAY-1',
      status: 'COMPLETED',
      card: { number: '4111111111111111' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.isPaid).toBe(true);
    expect(new Date(paid.body.paidAt).toISOString()).toBe(paid.body.paidAt);
    expect(paid.body._id).toBe(order._id);
    expect(JSON.stringify(paid.body)).not.toContain('4111');

    const again = await put(`/api/orders/${order._id}/pay`, admin.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MESSAGES.alreadyPaid, code: 'ALREADY_PAID' });
  });

  it('gives one 200 and one 409 to two simultaneous pay calls', async () => {
    const order = await placeFor(buyer);
    const answers = await Promise.all([
      put(`/api/orders/${order._id}/pay`, admin.token),
      put(`/api/orders/${order._id}/pay`, admin.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('marks learned only a paid order, once', async () => {
    const order = await placeFor(buyer);
    const early = await put(`/api/orders/${order._id}/learn`, admin.token);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: MESSAGES.learnRequiresPaid, code: 'ORDER_STATE' });
    expect((await put(`/api/orders/${order._id}/learn`, buyer.token)).status).toBe(403);

    await put(`/api/orders/${order._id}/pay`, admin.token);
    const answers = await Promise.all([
      put(`/api/orders/${order._id}/learn`, admin.token),
      put(`/api/orders/${order._id}/learn`, admin.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const learned = answers.find((a) => a.status === 200)!;
    expect(learned.body).toMatchObject({ isPaid: true, isLearned: true });
    expect(new Date(learned.body.learnedAt).toISOString()).toBe(learned.body.learnedAt);

    const shown = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(shown.body).toMatchObject({ isPaid: true, isLearned: true, learnedAt: learned.body.learnedAt });
  });

  it('answers 404 for a malformed or unknown order and 401 without a token', async () => {
    for (const action of ['pay', 'learn']) {
      for (const id of ['nope', '0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a11']) {
        const res = await put(`/api/orders/${id}/${action}`, admin.token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: MESSAGES.orderNotFound, code: 'ORDER_NOT_FOUND' });
      }
    }
    const order = await placeFor(buyer);
    expect((await request(ctx.app).put(`/api/orders/${order._id}/pay`)).status).toBe(401);
  });
});

describe('orders outlive their buyer and their courses', () => {
  it('keeps an order readable after its course and its user are deleted', async () => {
    const leaving = await createUser(ctx.database.db, ctx.config, { name: 'Leaving Soon', email: 'leaving@example.com' });
    const course = await createCourse(ctx.database.db, { name: 'Retired Course', price: 30, availability: 4 });
    const placed = await place(leaving.token, orderBody([{ course: course.id, qty: 2 }]));
    expect(placed.status).toBe(201);

    await ctx.database.db.delete(courses).where(eq(courses.id, course.id));
    await ctx.database.db.delete(users).where(eq(users.id, leaving.user.id));

    const res = await request(ctx.app).get(`/api/orders/${placed.body._id}`).set('Authorization', `Bearer ${admin.token}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ _id: null, name: 'Leaving Soon', email: 'leaving@example.com' });
    expect(res.body.orderItems).toEqual([
      { _id: expect.any(String), course: course.id, name: 'Retired Course', qty: 2, price: 30, image: '/images/courses/placeholder.svg', session: null, learners: [] },
    ]);
    expect(res.body.totalPrice).toBe(placed.body.totalPrice);

    const list = await request(ctx.app).get('/api/orders?limit=100').set('Authorization', `Bearer ${admin.token}`);
    const listed = list.body.find((o: Order) => o._id === placed.body._id);
    expect(listed.user).toEqual({ _id: null, name: 'Leaving Soon' });
    const lines = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.body._id));
    expect(lines).toHaveLength(1);
  });

  it('shows the buyer under their current name after a rename', async () => {
    const renamed = await createUser(ctx.database.db, ctx.config, { name: 'Old Name' });
    const order = await placeFor(renamed);
    await ctx.database.db.update(users).set({ name: 'New Name' }).where(eq(users.id, renamed.user.id));
    const res = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${renamed.token}`);
    expect(res.body.user.name).toBe('New Name');
  });
});

describe('POST /api/orders: refusals and retries', () => {
  it('names the first failing line: a sold-out course before an unknown one is a 409, the other way a 400', async () => {
    const soldOut = await createCourse(ctx.database.db, { name: 'Full House', availability: 0 });
    const unknown = '0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a12';
    const first = await place(
      buyer.token,
      orderBody([
        { course: soldOut.id, qty: 1 },
        { course: unknown, qty: 1 },
      ]),
    );
    expect(first.status).toBe(409);
    expect(first.body).toEqual({ message: 'Not enough seats left for Full House', code: 'SEATS_LEFT' });
    const second = await place(
      buyer.token,
      orderBody([
        { course: unknown, qty: 1 },
        { course: soldOut.id, qty: 1 },
      ]),
    );
    expect(second.status).toBe(400);
    expect(second.body.details).toEqual([{ path: 'orderItems.0.course', message: MESSAGES.courseNotFound }]);
  });

  it('keeps the lines in the order listed and rolls every seat back when the last line fails', async () => {
    const courses3 = await Promise.all(
      [1, 2, 3].map((n) => createCourse(ctx.database.db, { price: n * 10, availability: 4 })),
    );
    const [a, b, c] = courses3 as [(typeof courses3)[0], (typeof courses3)[0], (typeof courses3)[0]];
    const placed = await place(
      buyer.token,
      orderBody([
        { course: c.id, qty: 1 },
        { course: a.id, qty: 2 },
        { course: b.id, qty: 3 },
      ]),
    );
    expect(placed.status).toBe(201);
    expect(placed.body.orderItems.map((l: { course: string }) => l.course)).toEqual([c.id, a.id, b.id]);
    expect(placed.body.itemsPrice).toBe(30 + 20 + 60);
    const refused = await place(
      buyer.token,
      orderBody([
        { course: a.id, qty: 2 },
        { course: c.id, qty: 3 },
        { course: b.id, qty: 2 },
      ]),
    );
    expect(refused.status).toBe(409);
    expect([await seatsOf(a.id), await seatsOf(b.id), await seatsOf(c.id)]).toEqual([2, 1, 3]);
  });

  it('accepts a course id in upper case', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const res = await place(
      buyer.token,
      orderBody([
        { course: course.id.toUpperCase(), qty: 1 },
        { course: course.id, qty: 1 },
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.orderItems).toEqual([expect.objectContaining({ course: course.id, qty: 2 })]);
    expect(await seatsOf(course.id)).toBe(3);
  });

  it('answers the first order to a retry whatever its new body says, taking no seats', async () => {
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const other = await createCourse(ctx.database.db, { availability: 5 });
    const soldOut = await createCourse(ctx.database.db, { availability: 0 });
    const first = await place(buyer.token, orderBody([{ course: course.id, qty: 1 }]), 'retry-new-body');
    expect(first.status).toBe(201);
    for (const items of [
      [{ course: other.id, qty: 2 }],
      [{ course: soldOut.id, qty: 1 }],
      [{ course: '0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a13', qty: 1 }],
      [{ course: 'not-an-id', qty: 1 }],
    ]) {
      const retry = await place(buyer.token, orderBody(items), 'retry-new-body');
      expect(retry.status, JSON.stringify(items)).toBe(200);
      expect(retry.body).toEqual(first.body);
    }
    expect(await seatsOf(course.id)).toBe(4);
    expect(await seatsOf(other.id)).toBe(5);
  });

  it('still refuses a keyed request that names no earlier order', async () => {
    const soldOut = await createCourse(ctx.database.db, { name: 'Gone', availability: 0 });
    const res = await place(buyer.token, orderBody([{ course: soldOut.id, qty: 1 }]), 'fresh-key-refused');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Not enough seats left for Gone');
  });
});

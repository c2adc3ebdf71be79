import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, orderEventSchema, orderSchema, type Order } from '@shop/shared';
import { createApp } from '../../../app.js';
import { courses } from '../../courses/courses.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { checkedAgainstDocument } from '../../../test/contract.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { sweepExpiredHolds } from './order-states.service.js';

let ctx: TestContext;
let buyer: UserFixture;
let stranger: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amélie Dupré' });
  stranger = await createUser(ctx.database.db, ctx.config);
  admin = await createAdmin(ctx.database.db, ctx.config, { name: 'Admin Sami' });
});
afterAll(() => ctx.close());

const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'France' };

async function seatsOf(courseId: string): Promise<number> {
  const [row] = await ctx.database.db.select({ a: courses.availability }).from(courses).where(eq(courses.id, courseId));
  return row?.a ?? -1;
}

/** An order of `qty` seats of a new course with `seats` seats. */
async function placeOrder(user: UserFixture, qty = 2, seats = 5): Promise<{ order: Order; courseId: string }> {
  const course = await createCourse(ctx.database.db, { price: 40, availability: seats });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({ orderItems: [{ course: course.id, qty }], shippingAddress, paymentMethod: 'In Place' });
  expect(res.status).toBe(201);
  return { order: res.body as Order, courseId: course.id };
}

const cancel = (id: string, token?: string) => {
  const req = request(ctx.app).post(`/api/orders/${id}/cancel`);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const pay = (id: string) => request(ctx.app).put(`/api/orders/${id}/pay`).set('Authorization', `Bearer ${admin.token}`);

describe('POST /api/orders/{id}/cancel', () => {
  it('keeps an admin’s reason on the order and tells it in the customer’s mail; the owner’s is not kept', async () => {
    const { order } = await placeOrder(buyer, 1, 5);
    const tooLong = await cancel(order._id, admin.token).send({ reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    const res = await cancel(order._id, admin.token).send({ reason: '  The trainer is ill; the session moves to spring.  ' });
    expect(res.status).toBe(200);
    expect(orderSchema.strict().parse(res.body).cancelReason).toBe('The trainer is ill; the session moves to spring.');
    const read = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(read.body.cancelReason).toBe('The trainer is ill; the session moves to spring.');
    await expect
      .poll(() => ctx.sentMails.filter((m) => m.to === buyer.user.email && m.subject.includes(order._id.slice(0, 8))).map((m) => m.text).join('\n'))
      .toContain("The centre's reason: The trainer is ill; the session moves to spring.");

    const own = (await placeOrder(buyer, 1, 5)).order;
    const mine = await cancel(own._id, buyer.token).send({ reason: 'I changed my mind' });
    expect(mine.status).toBe(200);
    expect(mine.body.cancelReason).toBeNull();
    const plain = (await placeOrder(buyer, 1, 5)).order;
    expect((await cancel(plain._id, admin.token)).body.cancelReason).toBeNull();
  });

  it('lets the owner cancel an unpaid order and gives the seats back at once', async () => {
    const { order, courseId } = await placeOrder(buyer, 2, 5);
    expect(await seatsOf(courseId)).toBe(3);

    const res = await cancel(order._id, buyer.token);
    expect(res.status).toBe(200);
    const cancelled = orderSchema.strict().parse(res.body);
    expect(cancelled).toMatchObject({ _id: order._id, status: 'cancelled', isPaid: false, refundedAt: null });
    expect(new Date(cancelled.cancelledAt ?? '').toISOString()).toBe(cancelled.cancelledAt);
    // The course page on the same instance answers the seats back, without waiting.
    const course = await request(ctx.app).get(`/api/courses/${courseId}`);
    expect(course.body.availability).toBe(5);
  });

  it('refuses a second cancel with 409 naming the state, and gives no seat back twice', async () => {
    const { order, courseId } = await placeOrder(buyer, 2, 5);
    expect((await cancel(order._id, buyer.token)).status).toBe(200);
    const again = await cancel(order._id, admin.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Cannot cancel this order: it is cancelled.', code: 'ORDER_STATE' });
    expect(await seatsOf(courseId)).toBe(5);
  });

  it('gives seats back once when the same order is cancelled five times at once', async () => {
    const { order, courseId } = await placeOrder(buyer, 3, 4);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(order._id, buyer.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await seatsOf(courseId)).toBe(4);
  });

  it('lets an admin cancel any unpaid order', async () => {
    const { order, courseId } = await placeOrder(buyer, 1, 2);
    const res = await cancel(order._id, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refundedAt: null });
    expect(await seatsOf(courseId)).toBe(2);
  });

  it('refuses a customer cancelling a paid order (409); an admin doing it makes a refund due', async () => {
    const { order, courseId } = await placeOrder(buyer, 2, 5);
    expect((await pay(order._id)).status).toBe(200);

    const byCustomer = await cancel(order._id, buyer.token);
    expect(byCustomer.status).toBe(409);
    expect(byCustomer.body).toEqual({ message: MESSAGES.paidOrderCustomerCancel, code: 'PAID_ORDER_CANCEL' });
    expect(await seatsOf(courseId)).toBe(3);

    const byAdmin = await cancel(order._id, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ status: 'cancelled', isPaid: true });
    expect(byAdmin.body.refundedAt).toBe(byAdmin.body.cancelledAt);
    expect(byAdmin.body.refund).toEqual({
      status: 'due',
      amount: order.totalPrice,
      provider: 'In Place',
      reference: null,
      dueAt: byAdmin.body.cancelledAt,
      doneAt: null,
      creditNoteNumber: null,
      creditNoteTtn: null,
    });
    expect(await seatsOf(courseId)).toBe(5);
    // A refunded order can be neither learned nor paid again.
    const learn = await request(ctx.app)
      .put(`/api/orders/${order._id}/learn`)
      .set('Authorization', `Bearer ${admin.token}`);
    expect(learn.status).toBe(409);
    expect((await pay(order._id)).body).toEqual({ message: 'Cannot pay this order: it is cancelled.', code: 'ORDER_STATE' });
  });

  it('refuses cancelling a learned order, even for an admin', async () => {
    const { order } = await placeOrder(buyer, 1, 2);
    await pay(order._id);
    await request(ctx.app).put(`/api/orders/${order._id}/learn`).set('Authorization', `Bearer ${admin.token}`);
    const res = await cancel(order._id, admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Cannot cancel this order: it is learned.', code: 'ORDER_STATE' });
  });

  it("answers 403 for someone else's order, 401 anonymous, 404 unknown or malformed", async () => {
    const { order, courseId } = await placeOrder(buyer, 1, 3);
    const other = await cancel(order._id, stranger.token);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: MESSAGES.forbidden, code: 'FORBIDDEN' });
    expect((await cancel(order._id)).status).toBe(401);
    for (const id of ['not-an-id', '0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a11']) {
      const res = await cancel(id, buyer.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MESSAGES.orderNotFound, code: 'ORDER_NOT_FOUND' });
    }
    expect(await seatsOf(courseId)).toBe(2);
  });
});

describe('cancel and pay racing', () => {
  it('lets exactly one of a cancel and a payment win, ten times over', async () => {
    for (let round = 0; round < 10; round++) {
      const { order, courseId } = await placeOrder(buyer, 2, 4);
      const [cancelled, paid] = await Promise.all([cancel(order._id, buyer.token), pay(order._id)]);
      expect([cancelled.status, paid.status].sort()).toEqual([200, 409]);
      const final = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
      if (paid.status === 200) {
        expect(final.body).toMatchObject({ status: 'paid', isPaid: true, cancelledAt: null });
        expect(await seatsOf(courseId)).toBe(2);
      } else {
        expect(final.body).toMatchObject({ status: 'cancelled', isPaid: false, invoiceNumber: null });
        expect(paid.body).toEqual({ message: 'Cannot pay this order: it is cancelled.', code: 'ORDER_STATE' });
        expect(await seatsOf(courseId)).toBe(4);
      }
    }
  });
});

describe('GET /api/orders/{id}/history', () => {
  it('shows the admin who did what and when, oldest first', async () => {
    const { order } = await placeOrder(buyer, 1, 3);
    await pay(order._id);
    await cancel(order._id, admin.token);
    const res = await request(ctx.app)
      .get(`/api/orders/${order._id}/history`)
      .set('Authorization', `Bearer ${admin.token}`);
    expect(res.status).toBe(200);
    const events = orderEventSchema.array().parse(res.body);
    expect(events.map((e) => [e.action, e.actor.name, e.actor.role, e.from, e.to])).toEqual([
      ['placed', 'Amélie Dupré', 'customer', null, 'pending'],
      ['paid', 'Admin Sami', 'admin', 'pending', 'paid'],
      // A paid order cancelled: the money is owed back, not refunded yet (issue 31).
      ['cancelled', 'Admin Sami', 'admin', 'paid', 'cancelled'],
    ]);
    expect(events[1]?.actor._id).toBe(admin.user.id);
  });

  it('is for admins only', async () => {
    const { order } = await placeOrder(buyer, 1, 3);
    const res = await request(ctx.app).get(`/api/orders/${order._id}/history`).set('Authorization', `Bearer ${buyer.token}`);
    expect(res.status).toBe(403);
    const unknown = await request(ctx.app)
      .get('/api/orders/0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a11/history')
      .set('Authorization', `Bearer ${admin.token}`);
    expect(unknown.status).toBe(404);
  });
});

describe('the catalogue of the instance that wrote', () => {
  it('answers the seats a cancel or an expiry gave back, and a late payment took again, on the very next GET', async () => {
    // An instance that trusts its catalogue version for a minute: without courseChanged() after
    // each of these writes it would answer the seats as they were before.
    const app = checkedAgainstDocument(createApp({ ...ctx.deps, catalogueMaxAgeMs: 60_000 }));
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const seats = async () => (await request(app).get(`/api/courses/${course.id}`).expect(200)).body.availability as number;
    const order = async (qty: number) =>
      (
        await request(app)
          .post('/api/orders')
          .set('Authorization', `Bearer ${buyer.token}`)
          .send({ orderItems: [{ course: course.id, qty }], shippingAddress, paymentMethod: 'In Place' })
          .expect(201)
      ).body as Order;
    expect(await seats()).toBe(5);

    const cancelled = await order(2);
    expect(await seats()).toBe(3);
    await request(app).post(`/api/orders/${cancelled._id}/cancel`).set('Authorization', `Bearer ${buyer.token}`).expect(200);
    expect(await seats()).toBe(5);

    const expiring = await order(1);
    expect(await seats()).toBe(4);
    // This instance's sweeper, its clock a minute past the hold (SEAT_HOLD_MINUTES).
    const afterHold = { sleep: (ms: number) => ctx.clock.sleep(ms), now: () => new Date(Date.parse(expiring.holdExpiresAt ?? '') + 60_000) };
    expect(await sweepExpiredHolds({ ...ctx.deps, clock: afterHold, events: app.events })).toBeGreaterThanOrEqual(1);
    expect(await seats()).toBe(5);

    await request(app).put(`/api/orders/${expiring._id}/pay`).set('Authorization', `Bearer ${admin.token}`).expect(200);
    expect(await seats()).toBe(4);
  });
});

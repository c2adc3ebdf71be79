import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coupon, Order } from '@shop/shared';
import { auditEvents } from '../audit/audit.schema.js';
import { coupons } from './coupons.schema.js';
import { courses } from '../courses/courses.schema.js';
import { orders } from '../enrolment/tables/orders.schema.js';
import type { ServiceContext } from '../../deps.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { testShippingAddress } from '../../test/orders.js';
import { sweepExpiredHolds } from '../enrolment/orders/order-states.service.js';
import { findOrderById } from '../enrolment/orders/orders.repository.js';
import { payFreeOrder } from '../enrolment/orders/orders.service.js';

const HOLD_MINUTES = 60;
let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({ SEAT_HOLD_MINUTES: String(HOLD_MINUTES) });
  admin = await createAdmin(ctx.database.db, ctx.config);
  buyer = await createUser(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const auth = (u: UserFixture) => `Bearer ${u.token}`;
let codeSeq = 0;
const freshCode = (prefix = 'SAVE') => `${prefix}${++codeSeq}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

async function newCoupon(body: Record<string, unknown>): Promise<Coupon> {
  const res = await request(ctx.app)
    .post('/api/coupons')
    .set('Authorization', auth(admin))
    .send({ code: freshCode(), kind: 'percent', value: 10, ...body });
  expect(res.status).toBe(201);
  return res.body as Coupon;
}

const check = (who: UserFixture, code: string, orderItems: { course: string; qty: number }[]) =>
  request(ctx.app).post('/api/coupons/check').set('Authorization', auth(who)).send({ code, orderItems });

const order = (who: UserFixture, orderItems: { course: string; qty: number }[], couponCode?: string, paymentMethod = 'In Place') =>
  request(ctx.app)
    .post('/api/orders')
    .set('Authorization', auth(who))
    .send({ orderItems, shippingAddress: testShippingAddress, paymentMethod, ...(couponCode === undefined ? {} : { couponCode }) });

async function usesOf(id: string): Promise<number> {
  const [row] = await ctx.database.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id));
  return row?.uses ?? -1;
}

describe('admin coupons', () => {
  it('creates, lists, edits and audits a coupon; codes are unique without regard to case', async () => {
    const course = await createCourse(ctx.database.db, { price: 50 });
    const created = await newCoupon({
      code: 'Launch2026',
      kind: 'fixed',
      value: 25,
      maxUses: 10,
      maxUsesPerCustomer: 1,
      courses: [course.id],
      categories: ['softskills'],
      minItemsPrice: 40,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2030-01-01T00:00:00.000Z',
    });
    expect(created).toMatchObject({
      code: 'Launch2026',
      kind: 'fixed',
      value: 25,
      maxUses: 10,
      maxUsesPerCustomer: 1,
      courses: [course.id],
      categories: ['Soft skills'],
      minItemsPrice: 40,
      uses: 0,
      disabled: false,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2030-01-01T00:00:00.000Z',
    });

    const dup = await request(ctx.app)
      .post('/api/coupons')
      .set('Authorization', auth(admin))
      .send({ code: 'LAUNCH2026', kind: 'percent', value: 5 });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('COUPON_EXISTS');

    const list = await request(ctx.app).get('/api/coupons').set('Authorization', auth(admin));
    expect(list.status).toBe(200);
    expect((list.body as Coupon[]).map((c) => c.code)).toContain('Launch2026');

    const edited = await request(ctx.app)
      .put(`/api/coupons/${created._id}`)
      .set('Authorization', auth(admin))
      .send({ code: 'Launch2026', kind: 'percent', value: 30 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ kind: 'percent', value: 30, maxUses: null, courses: [], categories: [] });

    const trail = await ctx.database.db
      .select({ action: auditEvents.action, changes: auditEvents.changes, actorName: auditEvents.actorName })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'coupon'), eq(auditEvents.entityId, created._id)));
    expect(trail.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(trail[1]?.changes).toMatchObject({ kind: { from: 'fixed', to: 'percent' }, value: { from: 25, to: 30 } });
    expect(trail[1]?.actorName).toBe(admin.user.name);
  });

  it('refuses bad bodies with 400 and non-admins with 403', async () => {
    const post = (body: object) => request(ctx.app).post('/api/coupons').set('Authorization', auth(admin)).send(body);
    expect((await post({ code: 'X1', kind: 'percent', value: 150 })).status).toBe(400);
    expect((await post({ code: 'X2', kind: 'fixed', value: 0 })).status).toBe(400);
    expect((await post({ code: 'bad code!', kind: 'fixed', value: 5 })).status).toBe(400);
    expect((await post({ code: 'X3', kind: 'fixed', value: 5, categories: ['Cooking'] })).body.message).toBe(
      'Unknown category: Cooking',
    );
    expect(
      (await post({ code: 'X4', kind: 'fixed', value: 5, startsAt: '2027-01-02T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' }))
        .status,
    ).toBe(400);
    const asCustomer = await request(ctx.app)
      .post('/api/coupons')
      .set('Authorization', auth(buyer))
      .send({ code: 'X5', kind: 'fixed', value: 5 });
    expect(asCustomer.status).toBe(403);
    expect((await request(ctx.app).get('/api/coupons').set('Authorization', auth(buyer))).status).toBe(403);
    const valid = { code: 'X6', kind: 'fixed', value: 5 };
    expect((await request(ctx.app).put('/api/coupons/not-an-id').set('Authorization', auth(admin)).send(valid)).status).toBe(404);
    expect(
      (await request(ctx.app).put('/api/coupons/00000000-0000-4000-8000-000000000000').set('Authorization', auth(admin)).send(valid))
        .status,
    ).toBe(404);
  });

  it('deletes an unused coupon, and disables a used one instead (saying so)', async () => {
    const course = await createCourse(ctx.database.db, { price: 80, availability: 10 });
    const unused = await newCoupon({});
    const gone = await request(ctx.app).delete(`/api/coupons/${unused._id}`).set('Authorization', auth(admin));
    expect(gone.body).toEqual({ message: 'Coupon removed' });
    expect((await check(buyer, unused.code, [{ course: course.id, qty: 1 }])).body.code).toBe('COUPON_INVALID');

    const used = await newCoupon({});
    expect((await order(buyer, [{ course: course.id, qty: 1 }], used.code)).status).toBe(201);
    const kept = await request(ctx.app).delete(`/api/coupons/${used._id}`).set('Authorization', auth(admin));
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ message: 'Coupon already used: disabled instead of removed' });
    const list = (await request(ctx.app).get('/api/coupons').set('Authorization', auth(admin))).body as Coupon[];
    expect(list.find((c) => c._id === used._id)).toMatchObject({ disabled: true, uses: 1 });
    const refused = await order(buyer, [{ course: course.id, qty: 1 }], used.code);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('COUPON_INVALID');
  });
});

describe('POST /api/coupons/check', () => {
  it('answers the amounts with the discount, whatever the case of the code', async () => {
    const course = await createCourse(ctx.database.db, { price: 60, availability: 10 });
    const coupon = await newCoupon({ code: freshCode('Early'), kind: 'percent', value: 10 });
    const res = await check(buyer, coupon.code.toLowerCase(), [{ course: course.id, qty: 2 }]);
    expect(res.status).toBe(200);
    // items 120, discount 12, net 108 (> 100: no shipping), tax 16.20
    expect(res.body).toEqual({
      code: coupon.code,
      itemsPrice: 120,
      discountPrice: 12,
      shippingPrice: 0,
      taxPrice: 16.2,
      totalPrice: 124.2,
    });
    expect(await usesOf(coupon._id)).toBe(0);
  });

  it('says why a code does not apply', async () => {
    const course = await createCourse(ctx.database.db, { price: 50, availability: 10, category: ['Art'] });
    const other = await createCourse(ctx.database.db, { price: 50, availability: 10, category: ['English'] });
    const line = [{ course: course.id, qty: 1 }];
    const refusal = async (code: string, lines = line) => {
      const res = await check(buyer, code, lines);
      expect(res.status).toBe(400);
      return res.body as { message: string; code: string };
    };
    expect(await refusal('NOSUCHCODE')).toEqual({ message: 'This promo code does not exist.', code: 'COUPON_INVALID' });
    const past = await newCoupon({ endsAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await refusal(past.code)).code).toBe('COUPON_EXPIRED');
    const future = await newCoupon({ startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await refusal(future.code)).toEqual({ message: 'This promo code is not valid today.', code: 'COUPON_EXPIRED' });
    const forOther = await newCoupon({ courses: [other.id] });
    expect((await refusal(forOther.code)).code).toBe('COUPON_NOT_APPLICABLE');
    const forEnglish = await newCoupon({ categories: ['English'] });
    expect((await refusal(forEnglish.code)).code).toBe('COUPON_NOT_APPLICABLE');
    expect((await check(buyer, forEnglish.code, [{ course: other.id, qty: 1 }])).body.discountPrice).toBe(5);
    const minimum = await newCoupon({ minItemsPrice: 100 });
    expect((await refusal(minimum.code)).code).toBe('COUPON_NOT_APPLICABLE');
    expect((await check(buyer, minimum.code, [{ course: course.id, qty: 2 }])).status).toBe(200);
    const once = await newCoupon({ maxUses: 1 });
    expect((await order(buyer, line, once.code)).status).toBe(201);
    expect((await refusal(once.code)).code).toBe('COUPON_USED_UP');
    expect((await check(buyer, 'X', [{ course: 'nope', qty: 1 }])).status).toBe(400);
    expect((await request(ctx.app).post('/api/coupons/check').send({ code: 'X', orderItems: line })).status).toBe(401);
  });
});

describe('orders with a coupon', () => {
  it('places the order at the discounted price and keeps the code and discount on it', async () => {
    const a = await createCourse(ctx.database.db, { price: 100, availability: 10 });
    const b = await createCourse(ctx.database.db, { price: 40, availability: 10 });
    const coupon = await newCoupon({ kind: 'fixed', value: 30, courses: [a.id] });
    const res = await order(buyer, [{ course: a.id, qty: 1 }, { course: b.id, qty: 1 }], coupon.code.toLowerCase());
    expect(res.status).toBe(201);
    // items 140, discount 30 → net 110: no shipping; tax 16.50; total 126.50
    expect(res.body).toMatchObject({
      couponCode: coupon.code,
      itemsPrice: 140,
      discountPrice: 30,
      shippingPrice: 0,
      taxPrice: 16.5,
      totalPrice: 126.5,
    });
    const read = await request(ctx.app).get(`/api/orders/${(res.body as Order)._id}`).set('Authorization', auth(buyer));
    expect(read.body).toMatchObject({ couponCode: coupon.code, discountPrice: 30, totalPrice: 126.5 });
    expect(await usesOf(coupon._id)).toBe(1);
  });

  it('refuses an order whose code does not apply, placing nothing and taking no seat', async () => {
    const course = await createCourse(ctx.database.db, { price: 70, availability: 5 });
    const before = (await ctx.database.db.select().from(orders)).length;
    const res = await order(buyer, [{ course: course.id, qty: 2 }], 'NOT-A-CODE');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'This promo code does not exist.', code: 'COUPON_INVALID' });
    expect((await ctx.database.db.select().from(orders)).length).toBe(before);
    const [left] = await ctx.database.db.select({ a: courses.availability }).from(courses).where(eq(courses.id, course.id));
    expect(left?.a).toBe(5);
  });

  it('keeps to the per-customer limit', async () => {
    const course = await createCourse(ctx.database.db, { price: 20, availability: 10 });
    const coupon = await newCoupon({ maxUsesPerCustomer: 1 });
    const someone = await createUser(ctx.database.db, ctx.config);
    expect((await order(someone, [{ course: course.id, qty: 1 }], coupon.code)).status).toBe(201);
    const again = await order(someone, [{ course: course.id, qty: 1 }], coupon.code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('COUPON_USED_UP');
    expect((await order(buyer, [{ course: course.id, qty: 1 }], coupon.code)).status).toBe(201);
  });

  it('a 100 % coupon on an order with shipping leaves the shipping to pay', async () => {
    const course = await createCourse(ctx.database.db, { price: 80, availability: 10 });
    const coupon = await newCoupon({ kind: 'percent', value: 100 });
    const card = await order(buyer, [{ course: course.id, qty: 1 }], coupon.code, 'Card');
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({ itemsPrice: 80, discountPrice: 80, shippingPrice: 100, taxPrice: 0, totalPrice: 100, status: 'pending' });
    const inPlace = await order(buyer, [{ course: course.id, qty: 1 }], coupon.code, 'In Place');
    expect(inPlace.status).toBe(201);
    expect(inPlace.body.totalPrice).toBe(100);
  });

  it('pays a Card order with a total of 0 at once, with its invoice number (no payment page)', async () => {
    const course = await createCourse(ctx.database.db, { price: 80, availability: 10 });
    const placed = (await order(buyer, [{ course: course.id, qty: 1 }], undefined, 'Card')).body as Order;
    // The contract's formula always charges shipping on a net of 0; an order at 0 is made here by hand.
    await ctx.database.db
      .update(orders)
      .set({ discountPrice: 80, shippingPrice: 0, taxPrice: 0, totalPrice: 0 })
      .where(eq(orders.id, placed._id));
    const record = await findOrderById(ctx.database.db, placed._id);
    const service: ServiceContext = { ...ctx.deps, events: ctx.app.events };
    const paid = await payFreeOrder(service, record!);
    expect(paid).toMatchObject({ status: 'paid', isPaid: true });
    expect(paid.invoiceNumber).toMatch(/^\d{4}-\d{5}$/);
    const pay = await request(ctx.app).post(`/api/orders/${placed._id}/payment`).set('Authorization', auth(buyer));
    expect(pay.status).toBe(409);
  });

  it('a cancelled or expired order gives its use back', async () => {
    const course = await createCourse(ctx.database.db, { price: 30, availability: 10 });
    const coupon = await newCoupon({ maxUses: 1 });
    const first = (await order(buyer, [{ course: course.id, qty: 1 }], coupon.code)).body as Order;
    expect(await usesOf(coupon._id)).toBe(1);
    const cancel = await request(ctx.app).post(`/api/orders/${first._id}/cancel`).set('Authorization', auth(buyer)).send({});
    expect(cancel.status).toBe(200);
    expect(await usesOf(coupon._id)).toBe(0);

    const second = await order(buyer, [{ course: course.id, qty: 1 }], coupon.code);
    expect(second.status).toBe(201);
    expect(await usesOf(coupon._id)).toBe(1);
    ctx.clock.advance((HOLD_MINUTES + 1) * 60_000);
    await sweepExpiredHolds({ ...ctx.deps, events: ctx.app.events });
    const expired = await request(ctx.app).get(`/api/orders/${(second.body as Order)._id}`).set('Authorization', auth(buyer));
    expect(expired.body.status).toBe('expired');
    expect(await usesOf(coupon._id)).toBe(0);

    // Paid after all (its seats are still there): the expired order takes its use again.
    const paid = await request(ctx.app).put(`/api/orders/${(second.body as Order)._id}/pay`).set('Authorization', auth(admin)).send({});
    expect(paid.status).toBe(200);
    expect(await usesOf(coupon._id)).toBe(1);
  });
});

describe('two customers racing for the last use', () => {
  it('exactly one places the order; the other is refused with COUPON_USED_UP', async () => {
    for (let round = 0; round < 3; round++) {
      const coupon = await newCoupon({ maxUses: 1 });
      const racers = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx.database.db, ctx.config)));
      // Each racer buys a course of their own: only the coupon's last use is shared.
      const own = await Promise.all(racers.map(() => createCourse(ctx.database.db, { price: 50, availability: 5 })));
      const answers = await Promise.all(racers.map((r, i) => order(r, [{ course: own[i]!.id, qty: 1 }], coupon.code)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
      for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body.code).toBe('COUPON_USED_UP');
      expect(await usesOf(coupon._id)).toBe(1);
      const withCode = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.couponCode, coupon.code));
      expect(withCode).toHaveLength(1);
    }
  });
});

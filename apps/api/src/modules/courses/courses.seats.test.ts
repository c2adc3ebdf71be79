import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { auditEvents } from '../audit/audit.schema.js';
import { courses } from './courses.schema.js';
import { orders } from '../enrolment/tables/orders.schema.js';
import { sweepExpiredHolds } from '../enrolment/orders/order-states.service.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { testShippingAddress } from '../../test/orders.js';

/** Issue 31: an admin's save never overwrites seats that orders took or gave back meanwhile. */
let ctx: TestContext;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const save = (id: string, body: Record<string, unknown>) =>
  request(ctx.app).put(`/api/courses/${id}`).set('Authorization', `Bearer ${admin.token}`).send(body);

const order = async (courseId: string, qty: number, buyer?: UserFixture) => {
  const who = buyer ?? (await createUser(ctx.database.db, ctx.config));
  return request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${who.token}`)
    .send({ orderItems: [{ course: courseId, qty }], shippingAddress: testShippingAddress, paymentMethod: 'In Place' });
};

const seatsLeft = async (id: string) => {
  const [row] = await ctx.database.db.select({ availability: courses.availability }).from(courses).where(eq(courses.id, id));
  return row?.availability;
};

describe('PUT /api/courses/{id} with availabilityWas', () => {
  it('leaves seats taken meanwhile alone when the admin only fixes the name', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Excel Basics', availability: 18 });
    // The admin opens the form (18 seats left), a customer orders 2 meanwhile.
    expect((await order(course.id, 2)).status).toBe(201);
    const res = await save(course.id, { name: 'Excel Basics (evening)', availability: 18, availabilityWas: 18 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Excel Basics (evening)', availability: 16 });
    expect(await seatsLeft(course.id)).toBe(16);
    // The audit trail records the name only: the seats were not written.
    const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, course.id));
    const update = events.find((e) => e.action === 'updated');
    expect(update?.changes).toEqual({ name: { from: 'Excel Basics', to: 'Excel Basics (evening)' } });
  });

  it('refuses a seat change made from stale seats with 409 SEATS_CHANGED and the seats left now, saving nothing', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Photoshop', price: 70, availability: 18 });
    expect((await order(course.id, 2)).status).toBe(201);
    const res = await save(course.id, { name: 'Photoshop CC', price: 75, availability: 25, availabilityWas: 18 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: MESSAGES.seatsChanged, code: 'SEATS_CHANGED', availability: 16 });
    const detail = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(detail.body).toMatchObject({ name: 'Photoshop', price: 70, availability: 16 });

    // Saving again from the seats the conflict showed goes through.
    const again = await save(course.id, { name: 'Photoshop CC', price: 75, availability: 25, availabilityWas: 16 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ name: 'Photoshop CC', price: 75, availability: 25 });
  });

  it('refuses too when seats were given back meanwhile (a cancelled order), so they are not lost', async () => {
    const course = await createCourse(ctx.database.db, { availability: 10 });
    const buyer = await createUser(ctx.database.db, ctx.config);
    const placed = await order(course.id, 3, buyer);
    expect(placed.status).toBe(201);
    // The admin opens the form at 7 seats left; the customer cancels (10 again).
    const cancelled = await request(ctx.app)
      .post(`/api/orders/${placed.body._id}/cancel`)
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({});
    expect(cancelled.status).toBe(200);
    const res = await save(course.id, { availability: 5, availabilityWas: 7 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SEATS_CHANGED', availability: 10 });
    expect(await seatsLeft(course.id)).toBe(10);
  });

  it('closes a course from the seats left now, and with availability equal to availabilityWas never reopens it', async () => {
    const course = await createCourse(ctx.database.db, { availability: 4 });
    expect((await save(course.id, { availability: 0, availabilityWas: 4 })).status).toBe(200);
    expect(await seatsLeft(course.id)).toBe(0);
    // A stale form (loaded at 4) saving other fields does not put the seats back.
    const stale = await save(course.id, { description: 'Closed for now.', availability: 4, availabilityWas: 4 });
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ description: 'Closed for now.', availability: 0 });
  });

  it('writes availability as sent without availabilityWas (outside clients), and checks availabilityWas like availability', async () => {
    const course = await createCourse(ctx.database.db, { availability: 9 });
    expect((await order(course.id, 1)).status).toBe(201);
    const res = await save(course.id, { availability: 12 });
    expect(res.status).toBe(200);
    expect(res.body.availability).toBe(12);
    for (const availabilityWas of [-1, 1.5, 'ten']) {
      const bad = await save(course.id, { availability: 3, availabilityWas });
      expect(bad.status, String(availabilityWas)).toBe(400);
      expect(bad.body.details?.[0]?.path).toBe('availabilityWas');
    }
    expect(await seatsLeft(course.id)).toBe(12);
  });

  it('answers 404 for an unknown course whatever availabilityWas says', async () => {
    const res = await save('00000000-0000-4000-8000-000000000000', { availability: 3, availabilityWas: 2 });
    expect(res.status).toBe(404);
  });
});

describe('a course the admin closed', () => {
  const cancel = (orderId: string, buyer: UserFixture) =>
    request(ctx.app).post(`/api/orders/${orderId}/cancel`).set('Authorization', `Bearer ${buyer.token}`).send({});

  it('stays closed when held seats come back (a cancelled order, an expired hold)', async () => {
    const course = await createCourse(ctx.database.db, { availability: 18 });
    const first = await createUser(ctx.database.db, ctx.config);
    const second = await createUser(ctx.database.db, ctx.config);
    const cancelled = await order(course.id, 2, first);
    const expiring = await order(course.id, 3, second);
    expect([cancelled.status, expiring.status]).toEqual([201, 201]);
    // The admin closes the course from the 13 seats left now.
    expect((await save(course.id, { availability: 0, availabilityWas: 13 })).status).toBe(200);

    expect((await cancel(cancelled.body._id, first)).status).toBe(200);
    expect(await seatsLeft(course.id)).toBe(0);
    const afterHold = { sleep: (ms: number) => ctx.clock.sleep(ms), now: () => new Date(Date.parse(expiring.body.holdExpiresAt) + 60_000) };
    expect(await sweepExpiredHolds({ ...ctx.deps, clock: afterHold, events: ctx.app.events })).toBeGreaterThanOrEqual(1);
    const [expired] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, expiring.body._id));
    expect(expired?.status).toBe('expired');
    expect(await seatsLeft(course.id)).toBe(0);
    const page = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(page.body.availability).toBe(0);
    expect((await order(course.id, 1)).status).toBe(409);

    // The admin opens it again with 6 seats; seats given back from then on return to sale.
    expect((await save(course.id, { availability: 6, availabilityWas: 0 })).status).toBe(200);
    const later = await order(course.id, 2, first);
    expect(later.status).toBe(201);
    expect((await cancel(later.body._id, first)).status).toBe(200);
    expect(await seatsLeft(course.id)).toBe(6);
  });

  it('is not what a sell-out is: seats of a sold-out course come back when an order is cancelled', async () => {
    const course = await createCourse(ctx.database.db, { availability: 2 });
    const buyer = await createUser(ctx.database.db, ctx.config);
    const placed = await order(course.id, 2, buyer);
    expect(await seatsLeft(course.id)).toBe(0);
    expect((await cancel(placed.body._id, buyer)).status).toBe(200);
    expect(await seatsLeft(course.id)).toBe(2);
  });
});

describe('an admin save racing customers’ orders', () => {
  it('never undoes seats taken by orders placed at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const course = await createCourse(ctx.database.db, { name: `Race ${round}`, availability: 20 });
      const buyers = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx.database.db, ctx.config)));
      // Two admins saved forms loaded at 20 seats: one fixes the name, one raises the seats to 30.
      const [nameSave, seatSave, ...orders] = await Promise.all([
        save(course.id, { name: `Race ${round} (fixed)`, availability: 20, availabilityWas: 20 }),
        save(course.id, { availability: 30, availabilityWas: 20 }),
        ...buyers.map((b) => order(course.id, 1, b)),
      ]);
      expect(nameSave?.status).toBe(200);
      expect(orders.map((o) => o.status)).toEqual(Array(8).fill(201));
      // The seat change went through only if it came before every order; otherwise 409 with the seats it saw.
      expect([200, 409]).toContain(seatSave?.status);
      const base = seatSave?.status === 200 ? 30 : 20;
      if (seatSave?.status === 409) expect(seatSave.body.availability).toBeLessThan(20);
      expect(await seatsLeft(course.id)).toBe(base - 8);
    }
  });
});

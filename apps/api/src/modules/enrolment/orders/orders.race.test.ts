import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../courses/courses.schema.js';
import { orders } from '../tables/orders.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createCourse, createUser } from '../../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const shippingAddress = { address: '3 Calle Mayor', city: 'Madrid', postalCode: '28013', country: 'Espagne' };

describe('concurrent buyers of the last seats', () => {
  it('sells 3 seats to exactly 3 of 20 simultaneous buyers', async () => {
    const { db } = ctx.database;
    const course = await createCourse(db, { name: 'Popular Course', price: 60, availability: 3 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(db, ctx.config)));

    const answers = await Promise.all(
      buyers.map((b) =>
        request(ctx.app)
          .post('/api/orders')
          .set('Authorization', `Bearer ${b.token}`)
          .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress, paymentMethod: 'Card' }),
      ),
    );

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ message: 'Not enough seats left for Popular Course', code: 'SEATS_LEFT' });
    }
    const [left] = await db.select({ availability: courses.availability }).from(courses).where(eq(courses.id, course.id));
    expect(left?.availability).toBe(0);
    const placed = await db.select({ id: orders.id }).from(orders);
    expect(placed).toHaveLength(3);
  });

  it('never deadlocks when buyers take the same two courses listed in opposite orders', async () => {
    const { db } = ctx.database;
    const a = await createCourse(db, { availability: 10 });
    const b = await createCourse(db, { availability: 10 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createUser(db, ctx.config)));

    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        request(ctx.app)
          .post('/api/orders')
          .set('Authorization', `Bearer ${buyer.token}`)
          .send({
            orderItems:
              i % 2 === 0
                ? [{ course: a.id, qty: 1 }, { course: b.id, qty: 1 }]
                : [{ course: b.id, qty: 1 }, { course: a.id, qty: 1 }],
            shippingAddress,
            paymentMethod: 'In Place',
          }),
      ),
    );

    expect(answers.map((r) => r.status).filter((s) => s === 201)).toHaveLength(10);
    expect(answers.map((r) => r.status).filter((s) => s === 409)).toHaveLength(2);
    const left = await db.select({ availability: courses.availability }).from(courses).where(eq(courses.id, a.id));
    expect(left[0]?.availability).toBe(0);
    const leftB = await db.select({ availability: courses.availability }).from(courses).where(eq(courses.id, b.id));
    expect(leftB[0]?.availability).toBe(0);
  });

  it('places every order when many buyers take three shared courses in every order', async () => {
    const { db } = ctx.database;
    const shared = await Promise.all([1, 2, 3].map(() => createCourse(db, { availability: 1000 })));
    const ids = shared.map((c) => c.id);
    const orders3 = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [0, 2, 1],
      [2, 0, 1],
      [1, 0, 2],
    ];
    const buyers = await Promise.all(Array.from({ length: 24 }, () => createUser(db, ctx.config)));
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        request(ctx.app)
          .post('/api/orders')
          .set('Authorization', `Bearer ${buyer.token}`)
          .send({
            orderItems: (orders3[i % orders3.length] as number[]).map((n) => ({ course: ids[n], qty: 1 })),
            shippingAddress,
            paymentMethod: 'Card',
          }),
      ),
    );
    // A deadlock would surface as a 500 for one of the two transactions.
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    const left = await db.select({ availability: courses.availability }).from(courses).where(inArray(courses.id, ids));
    expect(left.map((r) => r.availability)).toEqual([976, 976, 976]);
  });
});

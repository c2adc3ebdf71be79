import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, Session, Stats } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { testShippingAddress } from '../../test/orders.js';

let ctx: TestContext;
let admin: UserFixture;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const asAdmin = () => `Bearer ${admin.token}`;

async function addSession(courseId: string, capacity: number, inDays: number): Promise<Session> {
  const startsAt = Math.ceil((ctx.clock.now().getTime() + inDays * DAY) / 60_000) * 60_000;
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', asAdmin())
    .send({
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 4 * 3_600_000).toISOString(),
      schedule: 'Sat 9:00-13:00',
      place: 'Tunis, Lac 2',
      capacity,
    });
  expect(res.status).toBe(201);
  return res.body as Session;
}

async function adminAvailability(name: string): Promise<number | undefined> {
  const res = await request(ctx.app).get('/api/admin/courses').query({ q: name }).set('Authorization', asAdmin()).expect(200);
  return (res.body as Course[]).find((c) => c.name === name)?.availability;
}

describe('the seats the back office shows for a course sold by session (issue 54)', () => {
  it('answers the seats on sale in its open sessions, as the public API does, and 0 once none is open', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Excel for Business', availability: 100, price: 200 });
    const plain = await createCourse(ctx.database.db, { name: 'Excel without sessions', availability: 7 });
    const first = await addSession(course.id, 12, 5);
    const second = await addSession(course.id, 8, 30);
    const publicSeats = async () => ((await request(ctx.app).get(`/api/courses/${course.id}`).expect(200)).body as Course).availability;

    expect(await adminAvailability('Excel for Business')).toBe(20);
    expect(await publicSeats()).toBe(20);
    expect(await adminAvailability('Excel without sessions')).toBe(7);

    // A customer takes 3 seats of the first session: 17 left on sale, in both answers.
    const buyer = await createUser(ctx.database.db, ctx.config);
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ orderItems: [{ course: course.id, qty: 3, session: first._id }], shippingAddress: testShippingAddress, paymentMethod: 'In Place' });
    expect(placed.status).toBe(201);
    expect(await adminAvailability('Excel for Business')).toBe(17);
    expect(await publicSeats()).toBe(17);

    // The dashboard's seats chart says the same.
    await request(ctx.app).put(`/api/orders/${placed.body._id}/pay`).set('Authorization', asAdmin()).send({}).expect(200);
    const stats = (await request(ctx.app).get('/api/admin/stats').set('Authorization', asAdmin()).expect(200)).body as Stats;
    expect(stats.seats.find((s) => s.course === course.id)).toMatchObject({ sold: 3, left: 17 });

    // Both sessions cancelled: nothing on sale, not the course's old 100 seats.
    for (const session of [first, second])
      await request(ctx.app).post(`/api/sessions/${session._id}/cancel`).set('Authorization', asAdmin()).expect(200);
    expect(await adminAvailability('Excel for Business')).toBe(0);
    expect(await publicSeats()).toBe(0);
    expect(plain.availability).toBe(7);
  });
});

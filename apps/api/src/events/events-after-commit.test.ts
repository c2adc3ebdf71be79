import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { createTestContext, type TestContext } from '../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../test/factories.js';

/*
 * Issue 50 end to end: an order's change records its events in its transaction; the mails and
 * the catalogue hear of it only once that transaction commits. A deferred constraint trigger
 * planted here fails the cancel at COMMIT, after every statement (and every event) of it ran.
 */

let ctx: TestContext;
let buyer: UserFixture;
let admin: UserFixture;
/** How often this instance's catalogue was told a course changed. */
let catalogueTold = 0;

const ROLL_BACK = 'roll this cancel back at commit';

beforeAll(async () => {
  ctx = await createTestContext();
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Yosra Ben Ali' });
  admin = await createAdmin(ctx.database.db, ctx.config);
  const catalogue = ctx.app.courses as { courseChanged(): void };
  const tell = catalogue.courseChanged.bind(catalogue);
  catalogue.courseChanged = () => {
    catalogueTold += 1;
    tell();
  };
  await ctx.database.db.execute(sql`
    create function refuse_planted_cancel() returns trigger language plpgsql as $$
    begin
      raise exception 'planted failure at commit';
    end $$`);
  await ctx.database.db.execute(sql`
    create constraint trigger planted_cancel_failure after update on orders
    deferrable initially deferred for each row
    when (new.cancel_reason = ${sql.raw(`'${ROLL_BACK}'`)})
    execute function refuse_planted_cancel()`);
});
afterAll(() => ctx.close());

const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'France' };
const mailsOf = (order: Order) => ctx.sentMails.filter((m) => m.to === buyer.user.email && m.subject.includes(order._id.slice(0, 8)));
/** Lets anything queued after the answer run (a subscriber left in the background would show up here). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('events are delivered after commit, never for a rolled-back change', () => {
  it('a cancel that rolls back at commit mails nobody and leaves the catalogue alone; the committed cancel mails once', async () => {
    const course = await createCourse(ctx.database.db, { price: 40, availability: 5 });
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ orderItems: [{ course: course.id, qty: 2 }], shippingAddress, paymentMethod: 'In Place' });
    expect(placed.status).toBe(201);
    const order = placed.body as Order;
    // The committed placing: its mail once, the catalogue told.
    await expect.poll(() => mailsOf(order).length).toBe(1);
    expect(catalogueTold).toBeGreaterThanOrEqual(1);

    const toldBefore = catalogueTold;
    const failed = await request(ctx.app)
      .post(`/api/orders/${order._id}/cancel`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ reason: ROLL_BACK });
    expect(failed.status).toBe(500);
    await settle();
    expect(mailsOf(order)).toHaveLength(1);
    expect(catalogueTold).toBe(toldBefore);
    const still = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(still.body).toMatchObject({ status: 'pending', cancelReason: null });
    const seats = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(seats.body.availability).toBe(3);

    const cancelled = await request(ctx.app)
      .post(`/api/orders/${order._id}/cancel`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ reason: 'The trainer is ill' });
    expect(cancelled.status).toBe(200);
    // The catalogue is told before the answer goes out: a client reading next sees the seats back.
    expect(catalogueTold).toBeGreaterThan(toldBefore);
    expect((await request(ctx.app).get(`/api/courses/${course.id}`)).body.availability).toBe(5);
    await expect.poll(() => mailsOf(order).length).toBe(2);
    await settle();
    const mails = mailsOf(order);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('The trainer is ill');
  });
});

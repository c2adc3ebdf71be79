import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Session } from '@shop/shared';
import { signUserToken } from '../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { testShippingAddress } from '../../test/orders.js';
import { sweepReminders } from '../sessions/reminders.service.js';

let ctx: TestContext;
let admin: UserFixture;
beforeAll(async () => {
  ctx = await createTestContext({ SEAT_HOLD_MINUTES: '20000' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const tokenOf = (f: UserFixture) => signUserToken(ctx.config.jwtSecret, f.user, ctx.clock.now());

async function textsOf(userId: string) {
  const result = (await ctx.database.db.execute(
    sql`select event_key, channel, template, language, body, params, status from text_messages where user_id = ${userId} order by event_key, channel`,
  )) as unknown as { rows: { event_key: string; channel: string; template: string; language: string; body: string; params: string[]; status: string }[] };
  return result.rows;
}

async function placeAndPay(buyer: UserFixture, courseId: string, sessionId?: string): Promise<Order> {
  const placed = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${tokenOf(buyer)}`)
    .send({
      orderItems: [{ course: courseId, qty: 2, ...(sessionId ? { session: sessionId } : {}) }],
      shippingAddress: testShippingAddress,
      paymentMethod: 'In Place',
    });
  expect(placed.status).toBe(201);
  const paid = await request(ctx.app).put(`/api/orders/${placed.body._id}/pay`).set('Authorization', `Bearer ${tokenOf(admin)}`).send({});
  expect(paid.status).toBe(200);
  return paid.body as Order;
}

describe('text messages sent by the shop (issue 53)', () => {
  it('queues "payment received" by SMS and WhatsApp for an opted-in buyer when the order becomes paid, in their language', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Cuisine tunisienne', price: 120 });
    const buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amira', phone: '+21620123456', notifySms: true, notifyWhatsapp: true, language: 'fr' });
    const order = await placeAndPay(buyer, course.id);
    const texts = await textsOf(buyer.user.id);
    expect(texts).toEqual([
      expect.objectContaining({ event_key: `payment_received:${order._id}`, channel: 'sms', template: 'payment_received', language: 'fr', status: 'pending' }),
      expect.objectContaining({ event_key: `payment_received:${order._id}`, channel: 'whatsapp', template: 'payment_received', language: 'fr' }),
    ]);
    expect(texts[0]?.body).toBe(`Paiement de ${order.totalPrice.toFixed(2)} TND recu : Cuisine tunisienne http://shop.test/order/${order._id}`);
    expect(texts[1]?.params).toEqual(['Amira', 'Cuisine tunisienne', `${order.totalPrice.toFixed(2)} TND`, `http://shop.test/order/${order._id}`]);
  });

  it('queues nothing for a buyer who did not opt in, or has no phone', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Couture', price: 80 });
    const silent = await createUser(ctx.database.db, ctx.config, { phone: '+21620123457' });
    const noPhone = await createUser(ctx.database.db, ctx.config, { notifySms: true, notifyWhatsapp: true });
    await placeAndPay(silent, course.id);
    await placeAndPay(noPhone, course.id);
    expect(await textsOf(silent.user.id)).toEqual([]);
    expect(await textsOf(noPhone.user.id)).toEqual([]);
  });

  it('queues each session reminder (REMINDER_DAYS, as the mails) once per day for the opted-in buyer', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Pâtisserie', price: 90 });
    const startsAt = Math.ceil((ctx.clock.now().getTime() + 6 * DAY) / 60_000) * 60_000;
    const created = await request(ctx.app)
      .post(`/api/courses/${course.id}/sessions`)
      .set('Authorization', `Bearer ${tokenOf(admin)}`)
      .send({
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 3 * 3_600_000).toISOString(),
        schedule: 'Sat 9:00-12:00',
        place: 'Sousse',
        capacity: 20,
      });
    expect(created.status).toBe(201);
    const session = created.body as Session;
    const buyer = await createUser(ctx.database.db, ctx.config, { phone: '+21655123456', notifySms: true, language: 'en' });
    const order = await placeAndPay(buyer, course.id, session._id);
    const reminders = async () => (await textsOf(buyer.user.id)).filter((t) => t.template === 'session_reminder');

    ctx.clock.advance(startsAt - 3 * DAY + 60_000 - ctx.clock.now().getTime());
    await sweepReminders({ ...ctx.deps, courses: ctx.app.courses });
    await sweepReminders({ ...ctx.deps, courses: ctx.app.courses });
    expect(await reminders()).toEqual([
      expect.objectContaining({ event_key: `session_reminder:${session._id}:3`, channel: 'sms', language: 'en' }),
    ]);
    expect((await reminders())[0]?.body).toMatch(new RegExp(`^Reminder: Patisserie starts \\d\\d/\\d\\d \\d\\d:\\d\\d Sousse http://shop.test/order/${order._id}$`));

    ctx.clock.advance(2 * DAY);
    await sweepReminders({ ...ctx.deps, courses: ctx.app.courses });
    expect((await reminders()).map((t) => t.event_key)).toEqual([`session_reminder:${session._id}:1`, `session_reminder:${session._id}:3`]);
  });
});

import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, Session } from '@shop/shared';
import { signUserToken } from '../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { testShippingAddress } from '../../test/orders.js';
import { realPdf } from '../../test/pdf.js';
import { sweepReminders } from '../enrolment/reminders/reminders.service.js';
import { sweepWaitlists } from '../enrolment/sessions/waitlist-offer-mails.js';
import { sweepLearnerNotices } from '../enrolment/orders/learner-notices.service.js';

let ctx: TestContext;
let admin: UserFixture;
beforeAll(async () => {
  ctx = await createTestContext({ SEAT_HOLD_MINUTES: '20000', SHOP_BANK_ACCOUNT: 'TN59 1000 6035 0000 1234 5678' });
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
    await sweepReminders({ ...ctx.deps, events: ctx.app.events });
    await sweepReminders({ ...ctx.deps, events: ctx.app.events });
    expect(await reminders()).toEqual([
      expect.objectContaining({ event_key: `session_reminder:${session._id}:3`, channel: 'sms', language: 'en' }),
    ]);
    expect((await reminders())[0]?.body).toMatch(new RegExp(`^Reminder: Patisserie starts \\d\\d/\\d\\d \\d\\d:\\d\\d Sousse http://shop.test/order/${order._id}$`));

    ctx.clock.advance(2 * DAY);
    await sweepReminders({ ...ctx.deps, events: ctx.app.events });
    expect((await reminders()).map((t) => t.event_key)).toEqual([`session_reminder:${session._id}:1`, `session_reminder:${session._id}:3`]);
  });

  const as = (f: UserFixture) => `Bearer ${tokenOf(f)}`;
  const texting = (name: string, language: 'en' | 'fr' | 'ar' = 'en') =>
    createUser(ctx.database.db, ctx.config, { name, phone: '+21698765432', notifySms: true, notifyWhatsapp: true, language });

  async function addSession(courseId: string, capacity: number, place = 'Tunis, Lac 2', inDays = 10): Promise<Session> {
    const startsAt = Math.ceil((ctx.clock.now().getTime() + inDays * DAY) / 60_000) * 60_000;
    const created = await request(ctx.app)
      .post(`/api/courses/${courseId}/sessions`)
      .set('Authorization', as(admin))
      .send({
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 3 * 3_600_000).toISOString(),
        schedule: 'Sat 9:00-12:00',
        place,
        capacity,
      });
    expect(created.status).toBe(201);
    return created.body as Session;
  }

  it('queues a waitlist offer once, in the claim that mails it, in the person’s language', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Robotique', price: 70 });
    const session = await addSession(course.id, 2);
    const holder = await createUser(ctx.database.db, ctx.config);
    const order = await placeAndPay(holder, course.id, session._id);
    const waiting = await texting('Hedi', 'fr');
    expect((await request(ctx.app).post(`/api/sessions/${session._id}/waitlist`).set('Authorization', as(waiting)).send({ seats: 2 })).status).toBe(201);
    // The paid order is cancelled by the centre: its 2 seats are offered to Hedi.
    expect((await request(ctx.app).post(`/api/orders/${order._id}/cancel`).set('Authorization', as(admin))).status).toBe(200);
    const svc = { ...ctx.deps, events: ctx.app.events };
    await sweepWaitlists(svc);
    await sweepWaitlists(svc);
    // The cancel's own kick may hold the offer's claim while these sweeps run: whichever sweep
    // claims it queues the texts, once (the sweeps above find nothing more to add).
    const offersOf = async () => (await textsOf(waiting.user.id)).filter((t) => t.template === 'waitlist_offer');
    await vi.waitFor(async () => expect((await offersOf()).map((t) => t.channel)).toEqual(['sms', 'whatsapp']), { timeout: 10_000 });
    await sweepWaitlists(svc);
    const offers = await offersOf();
    expect(offers.map((t) => t.channel)).toEqual(['sms', 'whatsapp']);
    expect(offers[0]?.body).toMatch(new RegExp(`Robotique.*http://shop.test/(course/${course.id}|c/)`));
    expect(offers[0]?.language).toBe('fr');
  });

  it('queues "proof rejected" with the reason, once per rejection', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Anglais B2', price: 60 });
    const buyer = await texting('Salma');
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', as(buyer))
      .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress: testShippingAddress, paymentMethod: 'Transfer' });
    expect(placed.status).toBe(201);
    const id = (placed.body as Order)._id;
    const pdf = await realPdf();
    const upload = () => request(ctx.app).post(`/api/orders/${id}/proof`).set('Authorization', as(buyer)).attach('file', pdf, 'receipt.pdf');
    const reject = (reason: string) =>
      request(ctx.app).post(`/api/orders/${id}/proof/reject`).set('Authorization', as(admin)).send({ reason });
    expect((await upload()).status).toBe(200);
    expect((await reject('Montant illisible')).status).toBe(200);
    ctx.clock.advance(60_000);
    expect((await upload()).status).toBe(200);
    expect((await reject('Wrong account')).status).toBe(200);
    const rejected = (await textsOf(buyer.user.id)).filter((t) => t.template === 'proof_rejected' && t.channel === 'sms');
    expect(rejected).toHaveLength(2);
    expect(rejected.map((t) => t.body).join('\n')).toContain('Montant illisible');
    expect(rejected.map((t) => t.body).join('\n')).toContain('Wrong account');
  });

  it('queues "session cancelled" for each buyer of the session and each person waiting, and "moved" for a moved learner', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Photographie', price: 90 });
    const first = await addSession(course.id, 2, 'Sfax', 12);
    const second = await addSession(course.id, 5, 'Sousse', 20);
    const buyer = await texting('Nour', 'ar');
    const order = await placeAndPay(buyer, course.id, first._id);
    const waiting = await texting('Yassine');
    expect((await request(ctx.app).post(`/api/sessions/${first._id}/waitlist`).set('Authorization', as(waiting))).status).toBe(201);

    const moved = await request(ctx.app)
      .post(`/api/sessions/${first._id}/move`)
      .set('Authorization', as(admin))
      .send({ order: order._id, to: second._id });
    expect(moved.status).toBe(200);
    const movedTexts = (await textsOf(buyer.user.id)).filter((t) => t.template === 'session_changed');
    expect(movedTexts.map((t) => [t.event_key, t.channel])).toEqual([
      [expect.stringMatching(new RegExp(`^session_changed:${second._id}:${order._id}:moved:`)), 'sms'],
      [expect.stringMatching(new RegExp(`^session_changed:${second._id}:${order._id}:moved:`)), 'whatsapp'],
    ]);
    expect(movedTexts[0]?.language).toBe('ar');

    // The first session, now without the moved order, is cancelled: Yassine waited for it.
    expect((await request(ctx.app).post(`/api/sessions/${first._id}/cancel`).set('Authorization', as(admin))).status).toBe(200);
    // (The seats the move freed were offered to Yassine first: that offer's texts are left out here.)
    const toldCancelled = (await textsOf(waiting.user.id)).filter((t) => t.template === 'session_changed');
    expect(toldCancelled.map((t) => [t.event_key, t.template])).toEqual([
      [`session_changed:${first._id}:waitlist:${waiting.user.id}:cancelled`, 'session_changed'],
      [`session_changed:${first._id}:waitlist:${waiting.user.id}:cancelled`, 'session_changed'],
    ]);
    // The second session is cancelled: Nour's order is, and Nour is told, once however often it is asked.
    for (let i = 0; i < 2; i += 1)
      expect((await request(ctx.app).post(`/api/sessions/${second._id}/cancel`).set('Authorization', as(admin))).status).toBe(200);
    const cancelled = (await textsOf(buyer.user.id)).filter((t) => t.event_key === `session_changed:${second._id}:${order._id}:cancelled`);
    expect(cancelled.map((t) => t.channel)).toEqual(['sms', 'whatsapp']);
  });

  it("texts named learners with a phone (issue 51): the session's reminders, a move and a cancellation, by SMS in the buyer's language, once each", async () => {
    const course = await createCourse(ctx.database.db, { name: 'Robotique', price: 70 });
    const first = await addSession(course.id, 6, 'Sfax', 6);
    const second = await addSession(course.id, 6, 'Sousse', 8);
    // The buyer has no phone: only the learners are texted.
    const parent = await createUser(ctx.database.db, ctx.config, { name: 'Salma', language: 'fr' });
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', as(parent))
      .send({
        orderItems: [
          {
            course: course.id,
            qty: 3,
            session: first._id,
            learners: [{ name: 'Yassine', phone: '98 123 456' }, { name: 'Lina', email: 'lina@example.com' }],
          },
        ],
        shippingAddress: testShippingAddress,
        paymentMethod: 'In Place',
      });
    expect(placed.status).toBe(201);
    const orderId = placed.body._id as string;
    const yassine = (placed.body as Order).orderItems[0]?.learners?.find((l) => l.name === 'Yassine');
    expect(yassine).toBeDefined();
    expect((await request(ctx.app).put(`/api/orders/${orderId}/pay`).set('Authorization', as(admin)).send({})).status).toBe(200);
    const learnerTexts = async () => {
      const result = (await ctx.database.db.execute(
        sql`select event_key, channel, phone, language, body from text_messages where recipient = ${`learner:${yassine?._id}`} order by created_at, event_key`,
      )) as unknown as { rows: { event_key: string; channel: string; phone: string; language: string; body: string }[] };
      return result.rows;
    };

    // Three days before the session, twice swept: one reminder.
    const startsAt = new Date(first.startsAt).getTime();
    ctx.clock.advance(startsAt - 3 * DAY + 60_000 - ctx.clock.now().getTime());
    const deps = { ...ctx.deps, events: ctx.app.events };
    await sweepLearnerNotices(deps);
    await sweepLearnerNotices(deps);
    expect(await learnerTexts()).toEqual([
      expect.objectContaining({ event_key: `session_reminder:${first._id}:3`, channel: 'sms', phone: '+21698123456', language: 'fr' }),
    ]);
    expect((await learnerTexts())[0]?.body).toMatch(new RegExp(`Robotique.*Sfax http://shop.test/`));
    expect((await learnerTexts())[0]?.body).not.toContain(`/order/${orderId}`);

    // Moved to the second session, then that session cancelled (twice asked): each told once.
    const moved = await request(ctx.app).post(`/api/sessions/${first._id}/move`).set('Authorization', as(admin)).send({ order: orderId, to: second._id });
    expect(moved.status).toBe(200);
    for (let i = 0; i < 2; i += 1)
      expect((await request(ctx.app).post(`/api/sessions/${second._id}/cancel`).set('Authorization', as(admin))).status).toBe(200);
    const keys = (await learnerTexts()).map((t) => t.event_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toMatch(new RegExp(`^session_changed:${second._id}:${orderId}:moved:`));
    expect(keys[2]).toBe(`session_changed:${second._id}:${orderId}:cancelled`);
    // Lina has no phone; the buyer has none either.
    expect(await textsOf(parent.user.id)).toEqual([]);
  });
});

import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tunisDay, type Course, type CourseDetail, type Order, type Session, type WaitlistEntry } from '@shop/shared';
import { certificates } from '../tables/certificates.schema.js';
import { orders } from '../tables/orders.schema.js';
import type { ServiceContext } from '../../../deps.js';
import { signUserToken } from '../../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { testShippingAddress } from '../../../test/orders.js';
import type { MailMessage } from '../../mail/mailer.js';
import { sweepWaitlists, waitlistOffersSettled } from './waitlist-offer-mails.js';

/**
 * Issue 49 (integrity, fourth round), sessions: learned only from the session's last Tunis day, a
 * session that ran cannot be cancelled, a cancelled session's waitlist is emptied and told, a
 * course that had sessions is sold only through an open one, and freed seats complete partial
 * offers first. Races as concurrent HTTP requests (PGlite and, with TEST_DATABASE_URL, PostgreSQL).
 */
let ctx: TestContext;
let admin: UserFixture;

const OFFER_MINUTES = 60;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext({ WAITLIST_OFFER_MINUTES: String(OFFER_MINUTES), SEAT_HOLD_MINUTES: '6000' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const svc = (): ServiceContext => ({ ...ctx.deps, events: ctx.app.events });
/** A bearer token valid at the test clock's now (the clock moves to sessions' last days). */
const bearer = (who: UserFixture) => `Bearer ${signUserToken(ctx.config.jwtSecret, who.user, ctx.clock.now())}`;
const users = (n: number, language: 'en' | 'fr' | 'ar' = 'en') =>
  Promise.all(Array.from({ length: n }, () => createUser(ctx.database.db, ctx.config, { language })));

/** A session from 09:00 Tunis on a day `inDays` ahead of the clock to 17:00 Tunis `length` days later. */
async function addSession(courseId: string, capacity: number, inDays = 3, length = 2): Promise<Session> {
  const start = new Date(ctx.clock.now().getTime() + inDays * DAY);
  start.setUTCHours(8, 0, 0, 0);
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', bearer(admin))
    .send({
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + (length - 1) * DAY + 8 * HOUR).toISOString(),
      schedule: '09:00-17:00',
      place: 'Tunis, Lac 2',
      capacity,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Session;
}

const order = (user: UserFixture, courseId: string, sessionId?: string, qty = 1) =>
  request(ctx.app)
    .post('/api/orders')
    .set('Authorization', bearer(user))
    .send({
      orderItems: [{ course: courseId, qty, ...(sessionId ? { session: sessionId } : {}) }],
      shippingAddress: testShippingAddress,
      paymentMethod: 'In Place',
    });
async function placed(user: UserFixture, courseId: string, sessionId: string, qty = 1): Promise<Order> {
  const res = await order(user, courseId, sessionId, qty);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Order;
}
const adminCall = (method: 'put' | 'post', path: string) =>
  request(ctx.app)[method](path).set('Authorization', bearer(admin)).send({});
const pay = async (id: string) => expect((await adminCall('put', `/api/orders/${id}/pay`)).status).toBe(200);
const learn = (id: string) => adminCall('put', `/api/orders/${id}/learn`);
const cancelSession = (id: string) => adminCall('post', `/api/sessions/${id}/cancel`);
const cancelOrder = (user: UserFixture, id: string) =>
  request(ctx.app).post(`/api/orders/${id}/cancel`).set('Authorization', bearer(user));
const join = (user: UserFixture, sessionId: string, seats = 1) =>
  request(ctx.app).post(`/api/sessions/${sessionId}/waitlist`).set('Authorization', bearer(user)).send({ seats });
async function myList(user: UserFixture): Promise<WaitlistEntry[]> {
  const res = await request(ctx.app).get('/api/waitlist').set('Authorization', bearer(user));
  expect(res.status).toBe(200);
  return res.body as WaitlistEntry[];
}
const mailsTo = (mails: MailMessage[], user: UserFixture) => mails.filter((m) => m.to === user.user.email);
async function orderStatus(id: string) {
  const [row] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}

/** Moves the test clock to an instant of Tunis time relative to a session's end: `hours` from its end. */
function clockAt(s: Session, hours: number): Date {
  const at = new Date(new Date(s.endsAt).getTime() + hours * HOUR);
  ctx.clock.advance(at.getTime() - ctx.clock.now().getTime());
  return at;
}

/** Seats left + seats offered + seats of pending, paid or learned orders = capacity. */
async function seatsOf(sessionId: string): Promise<{ seatsLeft: number; offered: number; ordered: number }> {
  const result = (await ctx.database.db.execute(sql`
    select s.capacity, s.seats_left,
      (select coalesce(sum(offer_seats), 0) from session_waitlist w where w.session_id = s.id)::integer as offered,
      (select coalesce(sum(i.qty), 0) from order_items i join orders o on o.id = i.order_id
        where i.session_id = s.id and o.status in ('pending', 'paid', 'learned'))::integer as ordered
    from sessions s where s.id = ${sessionId}::uuid
  `)) as unknown as { rows: { capacity: number; seats_left: number; offered: number; ordered: number }[] };
  const row = result.rows[0];
  if (!row) throw new Error('no such session');
  const seats = { seatsLeft: Number(row.seats_left), offered: Number(row.offered), ordered: Number(row.ordered) };
  expect(seats.seatsLeft + seats.offered + seats.ordered).toBe(Number(row.capacity));
  return seats;
}

describe('learned only from the session’s last day', () => {
  it('refuses marking learned before the Tunis day the session ends (409 SESSION_NOT_OVER), allows it from that day on', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Learned on time', availability: 0 });
    const session = await addSession(course.id, 5);
    const [buyer] = await users(1);
    if (!buyer) throw new Error('user');
    const bought = await placed(buyer, course.id, session._id);
    await pay(bought._id);

    // Upcoming, then started, then 23:30 Tunis on the day before the last: refused each time.
    for (const at of [null, new Date(session.startsAt).getTime() + HOUR]) {
      if (at) ctx.clock.advance(at - ctx.clock.now().getTime());
      const early = await learn(bought._id);
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ code: 'SESSION_NOT_OVER' });
    }
    // The session ends at 17:00 Tunis (16:00 UTC); 17.5 h before is 23:30 Tunis the day before.
    const eve = clockAt(session, -17.5);
    expect(tunisDay(eve)).not.toBe(tunisDay(session.endsAt));
    expect((await learn(bought._id)).body).toMatchObject({ code: 'SESSION_NOT_OVER' });
    expect(await orderStatus(bought._id)).toBe('paid');
    const none = await ctx.database.db.select().from(certificates).where(eq(certificates.orderId, bought._id));
    expect(none).toEqual([]);

    // 00:30 Tunis on the last day, hours before the end: allowed.
    const lastDay = clockAt(session, -15.5);
    expect(tunisDay(lastDay)).toBe(tunisDay(session.endsAt));
    const learned = await learn(bought._id);
    expect(learned.status).toBe(200);
    expect((learned.body as Order).status).toBe('learned');
  });

  it('refuses cancelling a session with a learned order (409 SESSION_HAS_LEARNED) and changes nothing', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Ran already', availability: 0 });
    const session = await addSession(course.id, 5);
    const [first, second, waiting] = await users(3);
    if (!first || !second || !waiting) throw new Error('users');
    const learnedOrder = await placed(first, course.id, session._id);
    const paidOrder = await placed(second, course.id, session._id);
    await pay(learnedOrder._id);
    await pay(paidOrder._id);
    clockAt(session, -2);
    expect((await learn(learnedOrder._id)).status).toBe(200);

    const before = ctx.sentMails.length;
    const refused = await cancelSession(session._id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'SESSION_HAS_LEARNED' });
    expect(refused.body.message).toMatch(/cannot be cancelled/);
    const detail = await request(ctx.app).get(`/api/sessions/${session._id}`).set('Authorization', bearer(admin));
    expect(detail.body.status).toBe('open');
    expect(await orderStatus(learnedOrder._id)).toBe('learned');
    expect(await orderStatus(paidOrder._id)).toBe('paid');
    // (The learned order's certificate mail may still be on its way: only cancel mails count.)
    expect(ctx.sentMails.slice(before).filter((m) => /cancel/i.test(m.subject))).toEqual([]);
  });

  it('a cancel and a learn at the same moment: exactly one wins, and the state follows it', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Cancel or learn', availability: 0 });
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const session = await addSession(course.id, 5);
      const [buyer] = await users(1);
      if (!buyer) throw new Error('user');
      const bought = await placed(buyer, course.id, session._id);
      await pay(bought._id);
      clockAt(session, -2);
      // Alternate which request leaves first.
      const [cancelled, learned] =
        round % 2 === 0
          ? await Promise.all([cancelSession(session._id), learn(bought._id)])
          : await Promise.all([learn(bought._id), cancelSession(session._id)]).then(([l, c]) => [c, l] as const);
      expect([cancelled.status, learned.status].sort()).toEqual([200, 409]);
      const issued = await ctx.database.db.select().from(certificates).where(eq(certificates.orderId, bought._id));
      if (cancelled.status === 200) {
        outcomes.add('cancel');
        expect(cancelled.body.status).toBe('cancelled');
        expect(learned.body.code).toMatch(/^(SESSION_CANCELLED|ORDER_STATE)$/);
        expect(await orderStatus(bought._id)).toBe('cancelled');
        const refund = await request(ctx.app).get(`/api/orders/${bought._id}`).set('Authorization', bearer(admin));
        expect(refund.body.refund?.status).toBe('due');
        expect(issued).toEqual([]);
      } else {
        outcomes.add('learn');
        expect(cancelled.body.code).toBe('SESSION_HAS_LEARNED');
        expect(await orderStatus(bought._id)).toBe('learned');
        expect(issued).toHaveLength(1);
        const detail = await request(ctx.app).get(`/api/sessions/${session._id}`).set('Authorization', bearer(admin));
        expect(detail.body.status).toBe('open');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe('cancelling a session with a waitlist', () => {
  it('empties the waitlist, offers included, mails each person waiting, and no offer or lapse mail follows', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Cancelled with a line', availability: 0 });
    const session = await addSession(course.id, 1);
    const [holder, offered, next] = await users(3);
    const [arabic] = await users(1, 'ar');
    if (!holder || !offered || !next || !arabic) throw new Error('users');
    const seat = await placed(holder, course.id, session._id);
    expect((await join(offered, session._id)).status).toBe(201);
    expect((await join(next, session._id)).status).toBe(201);
    expect((await join(arabic, session._id)).status).toBe(201);
    expect((await cancelOrder(holder, seat._id)).status).toBe(200);
    await waitlistOffersSettled(ctx);
    expect((await myList(offered))[0]?.offer?.seats).toBe(1);

    const before = ctx.sentMails.length;
    const res = await cancelSession(session._id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', waiting: 0 });
    for (const u of [offered, next, arabic]) expect(await myList(u)).toEqual([]);
    const line = await ctx.database.db.execute(sql`select count(*)::integer as n from session_waitlist where session_id = ${session._id}::uuid`);
    expect(Number((line as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);

    // Told once each, in their language; the one holding an offer is told it is released.
    await expect.poll(() => ctx.sentMails.slice(before).length).toBe(3);
    const mails = ctx.sentMails.slice(before);
    const [toOffered] = mailsTo(mails, offered);
    expect(toOffered?.subject).toBe('Session cancelled: Cancelled with a line');
    expect(toOffered?.text).toContain('has been cancelled by the training centre');
    expect(toOffered?.text).toContain('The seat that was held for you in it is released with it');
    expect(toOffered?.link).toBe(`${ctx.config.appUrl}/course/${course.id}`);
    const [toNext] = mailsTo(mails, next);
    expect(toNext?.subject).toBe('Session cancelled: Cancelled with a line');
    expect(toNext?.text).not.toContain('held for you');
    expect(mailsTo(mails, arabic)[0]?.subject).toBe('أُلغيت الجلسة: Cancelled with a line');

    // Past the offer's end: no lapse mail ("passed to the next person"), no offer to the next.
    ctx.clock.advance(2 * OFFER_MINUTES * MINUTE);
    await sweepWaitlists(svc());
    await waitlistOffersSettled(ctx);
    expect(ctx.sentMails.slice(before)).toHaveLength(3);
  });
});

describe('a course that had sessions is sold only through an open session', () => {
  const card = async (courseId: string) => {
    const res = await request(ctx.app).get('/api/courses').query({ limit: 100 }).expect(200);
    return (res.body as Course[]).find((c) => c._id === courseId);
  };
  const page = async (courseId: string) => (await request(ctx.app).get(`/api/courses/${courseId}`).expect(200)).body as CourseDetail;

  it('its last session cancelled: availability 0 on the list and the page, an undated line 400 SESSION_REQUIRED', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Only by session', availability: 100 });
    const session = await addSession(course.id, 4);
    const [buyer] = await users(1);
    if (!buyer) throw new Error('user');
    expect((await card(course.id))?.availability).toBe(4);
    expect((await page(course.id)).availability).toBe(4);

    expect((await cancelSession(session._id)).status).toBe(200);
    expect(await card(course.id)).toMatchObject({ availability: 0, nextSession: null });
    expect((await page(course.id)).availability).toBe(0);
    const undated = await order(buyer, course.id);
    expect(undated.status, JSON.stringify(undated.body)).toBe(400);
    expect(undated.body).toMatchObject({ code: 'SESSION_REQUIRED' });
    expect(undated.body.details?.[0]?.path).toBe('orderItems.0.session');
    const [row] = await ctx.database.db.execute(sql`select availability from courses where id = ${course.id}::uuid`).then(
      (r) => (r as unknown as { rows: { availability: number }[] }).rows,
    );
    expect(Number(row?.availability)).toBe(100);

    // A new session sells it again, through that session only.
    const next = await addSession(course.id, 2, 10);
    expect((await card(course.id))?.availability).toBe(2);
    expect((await order(buyer, course.id)).body).toMatchObject({ code: 'SESSION_REQUIRED' });
    expect((await order(buyer, course.id, next._id)).status).toBe(201);
  });

  it('its last session ended by time passing: the same, on answers cached before', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Ended by time', availability: 100 });
    const session = await addSession(course.id, 3, 1, 1);
    const [buyer] = await users(1);
    if (!buyer) throw new Error('user');
    expect((await card(course.id))?.availability).toBe(3);
    clockAt(session, 1);
    expect(await card(course.id)).toMatchObject({ availability: 0, nextSession: null });
    expect((await page(course.id)).availability).toBe(0);
    expect((await page(course.id)).sessions).toEqual([]);
    const undated = await order(buyer, course.id);
    expect(undated.status, JSON.stringify(undated.body)).toBe(400);
    expect(undated.body).toMatchObject({ code: 'SESSION_REQUIRED' });
  });

  it('a course that never had a session is still sold undated against its own seats', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Never dated', availability: 7 });
    const [buyer] = await users(1);
    if (!buyer) throw new Error('user');
    expect((await card(course.id))?.availability).toBe(7);
    expect((await order(buyer, course.id)).status).toBe(201);
    expect((await page(course.id)).availability).toBe(6);
  });
});

describe('freed seats complete partial offers first', () => {
  it('tops up the person offered fewer seats than asked before offering the next in line', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Top up in order', availability: 0 });
    const session = await addSession(course.id, 3);
    const [x, y, z, partly, next] = await users(5);
    if (!x || !y || !z || !partly || !next) throw new Error('users');
    const seats = [await placed(x, course.id, session._id), await placed(y, course.id, session._id)];
    const third = await placed(z, course.id, session._id);
    expect((await join(partly, session._id, 3)).status).toBe(201);
    expect((await join(next, session._id, 1)).status).toBe(201);
    expect((await cancelOrder(z, third._id)).status).toBe(200);
    await waitlistOffersSettled(ctx);
    expect((await myList(partly))[0]?.offer?.seats).toBe(1);

    // Two seats freed at the same moment: both complete the partial offer (1 → 3), none to the next.
    const before = ctx.sentMails.length;
    const freed = await Promise.all(seats.map((s, i) => cancelOrder(i === 0 ? x : y, s._id)));
    expect(freed.map((r) => r.status)).toEqual([200, 200]);
    await waitlistOffersSettled(ctx);
    const [mine] = await myList(partly);
    expect(mine?.offer?.seats).toBe(3);
    expect(mine?.offer?.expiresAt).not.toBeNull();
    expect((await myList(next))[0]).toMatchObject({ position: 2, offer: null });
    expect(await seatsOf(session._id)).toEqual({ seatsLeft: 0, offered: 3, ordered: 0 });
    // Told with the seats now held for them.
    const told = mailsTo(ctx.sentMails.slice(before), partly);
    expect(told.length).toBeGreaterThan(0);
    expect(told.at(-1)?.text).toContain('3 seats freed up');
    expect(mailsTo(ctx.sentMails.slice(before), next)).toEqual([]);
    expect((await placed(partly, course.id, session._id, 3)).orderItems[0]?.qty).toBe(3);
  });

  it('a seat freed while a partly offered person and the next in line wait goes to the top-up, then the next', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Top up then next', availability: 0 });
    const session = await addSession(course.id, 4);
    const [a, b, c, d, partly, next] = await users(6);
    if (!a || !b || !c || !d || !partly || !next) throw new Error('users');
    const held = await Promise.all([a, b, c, d].map((u) => placed(u, course.id, session._id)));
    expect((await join(partly, session._id, 2)).status).toBe(201);
    expect((await join(next, session._id, 1)).status).toBe(201);
    expect((await cancelOrder(a, held[0]?._id ?? '')).status).toBe(200);
    await waitlistOffersSettled(ctx);
    expect((await myList(partly))[0]?.offer?.seats).toBe(1);

    // Three seats freed at once: one completes the partial offer, one to the next, one on sale.
    const freed = await Promise.all([b, c, d].map((u, i) => cancelOrder(u, held[i + 1]?._id ?? '')));
    expect(freed.map((r) => r.status)).toEqual([200, 200, 200]);
    await waitlistOffersSettled(ctx);
    expect((await myList(partly))[0]?.offer?.seats).toBe(2);
    expect((await myList(next))[0]?.offer?.seats).toBe(1);
    expect(await seatsOf(session._id)).toEqual({ seatsLeft: 1, offered: 3, ordered: 0 });
  });
});

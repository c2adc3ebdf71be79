import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, Order, Session, WaitlistEntry } from '@shop/shared';
import { openDatabase, type Database } from '../../../db/client.js';
import type { ServiceContext } from '../../../deps.js';
import { signUserToken } from '../../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { testShippingAddress } from '../../../test/orders.js';
import type { MailMessage } from '../../mail/mailer.js';
import { sweepExpiredHolds } from '../orders/order-states.service.js';
import { sweepWaitlists, waitlistOffersSettled } from './waitlist-offer-mails.js';

let ctx: TestContext;
let admin: UserFixture;
const extraDatabases: Database[] = [];

const OFFER_MINUTES = 60;
const HOLD_MINUTES = 600;
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext({
    WAITLIST_OFFER_MINUTES: String(OFFER_MINUTES),
    SEAT_HOLD_MINUTES: String(HOLD_MINUTES),
    APP_URL: 'https://shop.example.tn',
  });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  for (const db of extraDatabases) await db.close();
  await ctx.close();
});

/** A bearer token valid at the test clock's now (the clock moves ahead). */
/** The services' context of the test app's instance. */
const svc = (): ServiceContext => ({ ...ctx.deps, events: ctx.app.events });
const tokenOf = (f: UserFixture) => signUserToken(ctx.config.jwtSecret, f.user, ctx.clock.now());

async function addSession(courseId: string, capacity: number): Promise<Session> {
  const start = new Date(ctx.clock.now().getTime() + 30 * DAY);
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', `Bearer ${tokenOf(admin)}`)
    .send({
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3 * DAY).toISOString(),
      schedule: 'Mon to Wed 9:00-17:00',
      place: 'Tunis, Lac 2',
      capacity,
    });
  expect(res.status).toBe(201);
  return res.body as Session;
}

const order = (user: UserFixture, courseId: string, sessionId: string, qty = 1) =>
  request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${tokenOf(user)}`)
    .send({
      orderItems: [{ course: courseId, qty, session: sessionId }],
      shippingAddress: testShippingAddress,
      paymentMethod: 'In Place',
    });

async function placed(
  user: UserFixture,
  courseId: string,
  sessionId: string,
  qty = 1,
): Promise<Order> {
  const res = await order(user, courseId, sessionId, qty);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Order;
}

const cancel = (user: UserFixture, orderId: string) =>
  request(ctx.app)
    .post(`/api/orders/${orderId}/cancel`)
    .set('Authorization', `Bearer ${tokenOf(user)}`);
const join = (user: UserFixture, sessionId: string, body?: object) => {
  const req = request(ctx.app)
    .post(`/api/sessions/${sessionId}/waitlist`)
    .set('Authorization', `Bearer ${tokenOf(user)}`);
  return body ? req.send(body) : req;
};
const leave = (user: UserFixture, sessionId: string) =>
  request(ctx.app)
    .delete(`/api/sessions/${sessionId}/waitlist`)
    .set('Authorization', `Bearer ${tokenOf(user)}`);
async function myList(user: UserFixture): Promise<WaitlistEntry[]> {
  const res = await request(ctx.app)
    .get('/api/waitlist')
    .set('Authorization', `Bearer ${tokenOf(user)}`);
  expect(res.status).toBe(200);
  return res.body as WaitlistEntry[];
}
const sessionOnPage = async (courseId: string, sessionId: string) =>
  ((await request(ctx.app).get(`/api/courses/${courseId}`)).body as CourseDetail).sessions.find(
    (s) => s._id === sessionId,
  );

const users = (n: number, language: 'en' | 'fr' | 'ar' = 'en') =>
  Promise.all(
    Array.from({ length: n }, () => createUser(ctx.database.db, ctx.config, { language })),
  );

/**
 * The seats of a session are never counted twice nor lost: seats left + seats offered + seats of
 * pending, paid or learned orders = capacity.
 */
async function expectSeatsAddUp(
  sessionId: string,
): Promise<{ seatsLeft: number; offered: number; ordered: number }> {
  const result = (await ctx.database.db.execute(sql`
    select s.capacity, s.seats_left,
      (select coalesce(sum(offer_seats), 0) from session_waitlist w where w.session_id = s.id)::integer as offered,
      (select coalesce(sum(i.qty), 0) from order_items i join orders o on o.id = i.order_id
        where i.session_id = s.id and o.status in ('pending', 'paid', 'learned'))::integer as ordered
    from sessions s where s.id = ${sessionId}::uuid
  `)) as unknown as {
    rows: { capacity: number; seats_left: number; offered: number; ordered: number }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('no such session');
  expect(Number(row.seats_left) + Number(row.offered) + Number(row.ordered)).toBe(
    Number(row.capacity),
  );
  return {
    seatsLeft: Number(row.seats_left),
    offered: Number(row.offered),
    ordered: Number(row.ordered),
  };
}

const mailsTo = (mails: MailMessage[], user: UserFixture) =>
  mails.filter((m) => m.to === user.user.email);

/** A full session of `capacity` seats, each taken by its own order; answers the buyers' orders. */
async function fullSession(capacity: number, name = 'Excel for accountants') {
  const course = await createCourse(ctx.database.db, { name });
  const session = await addSession(course.id, capacity);
  const buyers = await users(capacity);
  const orders = [];
  for (const b of buyers) orders.push(await placed(b, course.id, session._id));
  return { course, session, buyers, orders };
}

describe('waitlist: join, leave, list', () => {
  it('answers positions in line, 409s, 404s, 400s and 401, and the course page counts who waits', async () => {
    const { course, session } = await fullSession(2);
    const [a, b, c] = await users(3);
    if (!a || !b || !c) throw new Error('users');
    expect((await join(a, session._id)).body).toEqual({ position: 1 });
    const second = await join(b, session._id, { seats: 2 });
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ position: 2 });
    const again = await join(a, session._id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_WAITING');
    expect((await join(c, session._id, { seats: 11 })).status).toBe(400);
    expect((await join(c, session._id, { seats: 0 })).status).toBe(400);
    expect((await join(c, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await request(ctx.app).post(`/api/sessions/${session._id}/waitlist`)).status).toBe(401);
    expect((await request(ctx.app).get('/api/waitlist')).status).toBe(401);
    expect((await sessionOnPage(course.id, session._id))?.waiting).toBe(2);

    const [entry] = await myList(b);
    expect(entry).toMatchObject({
      session: { _id: session._id, status: 'full', seatsLeft: 0, waiting: 2 },
      course: { _id: course.id, name: 'Excel for accountants' },
      position: 2,
      offer: null,
    });
    expect((await leave(a, session._id)).status).toBe(200);
    expect((await leave(a, session._id)).status).toBe(404);
    expect((await myList(b))[0]?.position).toBe(1);
    expect(await myList(a)).toEqual([]);
    expect((await sessionOnPage(course.id, session._id))?.waiting).toBe(1);

    // A session with seats left: order them instead.
    const open = await addSession(course.id, 5);
    const refused = await join(c, open._id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SEATS_LEFT');
  });
});

describe('waitlist offers', () => {
  it('two seats freed at once go to the first two in line; others get 409; the offered customer orders them', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Python basics' });
    const session = await addSession(course.id, 3);
    const [x, y, a, b, c, d] = await users(6);
    if (!x || !y || !a || !b || !c || !d) throw new Error('users');
    const big = await placed(x, course.id, session._id, 2);
    await placed(y, course.id, session._id, 1);
    for (const u of [a, b, c]) expect((await join(u, session._id)).status).toBe(201);
    const before = ctx.sentMails.length;

    expect((await cancel(x, big._id)).status).toBe(200);
    await waitlistOffersSettled(ctx);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 2, ordered: 1 });
    const mails = ctx.sentMails.slice(before);
    expect(mailsTo(mails, a)).toHaveLength(1);
    expect(mailsTo(mails, b)).toHaveLength(1);
    expect(mailsTo(mails, c)).toHaveLength(0);
    const mail = mailsTo(mails, a)[0];
    expect(mail?.subject).toBe('A seat is waiting for you: Python basics');
    expect(mail?.link).toBe(`https://shop.example.tn/course/${course.id}?session=${session._id}`);
    expect(mail?.text).toContain('Held until: ');
    expect(mail?.text).toContain('(Tunis time)');

    // Offered seats are not on sale: the page shows none, others (in line or not) get 409.
    expect((await sessionOnPage(course.id, session._id))?.seatsLeft).toBe(0);
    expect((await order(c, course.id, session._id)).status).toBe(409);
    expect((await order(d, course.id, session._id)).status).toBe(409);
    // Only the seats offered: a held seat plus none left is not two.
    expect((await order(a, course.id, session._id, 2)).status).toBe(409);

    const [offerA] = await myList(a);
    expect(offerA?.offer?.seats).toBe(1);
    const until = Date.parse(offerA?.offer?.expiresAt ?? '');
    expect(until).toBeLessThanOrEqual(ctx.clock.now().getTime() + OFFER_MINUTES * MINUTE);
    expect(until).toBeGreaterThan(ctx.clock.now().getTime() + OFFER_MINUTES * MINUTE - 30_000);

    const got = await placed(a, course.id, session._id, 1);
    expect(got.orderItems[0]?.session?._id).toBe(session._id);
    expect(await myList(a)).toEqual([]);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 1, ordered: 2 });
    expect((await myList(c))[0]).toMatchObject({ position: 2, offer: null });
  });

  it('an offer for 2 seats ordered with 1: the rest passes to the next in line', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Rest passes on' });
    const session = await addSession(course.id, 2);
    const [x, a, b] = await users(3);
    if (!x || !a || !b) throw new Error('users');
    const big = await placed(x, course.id, session._id, 2);
    await join(a, session._id, { seats: 2 });
    await join(b, session._id);
    await cancel(x, big._id);
    await waitlistOffersSettled(ctx);
    expect((await myList(a))[0]?.offer?.seats).toBe(2);
    const before = ctx.sentMails.length;
    await placed(a, course.id, session._id, 1);
    await waitlistOffersSettled(ctx);
    expect((await myList(b))[0]?.offer?.seats).toBe(1);
    expect(mailsTo(ctx.sentMails.slice(before), b)).toHaveLength(1);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 1, ordered: 1 });
  });

  it('an offer not taken passes to the next in line, then back on sale', async () => {
    const { course, session, buyers, orders } = await fullSession(1, 'Lapsing');
    const [a, b] = await users(2);
    if (!a || !b) throw new Error('users');
    await join(a, session._id);
    await join(b, session._id);
    await cancel(buyers[0] as UserFixture, orders[0]?._id ?? '');
    await waitlistOffersSettled(ctx);
    expect((await myList(a))[0]?.offer?.seats).toBe(1);

    // A minute before the offer's end (the test clock also moves with real time: a loaded host
    // spent more than a second between the mail and this sweep), then a second past it.
    ctx.clock.advance(OFFER_MINUTES * MINUTE - MINUTE);
    await sweepWaitlists(svc());
    expect((await myList(a))[0]?.offer?.seats).toBe(1);
    const before = ctx.sentMails.length;
    ctx.clock.advance(MINUTE + 1000);
    await sweepWaitlists(svc());
    expect(await myList(a)).toEqual([]);
    expect((await myList(b))[0]).toMatchObject({ position: 1, offer: { seats: 1 } });
    expect(mailsTo(ctx.sentMails.slice(before), b)).toHaveLength(1);
    // a is told, once, that the seat passed on and they left the line.
    await expect.poll(() => mailsTo(ctx.sentMails.slice(before), a).length).toBe(1);
    const [lapsedMail] = mailsTo(ctx.sentMails.slice(before), a);
    expect(lapsedMail?.subject).toBe('Your held seat was released: Lapsing');
    expect(lapsedMail?.text).toContain(
      'The seat held for you in this session of Lapsing was not ordered in time: it has passed to the next person in line, and you have left the waitlist.',
    );
    expect(lapsedMail?.text).toContain('join the waitlist again from the course page');
    expect(lapsedMail?.link).toBe(`${ctx.config.appUrl}/course/${course.id}?session=${session._id}`);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 1, ordered: 0 });
    // a, whose offer lapsed, cannot take it meanwhile.
    expect((await order(a, course.id, session._id)).status).toBe(409);

    ctx.clock.advance(OFFER_MINUTES * MINUTE + 1000);
    await sweepWaitlists(svc());
    expect(await myList(b)).toEqual([]);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 1, offered: 0, ordered: 0 });
    expect((await sessionOnPage(course.id, session._id))?.seatsLeft).toBe(1);
    expect((await order(a, course.id, session._id)).status).toBe(201);
  });

  it('leaving with an offer passes the seats on', async () => {
    const { session, buyers, orders } = await fullSession(1, 'Leaving');
    const [a, b] = await users(2);
    if (!a || !b) throw new Error('users');
    await join(a, session._id);
    await join(b, session._id);
    await cancel(buyers[0] as UserFixture, orders[0]?._id ?? '');
    await waitlistOffersSettled(ctx);
    expect((await leave(a, session._id)).status).toBe(200);
    await waitlistOffersSettled(ctx);
    expect((await myList(b))[0]?.offer?.seats).toBe(1);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 1, ordered: 0 });
  });

  it('a raised capacity is offered to the line first, the rest goes on sale', async () => {
    const { course, session } = await fullSession(2, 'Capacity');
    const [a, b] = await users(2);
    if (!a || !b) throw new Error('users');
    await join(a, session._id, { seats: 2 });
    await join(b, session._id);
    const res = await request(ctx.app)
      .put(`/api/sessions/${session._id}`)
      .set('Authorization', `Bearer ${tokenOf(admin)}`)
      .send({
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        schedule: session.schedule,
        place: session.place,
        capacity: 6,
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ capacity: 6, seatsLeft: 1 });
    await waitlistOffersSettled(ctx);
    expect((await myList(a))[0]?.offer?.seats).toBe(2);
    expect((await myList(b))[0]?.offer?.seats).toBe(1);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 1, offered: 3, ordered: 2 });
    expect((await sessionOnPage(course.id, session._id))?.seatsLeft).toBe(1);
  });

  it('mails the offer in the account language (French, Arabic right to left), naming the course in it (issue 54)', async () => {
    const { course, session, buyers, orders } = await fullSession(2, 'Accounting');
    await ctx.database.db.execute(sql`update courses set name_fr = 'Comptabilité', name_ar = 'المحاسبة' where id = ${course.id}`);
    const [fr] = await users(1, 'fr');
    const [ar] = await users(1, 'ar');
    if (!fr || !ar) throw new Error('users');
    await join(fr, session._id);
    await join(ar, session._id);
    const before = ctx.sentMails.length;
    await cancel(buyers[0] as UserFixture, orders[0]?._id ?? '');
    await cancel(buyers[1] as UserFixture, orders[1]?._id ?? '');
    await waitlistOffersSettled(ctx);
    const [frMail] = mailsTo(ctx.sentMails.slice(before), fr);
    expect(frMail?.subject).toBe('Une place vous attend : Comptabilité');
    expect(frMail?.text).toContain("Réservée jusqu'au : ");
    // Hours on a 24-hour clock, as in Tunisia (fr-TN alone would write 9:00 AM).
    expect(frMail?.text).toMatch(/Réservée jusqu'au : .* à \d{2}:\d{2} \(heure de Tunis\)/);
    expect(frMail?.text).toContain(`/course/${course.id}?session=${session._id}`);
    expect(frMail?.html).toContain('lang="fr"');
    const [arMail] = mailsTo(ctx.sentMails.slice(before), ar);
    expect(arMail?.subject).toContain('المحاسبة');
    expect(arMail?.subject).not.toContain('Accounting');
    expect(arMail?.text).toMatch(/محجوز حتى: .* في \d{2}:\d{2} \(/);
    expect(arMail?.html).toContain('dir="rtl"');
  });
});

describe('waitlist under concurrency', () => {
  /** Another connection pool on the same database (PostgreSQL), as another instance has; PGlite has one. */
  async function otherPool(): Promise<Database> {
    if (ctx.database.kind !== 'postgres') return ctx.database;
    const result = (await ctx.database.db.execute(
      sql`select current_database() as name`,
    )) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
    url.pathname = `/${result.rows[0]?.name ?? ''}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    extraDatabases.push(database);
    return database;
  }
  function instance(database: Database): ServiceContext & { mails: MailMessage[] } {
    const mails: MailMessage[] = [];
    return {
      database,
      config: ctx.config,
      clock: ctx.clock,
      logger: ctx.deps.logger,
      events: ctx.app.events,
      mailer: {
        send: async (m) => {
          // A slow SMTP server: the other instance sweeps meanwhile.
          await new Promise((r) => setTimeout(r, 5));
          mails.push(m);
        },
      },
      mails,
    };
  }

  it('two seats freed by concurrent cancels go to two different people', async () => {
    const { session, buyers, orders } = await fullSession(2, 'Concurrent cancels');
    const line = await users(3);
    for (const u of line) await join(u, session._id);
    const res = await Promise.all(
      [0, 1].map((i) => cancel(buyers[i] as UserFixture, orders[i]?._id ?? '')),
    );
    expect(res.map((r) => r.status)).toEqual([200, 200]);
    await waitlistOffersSettled(ctx);
    const offers = await Promise.all(
      line.map(async (u) => (await myList(u))[0]?.offer?.seats ?? 0),
    );
    expect(offers).toEqual([1, 1, 0]);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 2, ordered: 0 });
  });

  it('two instances expiring holds and claiming offers: each offer mailed once, each lapse passed on once', async () => {
    const a = instance(ctx.database);
    const b = instance(await otherPool());
    const sessions = [];
    const waiting: UserFixture[][] = [];
    for (let i = 0; i < 4; i++) {
      const course = await createCourse(ctx.database.db, { name: `Race ${i}` });
      const session = await addSession(course.id, 2);
      for (const u of await users(2)) await placed(u, course.id, session._id);
      const line = await users(4);
      for (const u of line) await join(u, session._id);
      sessions.push(session);
      waiting.push(line);
    }
    const mailedBefore = ctx.sentMails.length;
    // Every hold ends; two instances expire them and mail the offers at the same time.
    ctx.clock.advance(HOLD_MINUTES * MINUTE + MINUTE);
    await Promise.all([
      sweepExpiredHolds(a),
      sweepExpiredHolds(b),
      sweepWaitlists(a),
      sweepWaitlists(b),
    ]);
    await Promise.all([sweepWaitlists(a), sweepWaitlists(b)]);
    await Promise.all([
      waitlistOffersSettled(a),
      waitlistOffersSettled(b),
      waitlistOffersSettled(ctx),
    ]);
    const all = () => [...a.mails, ...b.mails, ...ctx.sentMails.slice(mailedBefore)];
    for (const [i, session] of sessions.entries()) {
      expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 2, ordered: 0 });
      const line = waiting[i] ?? [];
      expect(line.map((u) => mailsTo(all(), u).length)).toEqual([1, 1, 0, 0]);
    }
    // Both instances did some of the work on PostgreSQL (two pools); the sum is exact either way.
    expect(waiting.flat().reduce((n, u) => n + mailsTo(all(), u).length, 0)).toBe(8);

    // The offers lapse; both instances sweep at once: each passes on exactly once, and each
    // person whose offer lapsed is told once.
    ctx.clock.advance(OFFER_MINUTES * MINUTE + MINUTE);
    await Promise.all([sweepWaitlists(a), sweepWaitlists(b), sweepWaitlists(a), sweepWaitlists(b)]);
    const told = (u: UserFixture, subject: string) =>
      mailsTo(all(), u).filter((m) => m.subject.startsWith(subject)).length;
    await expect
      .poll(() => waiting.flat().reduce((n, u) => n + told(u, 'Your held seat was released'), 0))
      .toBe(8);
    for (const [i, session] of sessions.entries()) {
      expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 2, ordered: 0 });
      const line = waiting[i] ?? [];
      expect(line.map((u) => told(u, 'A seat is waiting for you'))).toEqual([1, 1, 1, 1]);
      expect(line.map((u) => told(u, 'Your held seat was released'))).toEqual([1, 1, 0, 0]);
      expect((await myList(line[0] as UserFixture)).length).toBe(0);
      expect((await myList(line[2] as UserFixture))[0]).toMatchObject({
        position: 1,
        offer: { seats: 1 },
      });
    }
  }, 120_000);

  it('customers racing for offered seats: only the offered one gets them, the seats add up', async () => {
    const { course, session, buyers, orders } = await fullSession(1, 'Race for a held seat');
    const [a] = await users(1);
    if (!a) throw new Error('users');
    await join(a, session._id);
    const others = await users(5);
    const [cancelled, ...attempts] = await Promise.all([
      cancel(buyers[0] as UserFixture, orders[0]?._id ?? ''),
      ...others.map((u) => order(u, course.id, session._id)),
    ]);
    expect(cancelled?.status).toBe(200);
    await waitlistOffersSettled(ctx);
    // The cancel's seat went to the waitlist in the same transaction: nobody else bought it.
    expect(attempts.map((r) => r.status).filter((s) => s === 201)).toEqual([]);
    const [mine, ...again] = await Promise.all([
      order(a, course.id, session._id),
      ...others.map((u) => order(u, course.id, session._id)),
    ]);
    expect(mine?.status).toBe(201);
    expect(again.every((r) => r.status === 409)).toBe(true);
    expect(await expectSeatsAddUp(session._id)).toEqual({ seatsLeft: 0, offered: 0, ordered: 1 });
  });
});

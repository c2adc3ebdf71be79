import { and, eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderEvent, Session } from '@shop/shared';
import { orderItems, orders } from '../tables/orders.schema.js';
import { sessions, sessionWaitlist } from '../tables/sessions.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { testShippingAddress } from '../../../test/orders.js';

let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({ MAX_UNPAID_SEATS: '1000', MAX_UNPAID_ORDERS: '100' });
  admin = await createAdmin(ctx.database.db, ctx.config);
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amira Trabelsi' });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
/** An iCalendar text with its folded lines joined again (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const body = (days: number, capacity: number, extra: Record<string, unknown> = {}) => {
  const start = new Date(ctx.clock.now().getTime() + days * DAY);
  return {
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    schedule: 'Tue and Thu 18:00-20:00',
    place: 'Tunis, Lac 2',
    capacity,
    ...extra,
  };
};

async function addSession(
  courseId: string,
  days: number,
  capacity: number,
  extra: Record<string, unknown> = {},
) {
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', `Bearer ${admin.token}`)
    .send(body(days, capacity, extra));
  expect(res.status).toBe(201);
  return res.body as Session;
}

const order = (
  user: UserFixture,
  course: string,
  session: string,
  qty = 1,
  paymentMethod = 'In Place',
) =>
  request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({
      orderItems: [{ course, qty, session }],
      shippingAddress: testShippingAddress,
      paymentMethod,
    });

async function placed(user: UserFixture, course: string, session: string, qty = 1): Promise<Order> {
  const res = await order(user, course, session, qty);
  expect(res.status).toBe(201);
  return res.body as Order;
}

const move = (from: string, payload: Record<string, unknown>, token = admin.token) =>
  request(ctx.app)
    .post(`/api/sessions/${from}/move`)
    .set('Authorization', `Bearer ${token}`)
    .send(payload);

const pay = (id: string) =>
  request(ctx.app)
    .put(`/api/orders/${id}/pay`)
    .set('Authorization', `Bearer ${admin.token}`)
    .send({});

async function seatsLeft(id: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ s: sessions.seatsLeft })
    .from(sessions)
    .where(eq(sessions.id, id));
  return row?.s ?? -1;
}

/** capacity = seats left + seats of pending/paid lines + seats held for waitlist offers, for each session. */
async function expectSeatsConserved(ids: string[]): Promise<void> {
  const { db } = ctx.database;
  for (const id of ids) {
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    const [held] = await db
      .select({ n: sql<number>`coalesce(sum(${orderItems.qty}), 0)::integer`.mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.sessionId, id), inArray(orders.status, ['pending', 'paid'])));
    const [offered] = await db
      .select({
        n: sql<number>`coalesce(sum(${sessionWaitlist.offerSeats}), 0)::integer`.mapWith(Number),
      })
      .from(sessionWaitlist)
      .where(eq(sessionWaitlist.sessionId, id));
    expect(row?.seatsLeft).toBeGreaterThanOrEqual(0);
    expect((row?.seatsLeft ?? 0) + (held?.n ?? 0) + (offered?.n ?? 0)).toBe(row?.capacity);
  }
}

describe('POST /api/sessions/{id}/move', () => {
  it('moves a paid learner: seats, order line, history, calendar and a mail in their language', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Anglais B1' });
    const from = await addSession(course.id, 10, 8);
    const to = await addSession(course.id, 40, 5, {
      schedule: 'Sat 09:00-12:00',
      place: 'Sfax, centre ville',
    });
    const learner = await createUser(ctx.database.db, ctx.config, {
      language: 'fr',
      name: 'Salma Ben Ali',
    });
    const mine = await placed(learner, course.id, from._id, 2);
    expect((await pay(mine._id)).status).toBe(200);
    expect([await seatsLeft(from._id), await seatsLeft(to._id)]).toEqual([6, 5]);
    const before = ctx.sentMails.length;

    const res = await move(from._id, { order: mine._id, to: to._id });
    expect(res.status).toBe(200);
    const moved = res.body as Order;
    expect(moved.status).toBe('paid');
    expect(moved.orderItems[0]?.session).toMatchObject({
      _id: to._id,
      startsAt: to.startsAt,
      place: 'Sfax, centre ville',
    });
    expect([await seatsLeft(from._id), await seatsLeft(to._id)]).toEqual([8, 3]);
    await expectSeatsConserved([from._id, to._id]);

    // The learner sees it on the order too, and the roster of each session follows.
    const own = await request(ctx.app)
      .get(`/api/orders/${mine._id}`)
      .set('Authorization', `Bearer ${learner.token}`);
    expect(own.body.orderItems[0].session._id).toBe(to._id);
    const rosterOf = async (id: string) =>
      (
        await request(ctx.app)
          .get(`/api/sessions/${id}/roster`)
          .set('Authorization', `Bearer ${admin.token}`)
      ).body as {
        order: string;
      }[];
    expect((await rosterOf(from._id)).map((r) => r.order)).not.toContain(mine._id);
    expect((await rosterOf(to._id)).map((r) => r.order)).toContain(mine._id);

    // History: a `moved` line by the admin with the start of both sessions.
    const history = (
      await request(ctx.app)
        .get(`/api/orders/${mine._id}/history`)
        .set('Authorization', `Bearer ${admin.token}`)
    ).body as OrderEvent[];
    expect(history.at(-1)).toMatchObject({
      action: 'moved',
      actor: { role: 'admin', _id: admin.user.id },
      from: 'paid',
      to: 'paid',
      moved: { from: from.startsAt, to: to.startsAt },
    });

    // The order's calendar answers the new session only.
    const ics = await request(ctx.app)
      .get(`/api/orders/${mine._id}/calendar.ics`)
      .set('Authorization', `Bearer ${learner.token}`);
    expect(ics.status).toBe(200);
    const orderIcs = unfold(ics.text);
    expect(orderIcs).toContain(`UID:${mine._id}-${to._id}@`);
    expect(orderIcs).not.toContain(from._id);
    expect(orderIcs).toContain('LOCATION:Sfax\\, centre ville');

    // The mail: French, new dates, schedule and place, the old start, the .ics with old event cancelled.
    await new Promise((r) => setTimeout(r, 50));
    const mails = ctx.sentMails.slice(before).filter((m) => m.to === learner.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Votre session de Anglais B1 a changé');
    expect(mail.text).toContain('Le centre a déplacé votre place en Anglais B1');
    expect(mail.text).toContain('Horaires : Sat 09:00-12:00');
    expect(mail.text).toContain('Lieu : Sfax, centre ville');
    expect(mail.text).toMatch(/Début : .*2\d\d\d/);
    expect(mail.text).toContain('Au lieu de la session commençant le');
    const attachment = mail.attachments?.[0];
    expect(attachment?.filename).toBe('session.ics');
    const calendar = unfold(String(attachment?.content));
    expect(calendar).toContain(`UID:${mine._id}-${to._id}@`);
    expect(calendar).toMatch(new RegExp(`UID:${mine._id}-${from._id}@[^]*?STATUS:CANCELLED`));
    expect(calendar).toContain('SEQUENCE:1');
  });

  it('moves a pending order and mails English and Arabic learners in their language', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Python' });
    const from = await addSession(course.id, 12, 6);
    const to = await addSession(course.id, 30, 6);
    const arabic = await createUser(ctx.database.db, ctx.config, { language: 'ar' });
    const english = await placed(buyer, course.id, from._id, 1);
    const arabicOrder = await placed(arabic, course.id, from._id, 1);
    const before = ctx.sentMails.length;
    expect((await move(from._id, { order: english._id, to: to._id })).status).toBe(200);
    expect((await move(from._id, { order: arabicOrder._id, to: to._id })).body.status).toBe(
      'pending',
    );
    await new Promise((r) => setTimeout(r, 50));
    const mails = ctx.sentMails.slice(before);
    expect(mails.find((m) => m.to === buyer.user.email)?.subject).toBe(
      'Your session of Python has changed',
    );
    expect(mails.find((m) => m.to === buyer.user.email)?.text).toContain('Place: Tunis, Lac 2');
    expect(mails.find((m) => m.to === arabic.user.email)?.subject).toBe('تغيّرت دورتك في Python');
    expect([await seatsLeft(from._id), await seatsLeft(to._id)]).toEqual([6, 4]);
  });

  it('refuses with clear 4xx: same session, other course, unknown ids, not enough seats, closed target, order state', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Comptabilité' });
    const otherCourse = await createCourse(ctx.database.db, { name: 'Other' });
    const from = await addSession(course.id, 10, 10);
    const small = await addSession(course.id, 20, 1);
    const cancelled = await addSession(course.id, 25, 10);
    const ended = await addSession(course.id, -3, 10);
    const foreign = await addSession(otherCourse.id, 20, 10);
    const mine = await placed(buyer, course.id, from._id, 2);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await request(ctx.app)
          .post(`/api/sessions/${cancelled._id}/cancel`)
          .set('Authorization', `Bearer ${admin.token}`)
      ).status,
    ).toBe(200);

    const same = await move(from._id, { order: mine._id, to: from._id });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('The target session is the session the learner is in already');
    const other = await move(from._id, { order: mine._id, to: foreign._id });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/another course/);
    expect((await move(from._id, { order: mine._id })).status).toBe(400);
    expect((await move(from._id, { order: 42, to: small._id })).status).toBe(400);

    expect((await move(unknown, { order: mine._id, to: small._id })).body.message).toBe(
      'Session not found',
    );
    expect((await move(from._id, { order: mine._id, to: unknown })).status).toBe(404);
    expect((await move(from._id, { order: unknown, to: small._id })).body.message).toBe(
      'Order not found',
    );
    expect((await move(from._id, { order: 'nope', to: small._id })).status).toBe(404);
    const notThere = await move(small._id, { order: mine._id, to: from._id });
    expect(notThere.status).toBe(404);
    expect(notThere.body.message).toBe('This order has no seats in this session');

    const full = await move(from._id, { order: mine._id, to: small._id });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'SEATS_LEFT', seatsLeft: 1 });
    expect(full.body.message).toMatch(
      /^Not enough seats left for Comptabilité \(\d{4}-\d\d-\d\d\): 1 left, 2 needed$/,
    );
    expect((await move(from._id, { order: mine._id, to: cancelled._id })).body.message).toBe(
      'The target session was cancelled: choose another one',
    );
    const endedAnswer = await move(from._id, { order: mine._id, to: ended._id });
    expect(endedAnswer.status).toBe(409);
    expect(endedAnswer.body.message).toBe('The target session has ended: choose another one');

    expect((await move(from._id, { order: mine._id, to: small._id }, buyer.token)).status).toBe(
      403,
    );
    expect(
      (
        await request(ctx.app)
          .post(`/api/sessions/${from._id}/move`)
          .send({ order: mine._id, to: small._id })
      ).status,
    ).toBe(401);

    // Nothing moved by any refusal.
    expect([await seatsLeft(from._id), await seatsLeft(small._id)]).toEqual([8, 1]);

    // A cancelled order has no seats to move.
    expect(
      (
        await request(ctx.app)
          .post(`/api/orders/${mine._id}/cancel`)
          .set('Authorization', `Bearer ${buyer.token}`)
      ).status,
    ).toBe(200);
    const gone = await move(from._id, { order: mine._id, to: small._id });
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ code: 'ORDER_STATE', status: 'cancelled' });
    expect(gone.body.message).toBe(
      'Only a pending or paid order can be moved; this order is cancelled',
    );
    await expectSeatsConserved([from._id, small._id, cancelled._id]);
  });

  it('offers the seats freed in a full source session to the first in its waitlist, in the same move', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Full course' });
    const from = await addSession(course.id, 10, 2);
    const to = await addSession(course.id, 30, 5);
    const first = await placed(buyer, course.id, from._id, 1);
    const second = await createUser(ctx.database.db, ctx.config);
    await placed(second, course.id, from._id, 1);
    const waiting = await createUser(ctx.database.db, ctx.config);
    const join = await request(ctx.app)
      .post(`/api/sessions/${from._id}/waitlist`)
      .set('Authorization', `Bearer ${waiting.token}`)
      .send({});
    expect(join.status).toBe(201);

    expect((await move(from._id, { order: first._id, to: to._id })).status).toBe(200);
    // The freed seat is held for the person waiting, not back on sale.
    expect(await seatsLeft(from._id)).toBe(0);
    const [offer] = await ctx.database.db
      .select({ seats: sessionWaitlist.offerSeats })
      .from(sessionWaitlist)
      .where(eq(sessionWaitlist.userId, waiting.user.id));
    expect(offer?.seats).toBe(1);
    const someoneElse = await createUser(ctx.database.db, ctx.config);
    expect((await order(someoneElse, course.id, from._id, 1)).status).toBe(409);
    await expectSeatsConserved([from._id, to._id]);
  });

  it('never oversells the target while customers order its last seats during moves (seats conserved)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const course = await createCourse(ctx.database.db, {
        name: `Race ${round}`,
        availability: 100,
      });
      const from = await addSession(course.id, 10, 10);
      const to = await addSession(course.id, 30, 4);
      const learners = await Promise.all(
        Array.from({ length: 4 }, () => createUser(ctx.database.db, ctx.config)),
      );
      const movers = await Promise.all(learners.map((l) => placed(l, course.id, from._id, 1)));
      expect((await pay(movers[0]!._id)).status).toBe(200);
      const buyers = await Promise.all(
        Array.from({ length: 6 }, () => createUser(ctx.database.db, ctx.config)),
      );

      const [moves, orders] = await Promise.all([
        Promise.all(movers.map((m) => move(from._id, { order: m._id, to: to._id }))),
        Promise.all(buyers.map((b) => order(b, course.id, to._id, 1, 'Card'))),
      ]);
      for (const m of moves) {
        expect([200, 409]).toContain(m.status);
        if (m.status === 409)
          expect(m.body.message).toMatch(
            /^Not enough seats left for Race \d \(.*\): 0 left, 1 needed$/,
          );
      }
      for (const o of orders) expect([201, 409]).toContain(o.status);
      const movedIn = moves.filter((m) => m.status === 200).length;
      const sold = orders.filter((o) => o.status === 201).length;
      // The target's 4 seats went, exactly, to moves and orders together: never one more.
      expect(movedIn + sold).toBe(4);
      expect(await seatsLeft(to._id)).toBe(0);
      expect(await seatsLeft(from._id)).toBe(6 + movedIn);
      await expectSeatsConserved([from._id, to._id]);
    }
  });
});

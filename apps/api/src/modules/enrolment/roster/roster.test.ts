import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  sessionDays,
  tunisDay,
  type Order,
  type OrderEvent,
  type RosterRow,
  type Session,
  type SessionLearnedResult,
} from '@shop/shared';
import { certificates } from '../tables/certificates.schema.js';
import { orders } from '../tables/orders.schema.js';
import { signUserToken } from '../../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { adminOrderAction, testShippingAddress } from '../../../test/orders.js';

/**
 * Issue 34: a session's roster, attendance (save, replace, validation), its CSV and "mark
 * learned" for several orders at once, through the API as the admin page calls it.
 */
let ctx: TestContext;
let admin: UserFixture;
let plain: UserFixture;
let amira: UserFixture;
let sami: UserFixture;
let mariam: UserFixture;
let outsider: UserFixture;
let session: Session;
let other: Session;
let days: string[];
const placed: Record<string, Order> = {};

const DAY = 86_400_000;
/** A bearer token valid at the test clock's now (the clock moves to the sessions' last days). */
const auth = (who: UserFixture) => ({
  Authorization: `Bearer ${signUserToken(ctx.config.jwtSecret, who.user, ctx.clock.now())}`,
});
const pay = async (orderId: string) =>
  expect((await request(ctx.app).put(`/api/orders/${orderId}/pay`).set(auth(admin)).send({})).status).toBe(200);
/** Moves the test clock to the morning (10:00 Tunis) of a session's last day: before its end, on its day. */
function toLastMorning(s: Session): void {
  const morning = new Date(new Date(s.endsAt).getTime() - 7 * 3_600_000);
  expect(tunisDay(morning)).toBe(tunisDay(s.endsAt));
  ctx.clock.advance(morning.getTime() - ctx.clock.now().getTime());
}

async function addSession(
  courseId: string,
  startInDays: number,
  lengthDays: number,
): Promise<Session> {
  // 09:00 Tunis (08:00 UTC) on the first day to 17:00 Tunis on the last.
  const start = new Date(ctx.clock.now().getTime() + startInDays * DAY);
  start.setUTCHours(8, 0, 0, 0);
  const end = new Date(start.getTime() + (lengthDays - 1) * DAY + 8 * 3_600_000);
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set(auth(admin))
    .send({
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      schedule: '09:00-17:00',
      place: 'Tunis, Lac 2',
      capacity: 20,
    });
  expect(res.status).toBe(201);
  return res.body as Session;
}

async function order(
  user: UserFixture,
  courseId: string,
  sessionId: string,
  qty: number,
): Promise<Order> {
  const res = await request(ctx.app)
    .post('/api/orders')
    .set(auth(user))
    .send({
      orderItems: [{ course: courseId, qty, session: sessionId }],
      shippingAddress: testShippingAddress,
      paymentMethod: 'In Place',
    });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const roster = async (id = session._id) => {
  const res = await request(ctx.app).get(`/api/sessions/${id}/roster`).set(auth(admin));
  expect(res.status).toBe(200);
  return res.body as RosterRow[];
};

const saveDay = (date: string, present: string[], who = admin, id = session._id) =>
  request(ctx.app).put(`/api/sessions/${id}/attendance`).set(auth(who)).send({ date, present });

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  admin = await createAdmin(db, ctx.config, { name: 'Admin Centre' });
  plain = await createUser(db, ctx.config, { name: 'Plain Customer' });
  amira = await createUser(db, ctx.config, { name: 'Amira Trabelsi', email: 'amira@example.com' });
  sami = await createUser(db, ctx.config, {
    name: 'Ben Ali, Sami "Sam"',
    email: 'sami@example.com',
    language: 'fr',
  });
  mariam = await createUser(db, ctx.config, {
    name: 'مريم الزواري',
    email: 'mariam@example.com',
    language: 'ar',
  });
  outsider = await createUser(db, ctx.config, { name: 'Other Session Learner' });
  const course = await createCourse(db, { name: 'Excel for accountants', availability: 0 });
  session = await addSession(course.id, 10, 3);
  other = await addSession(course.id, 30, 1);
  days = sessionDays(session.startsAt, session.endsAt);

  placed['amira'] = await order(amira, course.id, session._id, 2);
  await adminOrderAction(ctx, admin, placed['amira']._id, 'pay');
  placed['sami'] = await order(sami, course.id, session._id, 1);
  placed['mariam'] = await order(mariam, course.id, session._id, 1);
  await adminOrderAction(ctx, admin, placed['mariam']._id, 'pay');
  // Cancelled: its seats went back, it is no longer on the roster.
  placed['cancelled'] = await order(plain, course.id, session._id, 3);
  await adminOrderAction(ctx, admin, placed['cancelled']._id, 'cancel');
  placed['outsider'] = await order(outsider, course.id, other._id, 1);
  await adminOrderAction(ctx, admin, placed['outsider']._id, 'pay');
});
afterAll(() => ctx.close());

describe('roster', () => {
  it('lists the pending, paid and learned orders of the session, with every day unticked', async () => {
    expect(days).toHaveLength(3);
    const rows = await roster();
    expect(rows.map((r) => [r.learner.name, r.qty, r.status])).toEqual([
      ['Amira Trabelsi', 2, 'paid'],
      ['Ben Ali, Sami "Sam"', 1, 'pending'],
      ['مريم الزواري', 1, 'paid'],
    ]);
    const first = rows[0];
    expect(first).toEqual({
      order: placed['amira']?._id,
      learner: { _id: amira.user.id, name: 'Amira Trabelsi', email: 'amira@example.com' },
      // Issue 51: the buyer's unnamed seats, with the buyer and no company beside.
      named: false,
      buyer: { _id: amira.user.id, name: 'Amira Trabelsi', email: 'amira@example.com' },
      company: null,
      certificateWithheld: null,
      qty: 2,
      status: 'paid',
      attendance: Object.fromEntries(days.map((d) => [d, false])),
    });
  });

  it('answers the session with its course name for the page header', async () => {
    const res = await request(ctx.app).get(`/api/sessions/${session._id}`).set(auth(admin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: session._id,
      courseName: 'Excel for accountants',
      capacity: 20,
      seatsLeft: 16,
    });
  });

  it('is for admins only, and 404 for an unknown session', async () => {
    expect((await request(ctx.app).get(`/api/sessions/${session._id}/roster`)).status).toBe(401);
    expect(
      (await request(ctx.app).get(`/api/sessions/${session._id}/roster`).set(auth(plain))).status,
    ).toBe(403);
    expect(
      (await request(ctx.app).get(`/api/sessions/${session._id}/attendance.csv`).set(auth(plain)))
        .status,
    ).toBe(403);
    expect((await saveDay(days[0] ?? '', [], plain)).status).toBe(403);
    expect(
      (
        await request(ctx.app)
          .put(`/api/sessions/${session._id}/attendance`)
          .send({ date: days[0], present: [] })
      ).status,
    ).toBe(401);
    const unknown = await request(ctx.app)
      .get(`/api/sessions/${randomUUID()}/roster`)
      .set(auth(admin));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Session not found');
    expect(
      (await request(ctx.app).get('/api/sessions/not-an-id/roster').set(auth(admin))).status,
    ).toBe(404);
  });
});

describe('attendance', () => {
  it('saves a day, keeps other days, and replaces the day on the next save', async () => {
    const [d1, d2] = days as [string, string, string];
    let res = await saveDay(d1, [amira.user.id, mariam.user.id]);
    expect(res.status).toBe(200);
    const ticks = (rows: RosterRow[], day: string) =>
      Object.fromEntries(rows.map((r) => [r.learner.name, r.attendance[day]]));
    expect(ticks(res.body as RosterRow[], d1)).toEqual({
      'Amira Trabelsi': true,
      'Ben Ali, Sami "Sam"': false,
      'مريم الزواري': true,
    });

    res = await saveDay(d2, [sami.user.id, sami.user.id]);
    expect(res.status).toBe(200);
    // The day saved again replaces its ticks (Amira unticked), the other day stays.
    res = await saveDay(d1, [mariam.user.id]);
    expect(res.status).toBe(200);
    const rows = await roster();
    expect(ticks(rows, d1)).toEqual({
      'Amira Trabelsi': false,
      'Ben Ali, Sami "Sam"': false,
      'مريم الزواري': true,
    });
    expect(ticks(rows, d2)).toEqual({
      'Amira Trabelsi': false,
      'Ben Ali, Sami "Sam"': true,
      'مريم الزواري': false,
    });
  });

  it('refuses days outside the session with a clear message', async () => {
    const before = new Date(Date.parse(`${days[0]}T12:00:00Z`) - DAY).toISOString().slice(0, 10);
    const after = new Date(Date.parse(`${days[2]}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    for (const date of [before, after]) {
      const res = await saveDay(date, [mariam.user.id]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `Date must be a day of the session, from ${days[0]} to ${days[2]} (Tunis time)`,
      );
    }
    const one = await saveDay(before, [], admin, other._id);
    expect(one.status).toBe(400);
    expect(one.body.message).toMatch(
      /^Date must be the day of the session: \d{4}-\d{2}-\d{2} \(Tunis time\)$/,
    );
    for (const date of ['2027-02-30', 'tomorrow', ''])
      expect((await saveDay(date, [])).status).toBe(400);
    const badBody = await request(ctx.app)
      .put(`/api/sessions/${session._id}/attendance`)
      .set(auth(admin))
      .send({ date: days[0], present: 'all' });
    expect(badBody.status).toBe(400);
    // Nothing was written by the refusals.
    expect(
      (await roster()).find((r) => r.learner._id === mariam.user.id)?.attendance[days[0] ?? ''],
    ).toBe(true);
  });

  it('refuses learners who are not in the roster (another session, a cancelled order, no such id)', async () => {
    for (const stranger of [outsider.user.id, plain.user.id, randomUUID(), 'nonsense']) {
      const res = await saveDay(days[1] ?? '', [sami.user.id, stranger]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Not a learner of this session: ${stranger}`);
    }
    expect(
      (await roster()).find((r) => r.learner._id === sami.user.id)?.attendance[days[1] ?? ''],
    ).toBe(true);
  });

  it('keeps both saves whole when two days are saved at the same moment', async () => {
    const [, , d3] = days as [string, string, string];
    const results = await Promise.all([
      saveDay(d3, [amira.user.id, sami.user.id]),
      saveDay(d3, [mariam.user.id]),
      saveDay(d3, [amira.user.id, sami.user.id]),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const present = (await roster())
      .filter((r) => r.attendance[d3])
      .map((r) => r.learner._id)
      .sort();
    // One save or the other, never a mix.
    expect([[amira.user.id, sami.user.id].sort(), [mariam.user.id]]).toContainEqual(present);
    await saveDay(d3, []);
  });
});

describe('attendance CSV', () => {
  it('is UTF-8 with a BOM, a row per learner, a column per day, names quoted', async () => {
    const res = await request(ctx.app)
      .get(`/api/sessions/${session._id}/attendance.csv`)
      .set(auth(admin))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="attendance-${days[0]}.csv"`,
    );
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('"Ben Ali, Sami ""Sam"""');
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Name', 'E-mail', 'Seats', 'Order state', ...days, 'Days present', 'Bought by', 'Company']);
    expect(rows.slice(1)).toEqual([
      ['Amira Trabelsi', 'amira@example.com', '2', 'paid', '0', '0', '0', '0', '', ''],
      ['Ben Ali, Sami "Sam"', 'sami@example.com', '1', 'pending', '0', '1', '0', '1', '', ''],
      ['مريم الزواري', 'mariam@example.com', '1', 'paid', '1', '0', '0', '1', '', ''],
    ]);
  });
});

describe('mark learned in bulk', () => {
  it('marks the paid orders learned, reports the others, and one refusal undoes nothing', async () => {
    const mailsBefore = ctx.sentMails.length;
    const wanted = [
      placed['amira']?._id,
      placed['sami']?._id,
      placed['mariam']?._id,
      placed['outsider']?._id,
      randomUUID(),
    ] as string[];
    // Issue 49: before the session's last day, every paid order is refused, SESSION_NOT_OVER.
    const early = await request(ctx.app)
      .post(`/api/sessions/${session._id}/learned`)
      .set(auth(admin))
      .send({ orders: wanted });
    expect(early.status).toBe(200);
    expect((early.body as SessionLearnedResult).map((r) => [r.result, r.code, r.reason])).toEqual([
      ['refused', 409, 'SESSION_NOT_OVER'],
      ['refused', 409, 'ORDER_STATE'],
      ['refused', 409, 'SESSION_NOT_OVER'],
      ['refused', 404, 'NOT_FOUND'],
      ['refused', 404, 'NOT_FOUND'],
    ]);

    toLastMorning(session);
    const res = await request(ctx.app)
      .post(`/api/sessions/${session._id}/learned`)
      .set(auth(admin))
      .send({ orders: wanted });
    expect(res.status).toBe(200);
    const results = res.body as SessionLearnedResult;
    expect(results.map((r) => [r.order, r.result, r.code])).toEqual([
      [wanted[0], 'learned', null],
      [wanted[1], 'refused', 409],
      [wanted[2], 'learned', null],
      [wanted[3], 'refused', 404],
      [wanted[4], 'refused', 404],
    ]);
    expect(results[1]?.message).toMatch(/paid/i);
    expect(results[3]?.message).toBe('This order has no seats in this session');

    const rows = await ctx.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, wanted.slice(0, 4)));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [wanted[0] ?? '']: 'learned',
      [wanted[1] ?? '']: 'pending',
      [wanted[2] ?? '']: 'learned',
      [wanted[3] ?? '']: 'paid',
    });
    // A certificate each, mailed in the learner's language; the history has the admin's line.
    const issued = await ctx.database.db
      .select({ order: certificates.orderId })
      .from(certificates)
      .where(inArray(certificates.orderId, wanted.slice(0, 4)));
    expect(issued.map((c) => c.order).sort()).toEqual([wanted[0], wanted[2]].sort());
    await vi.waitFor(
      () => {
        const sent = ctx.sentMails.slice(mailsBefore);
        expect(sent.find((m) => m.to === 'amira@example.com')?.subject).toBe(
          'Your certificate: Excel for accountants',
        );
        expect(sent.find((m) => m.to === 'mariam@example.com')?.subject).toBe(
          'شهادتك: Excel for accountants',
        );
        expect(sent.some((m) => m.to === 'sami@example.com')).toBe(false);
        // The certificate's PDF is drawn before its mail leaves: slow on a busy machine.
      },
      { timeout: 20_000, interval: 100 },
    );
    const history = await request(ctx.app).get(`/api/orders/${wanted[0]}/history`).set(auth(admin));
    expect((history.body as OrderEvent[]).at(-1)).toMatchObject({
      action: 'learned',
      from: 'paid',
      to: 'learned',
      actor: { _id: admin.user.id },
    });
    // Learned orders stay on the roster.
    expect((await roster()).map((r) => r.status)).toEqual(['learned', 'pending', 'learned']);
  });

  it('learns each order once when two admins mark the same orders at the same moment', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Race course', availability: 0 });
    const s = await addSession(course.id, 5, 1);
    const learners = await Promise.all(
      [1, 2, 3].map((i) => createUser(ctx.database.db, ctx.config, { name: `Racer ${i}` })),
    );
    const ids: string[] = [];
    for (const l of learners) {
      const o = await order(l, course.id, s._id, 1);
      await pay(o._id);
      ids.push(o._id);
    }
    toLastMorning(s);
    const answers = await Promise.all(
      [0, 1].map(() =>
        request(ctx.app)
          .post(`/api/sessions/${s._id}/learned`)
          .set(auth(admin))
          .send({ orders: ids }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const id of ids) {
      const outcomes = answers.map((a) =>
        (a.body as SessionLearnedResult).find((r) => r.order === id),
      );
      expect(outcomes.filter((o) => o?.result === 'learned')).toHaveLength(1);
      expect(outcomes.filter((o) => o?.result === 'refused' && o.code === 409)).toHaveLength(1);
    }
    const issued = await ctx.database.db
      .select({ order: certificates.orderId })
      .from(certificates)
      .where(inArray(certificates.orderId, ids));
    expect(issued).toHaveLength(3);
    const [row] = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, ids[0] ?? ''));
    expect(row?.status).toBe('learned');
  });

  it('validates the body', async () => {
    for (const body of [
      {},
      { orders: [] },
      { orders: 'all' },
      { orders: Array.from({ length: 501 }, () => randomUUID()) },
    ]) {
      const res = await request(ctx.app)
        .post(`/api/sessions/${session._id}/learned`)
        .set(auth(admin))
        .send(body);
      expect(res.status).toBe(400);
    }
    expect(
      (
        await request(ctx.app)
          .post(`/api/sessions/${session._id}/learned`)
          .set(auth(plain))
          .send({ orders: [randomUUID()] })
      ).status,
    ).toBe(403);
  });
});

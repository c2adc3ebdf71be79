import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sessionDays, tunisDay, type Order, type RosterRow, type Session } from '@shop/shared';
import { signUserToken } from '../../../lib/user-tokens.js';
import { createTestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { adminOrderAction, testShippingAddress } from '../../../test/orders.js';

/**
 * Issue 51: the roster, attendance, CSV and certificates per named learner. An HR officer buys
 * 3 seats for a company, names them later; the admin ticks attendance per learner and marks the
 * order learned once the session is over: three certificates, one per learner.
 */
const DAY = 86_400_000;

async function setUp(env: Record<string, string> = {}) {
  const ctx = await createTestContext(env);
  const { db } = ctx.database;
  const admin = await createAdmin(db, ctx.config);
  const hr = await createUser(db, ctx.config, { name: 'Hela RH', email: 'hela@company.tn' });
  const course = await createCourse(db, { name: 'Excel for Business', availability: 0 });
  const auth = (who: UserFixture) => ({
    Authorization: `Bearer ${signUserToken(ctx.config.jwtSecret, who.user, ctx.clock.now())}`,
  });
  const start = new Date(ctx.clock.now().getTime() + 5 * DAY);
  start.setUTCHours(8, 0, 0, 0);
  const created = await request(ctx.app)
    .post(`/api/courses/${course.id}/sessions`)
    .set(auth(admin))
    .send({
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 1 * DAY + 8 * 3_600_000).toISOString(),
      schedule: '09:00-17:00',
      place: 'Tunis',
      capacity: 20,
    });
  expect(created.status).toBe(201);
  const session = created.body as Session;
  const placed = await request(ctx.app)
    .post('/api/orders')
    .set(auth(hr))
    .send({
      orderItems: [{ course: course.id, qty: 3, session: session._id }],
      shippingAddress: testShippingAddress,
      paymentMethod: 'In Place',
      invoiceTo: { name: 'Société Alpha SARL', taxId: '1234567AAM000' },
    });
  expect(placed.status).toBe(201);
  const order = placed.body as Order;
  await adminOrderAction(ctx, admin, order._id, 'pay');
  return { ctx, admin, hr, session, order, auth };
}

describe('an HR officer names 3 seats later; roster, attendance and certificates per learner', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.ctx.close());

  const roster = async () => {
    const res = await request(s.ctx.app).get(`/api/sessions/${s.session._id}/roster`).set(s.auth(s.admin));
    expect(res.status).toBe(200);
    return res.body as RosterRow[];
  };

  it('lists the buyer with the unnamed seats until names are given, then one row per learner', async () => {
    const before = await roster();
    expect(before.map((r) => [r.learner.name, r.qty, r.named, r.company, r.buyer.name])).toEqual([
      ['Hela RH', 3, false, 'Société Alpha SARL', 'Hela RH'],
    ]);
    const named = await request(s.ctx.app)
      .put(`/api/orders/${s.order._id}/lines/${s.order.orderItems[0]!._id}/learners`)
      .set(s.auth(s.hr))
      .send({
        learners: [
          { name: 'Karim Ayari', email: 'karim@company.tn' },
          { name: 'Nour Ben Salah' },
          { name: 'Olfa Jaziri', email: 'olfa@company.tn' },
        ],
      });
    expect(named.status).toBe(200);
    const rows = await roster();
    expect(rows.map((r) => [r.learner.name, r.learner.email, r.qty, r.named])).toEqual([
      ['Karim Ayari', 'karim@company.tn', 1, true],
      ['Nour Ben Salah', null, 1, true],
      ['Olfa Jaziri', 'olfa@company.tn', 1, true],
    ]);
    expect(rows.every((r) => r.buyer.email === 'hela@company.tn' && r.company === 'Société Alpha SARL')).toBe(true);
    const ids = (named.body as Order).orderItems[0]!.learners.map((l) => l._id);
    expect(rows.map((r) => r.learner._id)).toEqual(ids);
  });

  it('ticks attendance per learner; refuses the buyer once every seat is named; the CSV follows the rows', async () => {
    const rows = await roster();
    const days = sessionDays(s.session.startsAt, s.session.endsAt);
    const [karim, nour] = rows;
    const saved = await request(s.ctx.app)
      .put(`/api/sessions/${s.session._id}/attendance`)
      .set(s.auth(s.admin))
      .send({ date: days[0], present: [karim!.learner._id, nour!.learner._id] });
    expect(saved.status).toBe(200);
    const after = saved.body as RosterRow[];
    expect(after.map((r) => r.attendance[days[0]!])).toEqual([true, true, false]);
    const buyer = await request(s.ctx.app)
      .put(`/api/sessions/${s.session._id}/attendance`)
      .set(s.auth(s.admin))
      .send({ date: days[0], present: [s.hr.user.id] });
    expect(buyer.status).toBe(400);
    const csv = await request(s.ctx.app).get(`/api/sessions/${s.session._id}/attendance.csv`).set(s.auth(s.admin));
    const records = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r['Name'], r['Seats'], r[days[0]!], r['Bought by'], r['Company']])).toEqual([
      ['Karim Ayari', '1', '1', 'Hela RH', 'Société Alpha SARL'],
      ['Nour Ben Salah', '1', '1', 'Hela RH', 'Société Alpha SARL'],
      ['Olfa Jaziri', '1', '0', 'Hela RH', 'Société Alpha SARL'],
    ]);
  });

  it('marks learned once the session is over: three certificates in the learners’ names, listed for the buyer', async () => {
    const lastDay = new Date(new Date(s.session.endsAt).getTime() - 3_600_000);
    expect(tunisDay(lastDay)).toBe(tunisDay(new Date(s.session.endsAt)));
    s.ctx.clock.advance(lastDay.getTime() - s.ctx.clock.now().getTime());
    const learned = await request(s.ctx.app)
      .post(`/api/sessions/${s.session._id}/learned`)
      .set(s.auth(s.admin))
      .send({ orders: [s.order._id] });
    expect(learned.status).toBe(200);
    expect(learned.body[0].result).toBe('learned');
    const mine = await request(s.ctx.app).get('/api/certificates').set(s.auth(s.hr));
    expect(mine.status).toBe(200);
    const names = (mine.body as { learner: string }[]).map((c) => c.learner).sort();
    expect(names).toEqual(['Karim Ayari', 'Nour Ben Salah', 'Olfa Jaziri']);
    // Each has its own check page.
    for (const c of mine.body as { _id: string; learner: string }[]) {
      const check = await request(s.ctx.app).get(`/api/certificates/${c._id}`);
      expect([check.status, check.body.learner]).toEqual([200, c.learner]);
    }
    // Locked now.
    const late = await request(s.ctx.app)
      .put(`/api/orders/${s.order._id}/lines/${s.order.orderItems[0]!._id}/learners`)
      .set(s.auth(s.hr))
      .send({ learners: [] });
    expect([late.status, late.body.code]).toEqual([409, 'LEARNERS_LOCKED']);
  });
});

describe('CERTIFICATE_MIN_ATTENDANCE', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ CERTIFICATE_MIN_ATTENDANCE: '50' });
  });
  afterAll(() => s.ctx.close());

  it('withholds the certificate of a learner present on too few days, the roster saying why; the buyer’s unnamed seats count the buyer', async () => {
    const line = s.order.orderItems[0]!;
    const named = await request(s.ctx.app)
      .put(`/api/orders/${s.order._id}/lines/${line._id}/learners`)
      .set(s.auth(s.hr))
      .send({ learners: [{ name: 'Present Always' }, { name: 'Never Came' }] });
    const [present] = (named.body as Order).orderItems[0]!.learners;
    const days = sessionDays(s.session.startsAt, s.session.endsAt);
    expect(days).toHaveLength(2);
    await request(s.ctx.app)
      .put(`/api/sessions/${s.session._id}/attendance`)
      .set(s.auth(s.admin))
      .send({ date: days[0], present: [present!._id, s.hr.user.id] })
      .expect(200);
    const rows = (await request(s.ctx.app).get(`/api/sessions/${s.session._id}/roster`).set(s.auth(s.admin))).body as RosterRow[];
    expect(rows.map((r) => [r.learner.name, r.certificateWithheld])).toEqual([
      ['Present Always', null],
      ['Never Came', 'Present 0 of 2 days; a certificate needs 50 %'],
      ['Hela RH', null],
    ]);
    s.ctx.clock.advance(new Date(s.session.endsAt).getTime() + 1000 - s.ctx.clock.now().getTime());
    await adminOrderAction(s.ctx, s.admin, s.order._id, 'learn');
    const mine = await request(s.ctx.app).get('/api/certificates').set(s.auth(s.hr));
    expect((mine.body as { learner: string }[]).map((c) => c.learner).sort()).toEqual(['Hela RH', 'Present Always']);
  });
});

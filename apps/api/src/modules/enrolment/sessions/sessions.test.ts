import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, CourseDetail, Order, Session } from '@shop/shared';
import { auditEvents } from '../../audit/audit.schema.js';
import { orders } from '../tables/orders.schema.js';
import { sessions } from '../tables/sessions.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { testShippingAddress } from '../../../test/orders.js';
import { sweepExpiredHolds } from '../orders/order-states.service.js';

let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;

const HOLD_MINUTES = 60;
beforeAll(async () => {
  ctx = await createTestContext({ SEAT_HOLD_MINUTES: String(HOLD_MINUTES), MAX_UNPAID_SEATS: '1000' });
  admin = await createAdmin(ctx.database.db, ctx.config);
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amira Trabelsi' });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
/** A session body `days` days from now (the test clock's now), two hours long. */
const body = (days: number, capacity = 12, extra: Record<string, unknown> = {}) => {
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

async function addSession(courseId: string, days: number, capacity = 12): Promise<Session> {
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', `Bearer ${admin.token}`)
    .send(body(days, capacity));
  expect(res.status).toBe(201);
  return res.body as Session;
}

const order = (user: UserFixture, items: Record<string, unknown>[], paymentMethod = 'In Place') =>
  request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({ orderItems: items, shippingAddress: testShippingAddress, paymentMethod });

async function seatsLeft(id: string): Promise<number> {
  const [row] = await ctx.database.db.select({ s: sessions.seatsLeft }).from(sessions).where(eq(sessions.id, id));
  return row?.s ?? -1;
}

const detail = async (id: string) => (await request(ctx.app).get(`/api/courses/${id}`)).body as CourseDetail;

describe('sessions: admin add, edit, validation', () => {
  it('adds a session with all seats left, lists it on the course page and records it', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Business English', availability: 4 });
    const later = await addSession(course.id, 40, 8);
    const sooner = await addSession(course.id, 10, 12);
    expect(sooner).toMatchObject({ course: course.id, capacity: 12, seatsLeft: 12, status: 'open', waiting: 0, place: 'Tunis, Lac 2' });
    const page = await detail(course.id);
    expect(page.sessions.map((s) => s._id)).toEqual([sooner._id, later._id]);
    // With sessions, the course sells the seats of its sessions.
    expect(page.availability).toBe(20);
    const audit = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, sooner._id));
    expect(audit.map((e) => e.action)).toEqual(['created']);
  });

  it('refuses bad bodies with clear 400s and non-admins with 401/403', async () => {
    const course = await createCourse(ctx.database.db);
    const post = (b: unknown, token = admin.token) =>
      request(ctx.app).post(`/api/courses/${course.id}/sessions`).set('Authorization', `Bearer ${token}`).send(b as object);
    const start = body(5);
    const backwards = await post({ ...start, endsAt: new Date(Date.parse(start.startsAt) - 1000).toISOString() });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('End must be after start');
    expect((await post(body(5, 0))).status).toBe(400);
    expect((await post(body(5, 10_001))).status).toBe(400);
    expect((await post(body(5, 3, { place: 'x'.repeat(201) }))).status).toBe(400);
    expect((await post(body(5, 3, { startsAt: 'next tuesday' }))).status).toBe(400);
    expect((await post(body(5), buyer.token)).status).toBe(403);
    const unknown = await request(ctx.app)
      .post('/api/courses/00000000-0000-4000-8000-000000000000/sessions')
      .set('Authorization', `Bearer ${admin.token}`)
      .send(body(5));
    expect(unknown.status).toBe(404);
  });

  it('edits capacity by moving seats left, never below the seats taken (409 with the number)', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Excel' });
    const session = await addSession(course.id, 7, 10);
    expect((await order(buyer, [{ course: course.id, qty: 4, session: session._id }])).status).toBe(201);
    const put = (b: unknown) =>
      request(ctx.app).put(`/api/sessions/${session._id}`).set('Authorization', `Bearer ${admin.token}`).send(b as object);
    // The course page (cached under the catalogue version) follows the edit.
    expect((await detail(course.id)).sessions[0]).toMatchObject({ capacity: 10, seatsLeft: 6 });
    const raised = await put({ ...body(7, 15), startsAt: session.startsAt, endsAt: session.endsAt, place: 'Online' });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ capacity: 15, seatsLeft: 11, place: 'Online' });
    expect((await detail(course.id)).sessions[0]).toMatchObject({ capacity: 15, seatsLeft: 11, place: 'Online' });
    const tooLow = await put({ ...body(7, 3), startsAt: session.startsAt, endsAt: session.endsAt });
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.message).toBe('Capacity cannot be below the 4 seats already taken');
    const exact = await put({ ...body(7, 4), startsAt: session.startsAt, endsAt: session.endsAt });
    expect(exact.body).toMatchObject({ capacity: 4, seatsLeft: 0, status: 'full' });
    const missing = await request(ctx.app)
      .put('/api/sessions/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${admin.token}`)
      .send(body(7));
    expect(missing.status).toBe(404);
  });
});

describe('sessions in the catalogue', () => {
  it('answers nextSession on each card (null without sessions) and the seats of its sessions', async () => {
    const keyword = `sess${Date.now()}`;
    const withSessions = await createCourse(ctx.database.db, { name: `${keyword} dated`, availability: 99 });
    const without = await createCourse(ctx.database.db, { name: `${keyword} plain`, availability: 7 });
    const first = await addSession(withSessions.id, 3, 5);
    await addSession(withSessions.id, 30, 6);
    const list = await request(ctx.app).get(`/api/courses?keyword=${keyword}`);
    expect(list.status).toBe(200);
    const byId = new Map((list.body as Course[]).map((c) => [c._id, c]));
    expect(byId.get(withSessions.id)?.nextSession).toEqual({ _id: first._id, startsAt: first.startsAt, seatsLeft: 5 });
    expect(byId.get(withSessions.id)?.availability).toBe(11);
    expect(byId.get(without.id)?.nextSession).toBeNull();
    expect(byId.get(without.id)?.availability).toBe(7);
    // The same on a page without a keyword (another statement: newest first along its index).
    const plain = await request(ctx.app).get('/api/courses?sort=date&limit=100');
    const plainCard = (plain.body as Course[]).find((c) => c._id === withSessions.id);
    expect(plainCard?.nextSession).toEqual({ _id: first._id, startsAt: first.startsAt, seatsLeft: 5 });
    expect(plainCard?.availability).toBe(11);
    expect((plain.body as Course[]).find((c) => c._id === without.id)?.nextSession).toBeNull();
    // Past an offset (the page's courses are found first, their sessions read after): the second newest.
    const second = await request(ctx.app).get('/api/courses?sort=date&limit=1&page=2&from=0');
    expect((second.body as Course[]).map((c) => [c._id, c.nextSession, c.availability])).toEqual([
      [withSessions.id, { _id: first._id, startsAt: first.startsAt, seatsLeft: 5 }, 11],
    ]);
    // The cached list follows a session's seats (the catalogue version moves with sessions).
    expect((await order(buyer, [{ course: withSessions.id, qty: 2, session: first._id }])).status).toBe(201);
    const again = await request(ctx.app).get(`/api/courses?keyword=${keyword}`);
    const card = (again.body as Course[]).find((c) => c._id === withSessions.id);
    expect(card?.nextSession?.seatsLeft).toBe(3);
    expect(card?.availability).toBe(9);
  });
});

describe('ordering per session', () => {
  it('requires a session for a course with open sessions, refuses bad ones, answers the line session', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Python', availability: 50 });
    const other = await createCourse(ctx.database.db, { name: 'Other' });
    const session = await addSession(course.id, 9, 6);
    const foreign = await addSession(other.id, 9, 6);

    const none = await order(buyer, [{ course: course.id, qty: 1 }]);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'SESSION_REQUIRED' });
    const wrongCourse = await order(buyer, [{ course: course.id, qty: 1, session: foreign._id }]);
    expect(wrongCourse.status).toBe(400);
    expect(wrongCourse.body.message).toBe('Session not found for this course');
    const malformed = await order(buyer, [{ course: course.id, qty: 1, session: 'nope' }]);
    expect(malformed.status).toBe(400);
    const tooMany = await order(buyer, [{ course: course.id, qty: 7, session: session._id }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(/^Not enough seats left for Python \(\d{4}-\d{2}-\d{2}\)$/);

    const placed = await order(buyer, [{ course: course.id, qty: 2, session: session._id }]);
    expect(placed.status).toBe(201);
    const line = (placed.body as Order).orderItems[0];
    expect(line?.session).toMatchObject({
      _id: session._id,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      schedule: session.schedule,
      place: session.place,
    });
    // Issue 51: a pending order's line never carries the online link.
    expect(line?.session).not.toHaveProperty('meetingUrl');
    expect(await seatsLeft(session._id)).toBe(4);
    // The course's own seats are untouched: the session's were taken.
    const read = await request(ctx.app).get(`/api/orders/${(placed.body as Order)._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(read.body.orderItems[0].session._id).toBe(session._id);
  });

  it('refuses an ended or cancelled session with a clear message', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Ended' });
    const open = await addSession(course.id, 20, 5);
    const ended = await addSession(course.id, 1, 5);
    await ctx.database.db
      .update(sessions)
      .set({ startsAt: new Date(Date.now() - 3 * DAY), endsAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(sessions.id, ended._id));
    const late = await order(buyer, [{ course: course.id, qty: 1, session: ended._id }]);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This session has ended: choose another one');
    const cancelled = await request(ctx.app).post(`/api/sessions/${open._id}/cancel`).set('Authorization', `Bearer ${admin.token}`);
    expect(cancelled.body.status).toBe('cancelled');
    const refused = await order(buyer, [{ course: course.id, qty: 1, session: open._id }]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This session was cancelled: choose another one');
    // No open session left: the course page lists none.
    expect((await detail(course.id)).sessions).toEqual([]);
  });

  it('sells the last 3 seats of a session to exactly 3 of 20 simultaneous buyers', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Cabin Crew Prep', availability: 100 });
    const session = await addSession(course.id, 15, 3);
    const other = await addSession(course.id, 45, 10);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx.database.db, ctx.config)));
    const answers = await Promise.all(buyers.map((b) => order(b, [{ course: course.id, qty: 1, session: session._id }], 'Card')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(await seatsLeft(session._id)).toBe(0);
    expect(await seatsLeft(other._id)).toBe(10);
    expect((await detail(course.id)).sessions[0]?.status).toBe('full');
  });

  it('gives seats back to the right session on cancel and on expiry', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Art' });
    const a = await addSession(course.id, 12, 10);
    const b = await addSession(course.id, 50, 10);
    const first = (await order(buyer, [{ course: course.id, qty: 3, session: a._id }])).body as Order;
    const second = (await order(buyer, [{ course: course.id, qty: 2, session: b._id }])).body as Order;
    expect([await seatsLeft(a._id), await seatsLeft(b._id)]).toEqual([7, 8]);
    const cancel = await request(ctx.app).post(`/api/orders/${first._id}/cancel`).set('Authorization', `Bearer ${buyer.token}`);
    expect(cancel.status).toBe(200);
    expect([await seatsLeft(a._id), await seatsLeft(b._id)]).toEqual([10, 8]);
    ctx.clock.advance((HOLD_MINUTES + 1) * 60_000);
    await sweepExpiredHolds({ ...ctx.deps, events: ctx.app.events });
    const [expired] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, second._id));
    expect(expired?.status).toBe('expired');
    expect([await seatsLeft(a._id), await seatsLeft(b._id)]).toEqual([10, 10]);
    // A late payment takes the seats of its session again.
    const paid = await request(ctx.app).put(`/api/orders/${second._id}/pay`).set('Authorization', `Bearer ${admin.token}`).send({});
    expect(paid.status).toBe(200);
    expect(await seatsLeft(b._id)).toBe(8);
  });

  it('keeps capacity edits and concurrent orders consistent (never oversold, never below taken)', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Soft skills' });
    const session = await addSession(course.id, 25, 10);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx.database.db, ctx.config)));
    const edit = (capacity: number) =>
      request(ctx.app)
        .put(`/api/sessions/${session._id}`)
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ ...body(25, capacity), startsAt: session.startsAt, endsAt: session.endsAt });
    const [edits, orderAnswers] = await Promise.all([
      Promise.all([edit(6), edit(5), edit(7)]),
      Promise.all(buyers.map((b) => order(b, [{ course: course.id, qty: 1, session: session._id }], 'Card'))),
    ]);
    const sold = orderAnswers.filter((a) => a.status === 201).length;
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, session._id));
    expect(row).toBeDefined();
    // Seats taken = capacity - seats left equals the seats sold, whatever order things ran in.
    expect((row?.capacity ?? 0) - (row?.seatsLeft ?? 0)).toBe(sold);
    for (const e of edits) {
      expect([200, 409]).toContain(e.status);
      if (e.status === 409) expect(e.body.message).toMatch(/^Capacity cannot be below the \d+ seats? already taken$/);
    }
    expect(orderAnswers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
  });
});

describe('cancelling a session', () => {
  it('cancels unpaid orders with seats back, owes paid ones a refund and mails each learner', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Francais A2' });
    const session = await addSession(course.id, 30, 10);
    const frenchBuyer = await createUser(ctx.database.db, ctx.config, { language: 'fr' });
    const unpaid = (await order(buyer, [{ course: course.id, qty: 2, session: session._id }])).body as Order;
    const paid = (await order(frenchBuyer, [{ course: course.id, qty: 1, session: session._id }])).body as Order;
    expect((await request(ctx.app).put(`/api/orders/${paid._id}/pay`).set('Authorization', `Bearer ${admin.token}`).send({})).status).toBe(200);
    const before = ctx.sentMails.length;

    const res = await request(ctx.app).post(`/api/sessions/${session._id}/cancel`).set('Authorization', `Bearer ${admin.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: session._id, status: 'cancelled' });
    const read = async (id: string) =>
      (await request(ctx.app).get(`/api/orders/${id}`).set('Authorization', `Bearer ${admin.token}`)).body as Order;
    expect((await read(unpaid._id)).status).toBe('cancelled');
    const refunded = await read(paid._id);
    expect(refunded.status).toBe('cancelled');
    expect(refunded.refund).toMatchObject({ status: 'due', amount: paid.totalPrice });
    await new Promise((r) => setTimeout(r, 50));
    const mails = ctx.sentMails.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([buyer.user.email, frenchBuyer.user.email].sort());
    const french = mails.find((m) => m.to === frenchBuyer.user.email);
    expect(french?.subject).not.toEqual(mails.find((m) => m.to === buyer.user.email)?.subject);
    expect(french?.text).toContain('le centre a annulé la session de Francais A2');
    expect(french?.text).toMatch(/remboursés/);
    expect(mails.find((m) => m.to === buyer.user.email)?.text).toContain('the centre cancelled the session of Francais A2 starting');
    expect((await detail(course.id)).sessions).toEqual([]);
    const audit = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, session._id));
    expect(audit.map((e) => e.action)).toContain('cancelled');
  });
});

describe('sessions in the back office', () => {
  it('lists upcoming sessions with their fill rate on the dashboard and their dates in the CSV export', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Dashboard Course' });
    const session = await addSession(course.id, 2, 8);
    const placed = (await order(buyer, [{ course: course.id, qty: 6, session: session._id }])).body as Order;
    const stats = await request(ctx.app).get('/api/admin/stats').set('Authorization', `Bearer ${admin.token}`);
    expect(stats.status).toBe(200);
    const row = (stats.body.upcomingSessions as { _id: string }[]).find((s) => s._id === session._id);
    expect(row).toEqual({
      _id: session._id,
      course: course.id,
      name: 'Dashboard Course',
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      place: session.place,
      capacity: 8,
      taken: 6,
      fillRate: 0.75,
    });
    const csv = await request(ctx.app)
      .get('/api/orders/export.csv')
      .set('Authorization', `Bearer ${admin.token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(csv.status).toBe(200);
    const rows = parse(csv.body as Buffer, { bom: true, columns: true }) as Record<string, string>[];
    const line = rows.find((r) => r['Order'] === placed._id);
    expect(line?.['Session start']).toBe(session.startsAt);
    expect(line?.['Session end']).toBe(session.endsAt);
  });
});

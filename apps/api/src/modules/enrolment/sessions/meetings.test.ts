import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession, CourseDetail, Order, RosterRow } from '@shop/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { calendarEvents } from '../../../test/ical.js';
import { testShippingAddress } from '../../../test/orders.js';

/**
 * Issue 51 (online sessions, hours/trainer, meetings) and issue 54 (a
 * session's schedule and place in French and Arabic): the admin's fields and their refusals, what
 * public and private answers show, the calendar file, the attendance days and the mails.
 */
let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({ MAX_UNPAID_SEATS: '1000' });
  admin = await createAdmin(ctx.database.db, ctx.config);
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amira Trabelsi', language: 'fr' });
});
afterAll(() => ctx.close());

const LINK = 'https://meet.example.tn/excel-evening?pwd=abc';

/** Tue+Thu 18:00–20:00 Tunis time (17:00–19:00 UTC), two weeks from Tue 12 Jan 2027. */
const MEETINGS = [
  { startsAt: '2027-01-12T18:00:00+01:00', endsAt: '2027-01-12T20:00:00+01:00' },
  { startsAt: '2027-01-14T18:00:00+01:00', endsAt: '2027-01-14T20:00:00+01:00' },
  { startsAt: '2027-01-19T18:00:00+01:00', endsAt: '2027-01-19T20:00:00+01:00' },
  { startsAt: '2027-01-21T18:00:00+01:00', endsAt: '2027-01-21T20:00:00+01:00' },
];

const sessionBody = (extra: Record<string, unknown> = {}) => ({
  startsAt: '2027-01-12T18:00:00+01:00',
  endsAt: '2027-01-21T20:00:00+01:00',
  schedule: 'Tue and Thu evenings',
  place: 'Online',
  capacity: 10,
  ...extra,
});

const post = (courseId: string, body: unknown, token = admin.token) =>
  request(ctx.app).post(`/api/courses/${courseId}/sessions`).set('Authorization', `Bearer ${token}`).send(body as object);

async function placeOrder(user: UserFixture, course: string, session: string, qty = 1): Promise<Order> {
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({ orderItems: [{ course, qty, session }], shippingAddress: testShippingAddress, paymentMethod: 'In Place' });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const getOrder = (id: string, token: string) =>
  request(ctx.app).get(`/api/orders/${id}`).set('Authorization', `Bearer ${token}`);

const pay = async (id: string) =>
  expect((await request(ctx.app).put(`/api/orders/${id}/pay`).set('Authorization', `Bearer ${admin.token}`).send({})).status).toBe(200);

describe('sessions: hours, trainer, meeting link and meetings (issue 51)', () => {
  it('keeps them, shows hours/trainer/meetings publicly and the link only to admins', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Excel for Business' });
    const created = await post(course.id, sessionBody({ hours: 30, trainer: 'Sami Ben Ali', meetingUrl: LINK, meetings: MEETINGS }));
    expect(created.status).toBe(201);
    const session = created.body as AdminSession;
    expect(session).toMatchObject({ hours: 30, hoursSet: 30, trainer: 'Sami Ben Ali', meetingUrl: LINK });
    expect(session.meetings.map((m) => m.startsAt)).toEqual([
      '2027-01-12T17:00:00.000Z',
      '2027-01-14T17:00:00.000Z',
      '2027-01-19T17:00:00.000Z',
      '2027-01-21T17:00:00.000Z',
    ]);

    const page = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(page.status).toBe(200);
    const publicSession = (page.body as CourseDetail).sessions[0];
    expect(publicSession).toMatchObject({ hours: 30, trainer: 'Sami Ben Ali' });
    expect(publicSession?.meetings).toHaveLength(4);
    expect(publicSession).not.toHaveProperty('meetingUrl');
    expect(page.text).not.toContain('meet.example.tn');

    // The admin's list of the course's sessions carries the link; a customer is refused.
    const list = await request(ctx.app).get(`/api/courses/${course.id}/sessions`).set('Authorization', `Bearer ${admin.token}`);
    expect(list.status).toBe(200);
    expect((list.body as AdminSession[])[0]?.meetingUrl).toBe(LINK);
    expect((await request(ctx.app).get(`/api/courses/${course.id}/sessions`).set('Authorization', `Bearer ${buyer.token}`)).status).toBe(403);
    expect((await request(ctx.app).get(`/api/courses/${course.id}/sessions`)).status).toBe(401);
  });

  it('counts the meetings\' summed length when hours are not given; null without either', async () => {
    const course = await createCourse(ctx.database.db);
    const withMeetings = (await post(course.id, sessionBody({ meetings: MEETINGS }))).body as AdminSession;
    expect(withMeetings).toMatchObject({ hours: 8, hoursSet: null, trainer: null, meetingUrl: null });
    const bare = (await post(course.id, sessionBody({ startsAt: '2027-02-01T09:00:00+01:00', endsAt: '2027-02-01T13:00:00+01:00' })))
      .body as AdminSession;
    expect(bare).toMatchObject({ hours: null, meetings: [] });
    // The edit replaces them: hours set again, meetings removed.
    const edited = await request(ctx.app)
      .put(`/api/sessions/${withMeetings._id}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send(sessionBody({ hours: 12.5, meetings: [] }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ hours: 12.5, meetings: [] });
  });

  it('refuses bad hours, trainer, meeting links and meetings with a clear 400', async () => {
    const course = await createCourse(ctx.database.db);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ hours: 0.4 }, /Hours must be from 0.5 to 2000/],
      [{ hours: 2000.5 }, /Hours must be from 0.5 to 2000/],
      [{ hours: '10' }, /Hours must be a number/],
      [{ trainer: 'x'.repeat(101) }, /Trainer must be at most 100 characters/],
      [{ meetingUrl: 'http://meet.example.tn/x' }, /Meeting link must be an https:\/\/ address/],
      [{ meetingUrl: 'javascript:alert(1)' }, /Meeting link must be an https:\/\/ address/],
      [{ meetingUrl: 'https://' }, /Meeting link must be an https:\/\/ address/],
      [{ meetingUrl: 'https://meet example.tn' }, /Meeting link must be an https:\/\/ address/],
      [{ meetings: 'Tuesdays' }, /Meetings must be a list/],
      [{ meetings: [{ startsAt: '2027-01-12T18:00:00+01:00' }] }, /Meeting end is required/],
      [{ meetings: [{ startsAt: '2027-01-12T18:00:00+01:00', endsAt: '2027-01-12T17:00:00+01:00' }] }, /Meeting 1 must end after it starts/],
      [{ meetings: [{ startsAt: '2027-01-11T18:00:00+01:00', endsAt: '2027-01-11T20:00:00+01:00' }] }, /within the session's start and end/],
      [{ meetings: [{ startsAt: '2027-01-21T19:00:00+01:00', endsAt: '2027-01-21T21:00:00+01:00' }] }, /within the session's start and end/],
      [{ meetings: [MEETINGS[1], MEETINGS[0]] }, /soonest first/],
      [
        { meetings: [MEETINGS[0], { startsAt: '2027-01-12T19:30:00+01:00', endsAt: '2027-01-12T21:00:00+01:00' }] },
        /Meeting 2 overlaps the one before/,
      ],
    ];
    for (const [extra, message] of cases) {
      const res = await post(course.id, sessionBody(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(extra)).toMatch(message);
    }
    // 201 meetings: too many (each an hour, a day apart, within a long session).
    const many = Array.from({ length: 201 }, (_, i) => {
      const start = Date.parse('2027-01-12T17:00:00Z') + i * 86_400_000;
      return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 3_600_000).toISOString() };
    });
    const tooMany = await post(course.id, sessionBody({ endsAt: '2028-01-01T00:00:00Z', meetings: many }));
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toMatch(/At most 200 meetings/);
    expect((await post(course.id, sessionBody({ endsAt: '2028-01-01T00:00:00Z', meetings: many.slice(0, 200) }))).status).toBe(201);
  });
});

describe('the meeting link reaches only a paid order\'s people (issue 51)', () => {
  it('is absent while pending, then in the order answer, the paid mail and the .ics (URL and LOCATION online)', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Excel for Business', price: 100 });
    const session = (await post(course.id, sessionBody({ meetingUrl: LINK, meetings: MEETINGS, trainer: 'Sami Ben Ali' })))
      .body as AdminSession;
    const order = await placeOrder(buyer, course.id, session._id);
    expect(order.orderItems[0]?.session).not.toHaveProperty('meetingUrl');
    const pending = await getOrder(order._id, buyer.token);
    expect(pending.text).not.toContain('meet.example.tn');
    const pendingIcs = await request(ctx.app).get(`/api/orders/${order._id}/calendar.ics`).set('Authorization', `Bearer ${buyer.token}`);
    expect(pendingIcs.text).not.toContain('meet.example.tn');

    const before = ctx.sentMails.length;
    await pay(order._id);
    const paid = await getOrder(order._id, buyer.token);
    expect(paid.body.orderItems[0].session).toMatchObject({ meetingUrl: LINK, trainer: 'Sami Ben Ali', hours: 8 });
    expect((await getOrder(order._id, admin.token)).body.orderItems[0].session.meetingUrl).toBe(LINK);
    const stranger = await createUser(ctx.database.db, ctx.config);
    expect((await getOrder(order._id, stranger.token)).text).not.toContain('meet.example.tn');

    // One VEVENT per meeting; the link is the URL and, the place being "Online", the LOCATION.
    const ics = await request(ctx.app).get(`/api/orders/${order._id}/calendar.ics`).set('Authorization', `Bearer ${buyer.token}`);
    expect(ics.status).toBe(200);
    const events = calendarEvents(ics.text);
    expect(events.map((e) => [e.start, e.end])).toEqual(MEETINGS.map((m) => [new Date(m.startsAt).toISOString(), new Date(m.endsAt).toISOString()]));
    expect(new Set(events.map((e) => e.uid)).size).toBe(4);
    expect(events.every((e) => e.location === LINK)).toBe(true);
    expect(ics.text.replace(/\r\n[ \t]/g, '')).toContain(`URL;VALUE=URI:${LINK}`);
    // The schedule line written from the meetings, in the buyer's language (French).
    expect(events[0]?.description).toBe('mar. et jeu. 18:00–20:00 · 4 séances');

    await new Promise((r) => setTimeout(r, 50));
    const mail = ctx.sentMails.slice(before).find((m) => m.to === buyer.user.email);
    expect(mail?.text).toContain(`Lien de la séance en ligne : ${LINK}`);
    expect(mail?.text).toContain('Formateur : Sami Ben Ali');
    expect(calendarEvents(mail?.attachments?.find((a) => a.filename.endsWith('.ics'))?.content.toString('utf8') ?? '')).toHaveLength(4);
  });
});

describe('attendance days are the meetings\' Tunis days (issue 51)', () => {
  it('lists those days in the roster and refuses a tick on a day without a meeting', async () => {
    const course = await createCourse(ctx.database.db, { price: 50 });
    const session = (await post(course.id, sessionBody({ meetings: MEETINGS }))).body as AdminSession;
    const order = await placeOrder(buyer, course.id, session._id);
    await pay(order._id);
    const roster = await request(ctx.app).get(`/api/sessions/${session._id}/roster`).set('Authorization', `Bearer ${admin.token}`);
    expect(roster.status).toBe(200);
    expect(Object.keys((roster.body as RosterRow[])[0]?.attendance ?? {})).toEqual(['2027-01-12', '2027-01-14', '2027-01-19', '2027-01-21']);
    const learnerId = (roster.body as RosterRow[])[0]?.learner._id;
    const tick = (date: string) =>
      request(ctx.app)
        .put(`/api/sessions/${session._id}/attendance`)
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ date, present: [learnerId] });
    expect((await tick('2027-01-13')).status).toBe(400);
    expect((await tick('2027-01-14')).status).toBe(200);
  });
});

describe('schedule and place in French and Arabic (issue 54)', () => {
  it('answers them and writes the reader\'s language in the calendar file', async () => {
    const course = await createCourse(ctx.database.db, { price: 70 });
    const created = await post(
      course.id,
      sessionBody({
        schedule: 'Saturdays 09:00-13:00',
        scheduleFr: 'Samedis 09:00-13:00',
        scheduleAr: 'أيام السبت 09:00-13:00',
        place: 'Tunis, Lake 2',
        placeFr: 'Tunis, Lac 2',
        placeAr: 'تونس، البحيرة 2',
      }),
    );
    expect(created.status).toBe(201);
    const page = (await request(ctx.app).get(`/api/courses/${course.id}`)).body as CourseDetail;
    expect(page.sessions[0]).toMatchObject({ placeFr: 'Tunis, Lac 2', placeAr: 'تونس، البحيرة 2', scheduleAr: 'أيام السبت 09:00-13:00' });
    const tooLong = await post(course.id, sessionBody({ placeAr: 'ب'.repeat(201) }));
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toMatch(/Arabic place must be at most 200 characters/);

    const arabic = await createUser(ctx.database.db, ctx.config, { language: 'ar' });
    const order = await placeOrder(arabic, course.id, (created.body as AdminSession)._id);
    const ics = await request(ctx.app).get(`/api/orders/${order._id}/calendar.ics`).set('Authorization', `Bearer ${arabic.token}`);
    expect(calendarEvents(ics.text)[0]).toMatchObject({ location: 'تونس، البحيرة 2', description: 'أيام السبت 09:00-13:00' });
    const french = await placeOrder(buyer, course.id, (created.body as AdminSession)._id);
    const icsFr = await request(ctx.app).get(`/api/orders/${french._id}/calendar.ics`).set('Authorization', `Bearer ${buyer.token}`);
    expect(calendarEvents(icsFr.text)[0]).toMatchObject({ location: 'Tunis, Lac 2', description: 'Samedis 09:00-13:00' });
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Session } from '@shop/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { calendarEvents } from '../../../test/ical.js';
import { testShippingAddress } from '../../../test/orders.js';
import type { OrderRecord } from './orders.types.js';
import { orderCalendar } from './calendar.js';

let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
  buyer = await createUser(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

async function addSession(courseId: string, startsAt: string, endsAt: string, place: string): Promise<Session> {
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', `Bearer ${admin.token}`)
    .send({ startsAt, endsAt, schedule: 'Tue and Thu 18:00-20:00', place, capacity: 10 });
  expect(res.status).toBe(201);
  return res.body as Session;
}


/** The unfolded content lines of an iCalendar text. */
function contentLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

function orderWith(sessions: { id: string; startsAt: string; endsAt: string }[]): OrderRecord {
  return {
    id: 'order-1',
    lines: sessions.map((s) => ({
      courseId: 'course-1',
      name: `Course ${s.id}`,
      qty: 1,
      price: 10,
      image: '',
      session: {
        id: s.id,
        startsAt: new Date(s.startsAt),
        endsAt: new Date(s.endsAt),
        schedule: 'Mon 18:00',
        place: 'Tunis',
      },
    })),
  } as unknown as OrderRecord;
}

describe('orderCalendar', () => {
  it('writes Tunis wall-clock times with TZID=Africa/Tunis and one VTIMEZONE, the same instants as the sessions', () => {
    const sessions = [
      // Winter evening: 18:00 Tunis is 17:00 UTC.
      { id: 'winter', startsAt: '2031-01-14T17:00:00.000Z', endsAt: '2031-03-20T19:00:00.000Z' },
      // Summer (Europe and New York on summer time, Tunis still +01:00) and across midnight in Tunis.
      { id: 'summer', startsAt: '2031-07-06T23:30:00.000Z', endsAt: '2031-07-07T01:15:00.000Z' },
      // The day New York moves its clocks forward (02:00 to 03:00 there).
      { id: 'dst', startsAt: '2031-03-09T07:30:00.000Z', endsAt: '2031-03-09T09:00:00.000Z' },
    ];
    const ics = orderCalendar(
      orderWith(sessions),
      'https://shop.example',
      new Date('2030-12-01T10:11:12.000Z'),
    );
    expect(ics).not.toBeNull();
    const lines = contentLines(ics ?? '');
    expect(
      lines.filter((l) => /^(DTSTART|DTEND)[;:]/.test(l) && l !== 'DTSTART:19700101T000000'),
    ).toEqual([
      'DTSTART;TZID=Africa/Tunis:20310114T180000',
      'DTEND;TZID=Africa/Tunis:20310320T200000',
      'DTSTART;TZID=Africa/Tunis:20310707T003000',
      'DTEND;TZID=Africa/Tunis:20310707T021500',
      'DTSTART;TZID=Africa/Tunis:20310309T083000',
      'DTEND;TZID=Africa/Tunis:20310309T100000',
    ]);
    expect(lines.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(lines).toContain('TZID:Africa/Tunis');
    expect(lines).toContain('TZOFFSETTO:+0100');
    // DTSTAMP stays a UTC instant (RFC 5545 3.8.7.2).
    expect(lines.filter((l) => l.startsWith('DTSTAMP'))).toEqual(
      Array(3).fill('DTSTAMP:20301201T101112Z'),
    );

    const events = calendarEvents(ics ?? '');
    expect(
      events.map((e) => ({ start: e.start, end: e.end, zone: e.startZone, endZone: e.endZone })),
    ).toEqual(
      sessions.map((s) => ({
        start: s.startsAt,
        end: s.endsAt,
        zone: 'Africa/Tunis',
        endZone: 'Africa/Tunis',
      })),
    );
  });
});

describe('GET /api/orders/{id}/calendar.ics', () => {
  it('answers one event per session line, parsed back by ical.js, and rides along the payment mail', async () => {
    const english = await createCourse(ctx.database.db, { name: 'Business English', price: 100 });
    const art = await createCourse(ctx.database.db, { name: 'Art, drawing', price: 50 });
    const plain = await createCourse(ctx.database.db, { name: 'No dates', price: 10, availability: 5 });
    // 18:00 in Tunis (UTC+1) is 17:00 UTC.
    const s1 = await addSession(english.id, '2031-01-14T18:00:00+01:00', '2031-03-20T20:00:00+01:00', 'Tunis, Lac 2');
    const s2 = await addSession(art.id, '2031-02-01T09:30:00Z', '2031-02-01T12:00:00Z', 'Online');
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({
        orderItems: [
          { course: english.id, qty: 1, session: s1._id },
          { course: art.id, qty: 2, session: s2._id },
          { course: plain.id, qty: 1 },
        ],
        shippingAddress: testShippingAddress,
        paymentMethod: 'In Place',
      });
    expect(placed.status).toBe(201);
    const order = placed.body as Order;

    const res = await request(ctx.app).get(`/api/orders/${order._id}/calendar.ics`).set('Authorization', `Bearer ${buyer.token}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const events = calendarEvents(res.text);
    expect(events).toHaveLength(2);
    expect(events.find((e) => e.summary === 'Business English')).toMatchObject({
      location: 'Tunis, Lac 2',
      description: 'Tue and Thu 18:00-20:00',
      start: '2031-01-14T17:00:00.000Z',
      end: '2031-03-20T19:00:00.000Z',
      startZone: 'Africa/Tunis',
    });
    expect(contentLines(res.text)).toContain('DTSTART;TZID=Africa/Tunis:20310114T180000');
    expect(events.find((e) => e.summary === 'Art, drawing')).toMatchObject({
      location: 'Online',
      start: '2031-02-01T09:30:00.000Z',
      startZone: 'Africa/Tunis',
    });

    // Someone else: 403; an admin may read it.
    const stranger = await createUser(ctx.database.db, ctx.config);
    expect(
      (
        await request(ctx.app)
          .get(`/api/orders/${order._id}/calendar.ics`)
          .set('Authorization', `Bearer ${stranger.token}`)
      ).status,
    ).toBe(403);
    expect(
      (
        await request(ctx.app)
          .get(`/api/orders/${order._id}/calendar.ics`)
          .set('Authorization', `Bearer ${admin.token}`)
      ).status,
    ).toBe(200);

    const before = ctx.sentMails.length;
    expect(
      (
        await request(ctx.app)
          .put(`/api/orders/${order._id}/pay`)
          .set('Authorization', `Bearer ${admin.token}`)
          .send({})
      ).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const paidMail = ctx.sentMails.slice(before).find((m) => m.to === buyer.user.email);
    const attachment = paidMail?.attachments?.find((a) => a.filename.endsWith('.ics'));
    expect(attachment?.contentType).toMatch(/^text\/calendar/);
    expect(
      calendarEvents(attachment?.content.toString('utf8') ?? '')
        .map((e) => e.summary)
        .sort(),
    ).toEqual(['Art, drawing', 'Business English']);
  });

  it('answers 409 for an order without sessions', async () => {
    const plain = await createCourse(ctx.database.db, { availability: 5 });
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ orderItems: [{ course: plain.id, qty: 1 }], shippingAddress: testShippingAddress, paymentMethod: 'In Place' });
    const res = await request(ctx.app).get(`/api/orders/${(placed.body as Order)._id}/calendar.ics`).set('Authorization', `Bearer ${buyer.token}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order has no dated session');
  });
});

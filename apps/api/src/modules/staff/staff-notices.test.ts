import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order, type Session } from '@shop/shared';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import type { ServiceContext } from '../../deps.js';
import { signUserToken } from '../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { realPdf } from '../../test/pdf.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { sweepStaffNotices, tunisDayAndHour } from './staff-notices.service.js';

const STAFF = 'desk@centre.example';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;
let pdf: Buffer;
const extraDatabases: Database[] = [];

beforeAll(async () => {
  pdf = await realPdf();
  ctx = await createTestContext({
    SHOP_STAFF_EMAIL: STAFF,
    SHOP_BANK_ACCOUNT: 'TN59 1000 6035 0000 1234 5678',
    SEAT_HOLD_MINUTES: '20000',
  });
  admin = await createAdmin(ctx.database.db, ctx.config, { name: 'Admin Sami' });
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amira Trabelsi' });
});
afterAll(async () => {
  for (const db of extraDatabases) await db.close();
  await ctx.close();
});

const tokenOf = (f: UserFixture) => signUserToken(ctx.config.jwtSecret, f.user, ctx.clock.now());
const staffMails = () => ctx.sentMails.filter((m) => m.to === STAFF);
const staffMailsAbout = (text: string) => staffMails().filter((m) => m.subject.includes(text));
const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'Tunisie' };

/** A mail collector standing in for an instance's mailer. */
function collector(): Mailer & { mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  return { mails, send: (m) => (mails.push(m), Promise.resolve()) };
}
const instance = (mailer: Mailer, database: Database = ctx.database): ServiceContext => ({
  ...ctx.deps,
  database,
  mailer,
  events: ctx.app.events,
});

async function addSession(courseId: string, startsAt: Date, capacity: number, place = 'Sousse, Khezama'): Promise<Session> {
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', `Bearer ${tokenOf(admin)}`)
    .send({
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 4 * HOUR).toISOString(),
      schedule: 'Sat 09:00-13:00',
      place,
      capacity,
    });
  expect(res.status).toBe(201);
  return res.body as Session;
}

async function placeOrder(paymentMethod: string, courseId: string, qty = 1, sessionId?: string): Promise<Order> {
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${tokenOf(buyer)}`)
    .send({ orderItems: [{ course: courseId, qty, ...(sessionId ? { session: sessionId } : {}) }], shippingAddress, paymentMethod });
  expect(res.status).toBe(201);
  return orderSchema.parse(res.body);
}

describe('SHOP_STAFF_EMAIL', () => {
  it('is optional (no staff mail) and must be an e-mail address when set', () => {
    const base = { NODE_ENV: 'test', DATABASE_URL: 'memory://' };
    expect(loadConfig(base).staffEmail).toBeUndefined();
    expect(loadConfig({ ...base, SHOP_STAFF_EMAIL: '' }).staffEmail).toBeUndefined();
    expect(loadConfig({ ...base, SHOP_STAFF_EMAIL: STAFF }).staffEmail).toBe(STAFF);
    expect(() => loadConfig({ ...base, SHOP_STAFF_EMAIL: 'the desk' })).toThrow(/SHOP_STAFF_EMAIL/);
  });

  it('without it, nothing is recorded nor mailed', async () => {
    const mailer = collector();
    const outcome = await sweepStaffNotices({ ...instance(mailer), config: { ...ctx.config, staffEmail: undefined } });
    expect(outcome).toEqual({ inserted: 0, sent: 0, skipped: 0, failed: 0 });
    expect(mailer.mails).toHaveLength(0);
  });
});

describe('staff notices', () => {
  it('tells the staff of each transfer receipt uploaded, naming the order and the buyer, once per upload', async () => {
    const course = await createCourse(ctx.database.db, { price: 120, availability: 5 });
    const order = await placeTransfer(course.id);
    const ref = order._id.slice(0, 8);
    expect(staffMailsAbout(ref)).toHaveLength(0);
    const up = await request(ctx.app)
      .post(`/api/orders/${order._id}/proof`)
      .set('Authorization', `Bearer ${tokenOf(buyer)}`)
      .attach('file', pdf, 'receipt.pdf');
    expect(up.status).toBe(200);
    // The upload itself nudges a sweep: no tick to wait for.
    await expect.poll(() => staffMailsAbout(ref).length).toBe(1);
    const [mail] = staffMailsAbout(ref);
    expect(mail?.subject).toBe(`Transfer receipt to check: order ${ref}`);
    expect(mail?.text).toContain('Amira Trabelsi');
    expect(mail?.text).toContain(`${ctx.config.appUrl}/order/${order._id}`);
    // More sweeps (any instance, any time): still one.
    await sweepStaffNotices(instance(ctx.deps.mailer));
    await sweepStaffNotices(instance(ctx.deps.mailer));
    expect(staffMailsAbout(ref)).toHaveLength(1);

    // Rejected, then a new receipt: a new notice.
    const rejected = await request(ctx.app)
      .post(`/api/orders/${order._id}/proof/reject`)
      .set('Authorization', `Bearer ${tokenOf(admin)}`)
      .send({ reason: 'The amount is not readable' });
    expect(rejected.status).toBe(200);
    ctx.clock.advance(60_000);
    const again = await request(ctx.app)
      .post(`/api/orders/${order._id}/proof`)
      .set('Authorization', `Bearer ${tokenOf(buyer)}`)
      .attach('file', pdf, 'receipt-2.pdf');
    expect(again.status).toBe(200);
    await expect.poll(() => staffMailsAbout(ref).length).toBe(2);
  });

  it('tells the staff when a session fills, once, and when a refund falls due', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Pâtisserie orientale', price: 200, availability: 0 });
    const session = await addSession(course.id, new Date(ctx.clock.now().getTime() + 10 * DAY), 3);
    await placeOrder('In Place', course.id, 1, session._id);
    await new Promise((r) => setTimeout(r, 200));
    expect(staffMailsAbout('Pâtisserie orientale')).toHaveLength(0);
    const last = await placeOrder('In Place', course.id, 2, session._id);
    await expect.poll(() => staffMailsAbout('Session full: Pâtisserie orientale').length).toBe(1);
    expect(staffMailsAbout('Session full')[0]?.text).toContain('Sousse, Khezama');
    expect(staffMailsAbout('Session full')[0]?.text).toContain('3 of 3 taken');

    // Paid, then cancelled by the centre: the money is owed back, and the staff are told.
    const paid = await request(ctx.app).put(`/api/orders/${last._id}/pay`).set('Authorization', `Bearer ${tokenOf(admin)}`).send({});
    expect(paid.status).toBe(200);
    const cancelled = await request(ctx.app)
      .post(`/api/orders/${last._id}/cancel`)
      .set('Authorization', `Bearer ${tokenOf(admin)}`)
      .send({});
    expect(cancelled.status).toBe(200);
    const ref = last._id.slice(0, 8);
    await expect.poll(() => staffMailsAbout(`Refund due: order ${ref}`).length).toBe(1);
    expect(staffMailsAbout(`Refund due: order ${ref}`)[0]?.text).toContain(`${last.totalPrice.toFixed(2)} TND (In Place) is to be paid back to Amira Trabelsi`);

    // The seats came back and filled again: still one "full" notice for the session.
    await placeOrder('In Place', course.id, 2, session._id);
    await sweepStaffNotices(instance(ctx.deps.mailer));
    expect(staffMailsAbout('Session full: Pâtisserie orientale')).toHaveLength(1);
  });

  it('mails a digest each morning from 07:00 Tunis time: the day’s sessions and what waits, once a day', async () => {
    // Tomorrow 06:30 in Tunis (UTC+1): not yet.
    const { day } = tunisDayAndHour(new Date(ctx.clock.now().getTime() + DAY));
    const at = (hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`).getTime();
    ctx.clock.advance(at('06:30') - ctx.clock.now().getTime());
    const course = await createCourse(ctx.database.db, { name: 'Anglais des affaires', price: 90, availability: 0 });
    await addSession(course.id, new Date(at('14:00')), 12, 'Tunis, Lac 2');
    const onSite = await placeOrder('In Place', (await createCourse(ctx.database.db, { price: 50, availability: 5 })).id);
    // Its hold ends this evening; another's in three days (not listed).
    await ctx.database.db.execute(sql`update orders set hold_expires_at = ${new Date(at('18:00')).toISOString()}::timestamptz where id = ${onSite._id}::uuid`);
    await sweepStaffNotices(instance(ctx.deps.mailer));
    const digests = () => staffMails().filter((m) => m.subject.startsWith('The centre today') && m.subject.includes(day.slice(0, 4)));
    const before = digests().length;
    const todays = () => digests().filter((m) => m.text.includes('Anglais des affaires'));
    expect(todays()).toHaveLength(0);

    ctx.clock.advance(at('07:05') - ctx.clock.now().getTime());
    const a = collector();
    const b = collector();
    await Promise.all([sweepStaffNotices(instance(a)), sweepStaffNotices(instance(b))]);
    const mails = [...a.mails, ...b.mails].filter((m) => m.subject.startsWith('The centre today'));
    expect(mails).toHaveLength(1);
    const digest = mails[0];
    expect(digest?.subject).toMatch(/^The centre today, \w+day, \d+ \w+ \d{4}$/);
    expect(digest?.text).toContain('Sessions today (1):');
    expect(digest?.text).toContain('14:00: Anglais des affaires, Tunis, Lac 2 (0/12 seats taken)');
    expect(digest?.text).toContain('Transfer receipts to check');
    expect(digest?.text).toContain('Refunds due');
    expect(digest?.text).toContain('Pay-at-the-centre orders whose hold ends within 24 hours (1):');
    expect(digest?.text).toMatch(new RegExp(`Order ${onSite._id.slice(0, 8)}, Amira Trabelsi: ${onSite.totalPrice.toFixed(2)} TND, held until \\w+day, \\d+ \\w+ \\d{4} at 18:00`));
    ctx.clock.advance(3 * HOUR);
    await sweepStaffNotices(instance(a));
    expect([...a.mails, ...b.mails].filter((m) => m.subject.startsWith('The centre today'))).toHaveLength(1);
    expect(digests().length).toBe(before);
  });

  it('writes in the language of the staff’s account, Arabic with isolated names and numbers', async () => {
    await ctx.database.db.execute(sql`update users set email = ${STAFF}, language = 'ar' where id = ${admin.user.id}::uuid`);
    try {
      const course = await createCourse(ctx.database.db, { name: 'Robotique', price: 80, availability: 0 });
      const session = await addSession(course.id, new Date(ctx.clock.now().getTime() + 5 * DAY), 1);
      await placeOrder('In Place', course.id, 1, session._id);
      await expect.poll(() => staffMails().filter((m) => m.subject.includes('Robotique')).length).toBe(1);
      const mail = staffMails().find((m) => m.subject.includes('Robotique'));
      expect(mail?.subject).toBe('دورة مكتملة: \u2068Robotique\u2069');
      expect(mail?.html).toContain('dir="rtl"');
    } finally {
      await ctx.database.db.execute(sql`update users set language = 'en' where id = ${admin.user.id}::uuid`);
    }
  });
});

async function placeTransfer(courseId: string): Promise<Order> {
  return placeOrder('Transfer', courseId);
}

describe('staff notices exactly once across instances', () => {
  /** Another connection pool on the same database (PostgreSQL), as another instance has; PGlite has one. */
  async function otherPool(): Promise<Database> {
    if (ctx.database.kind !== 'postgres') return ctx.database;
    const result = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
    url.pathname = `/${result.rows[0]?.name ?? ''}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    extraDatabases.push(database);
    return database;
  }

  it('mails each of many receipts once with two instances sweeping at once and a mail server down on a third', async () => {
    const course = await createCourse(ctx.database.db, { price: 30, availability: 100 });
    const ids: string[] = [];
    for (let n = 0; n < 14; n++) ids.push((await placeTransfer(course.id))._id);
    const refs = ids.map((id) => id.slice(0, 8));
    // The nudges of those requests are over; the receipts are written behind the API's back
    // (no nudge), so the sweeps below are the ones that find them.
    await new Promise((r) => setTimeout(r, 300));
    await ctx.database.db.execute(
      sql`update orders set proof_status = 'submitted', proof_uploaded_at = ${ctx.clock.now().toISOString()}::timestamptz
        where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
    );
    const down: Mailer = { send: () => Promise.reject(new Error('SMTP down')) };
    const failed = await sweepStaffNotices(instance(down, await otherPool()));
    expect(failed.failed).toBeGreaterThanOrEqual(refs.length);
    const a = collector();
    const b = collector();
    const A = instance(a);
    const B = instance(b, await otherPool());
    // The failed ones are leased: nobody mails them meanwhile.
    await Promise.all([sweepStaffNotices(A), sweepStaffNotices(B)]);
    const about = () => [...a.mails, ...b.mails].filter((m) => refs.some((r) => m.subject.endsWith(r)));
    expect(about()).toHaveLength(0);
    ctx.clock.advance(5 * 60_000 + 1000);
    await Promise.all([sweepStaffNotices(A), sweepStaffNotices(B), sweepStaffNotices(A), sweepStaffNotices(B)]);
    expect(about()).toHaveLength(refs.length);
    expect(new Set(about().map((m) => m.subject)).size).toBe(refs.length);
  }, 60_000);
});

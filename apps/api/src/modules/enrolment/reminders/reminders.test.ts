import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language, Order, Session } from '@shop/shared';
import { ConfigError, loadConfig } from '../../../config.js';
import { openDatabase, type Database } from '../../../db/client.js';
import { sessionReminders } from '../tables/sessions.schema.js';
import type { ServiceContext } from '../../../deps.js';
import { signUserToken } from '../../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { calendarEvents } from '../../../test/ical.js';
import { testShippingAddress } from '../../../test/orders.js';
import {
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../../test/mail.js';
import { createMailer, type MailMessage, type Mailer } from '../../mail/mailer.js';
import { REMINDER_BATCH, sweepReminders } from './reminders.service.js';

let ctx: TestContext;
let admin: UserFixture;
let smtp: TestSmtpServer;
const extraDatabases: Database[] = [];

beforeAll(async () => {
  // Holds long enough that an order paid days after it was placed is still pending, not expired.
  ctx = await createTestContext({ SEAT_HOLD_MINUTES: '20000' });
  admin = await createAdmin(ctx.database.db, ctx.config);
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  for (const db of extraDatabases) await db.close();
  await smtp.close();
  await ctx.close();
});

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A bearer token valid at the test clock's now (the clock moves days ahead). */
const tokenOf = (f: UserFixture) => signUserToken(ctx.config.jwtSecret, f.user, ctx.clock.now());

async function addSession(
  courseId: string,
  startsAt: Date,
  place = 'Tunis, Lac 2',
): Promise<Session> {
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', `Bearer ${tokenOf(admin)}`)
    .send({
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 30 * DAY + 2 * 3_600_000).toISOString(),
      schedule: 'Tue and Thu 18:00-20:00',
      place,
      capacity: 50,
    });
  expect(res.status).toBe(201);
  return res.body as Session;
}

async function place(buyer: UserFixture, courseId: string, sessionId: string): Promise<Order> {
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${tokenOf(buyer)}`)
    .send({
      orderItems: [{ course: courseId, qty: 1, session: sessionId }],
      shippingAddress: testShippingAddress,
      paymentMethod: 'In Place',
    });
  expect(res.status).toBe(201);
  return res.body as Order;
}

async function pay(order: Order): Promise<void> {
  const res = await request(ctx.app)
    .put(`/api/orders/${order._id}/pay`)
    .set('Authorization', `Bearer ${tokenOf(admin)}`)
    .send({});
  expect(res.status).toBe(200);
}

async function adminPost(path: string): Promise<void> {
  const res = await request(ctx.app)
    .post(path)
    .set('Authorization', `Bearer ${tokenOf(admin)}`)
    .send({});
  expect(res.status).toBe(200);
}

async function buyAndPay(buyer: UserFixture, courseId: string, sessionId: string): Promise<Order> {
  const order = await place(buyer, courseId, sessionId);
  await pay(order);
  return order;
}

/** Six days from the clock's now, on a whole minute (calendars keep whole seconds). */
const sixDaysAhead = () => Math.ceil((ctx.clock.now().getTime() + 6 * DAY) / MINUTE) * MINUTE;

/** Moves the test clock to `at` (never back). */
function moveTo(at: number): void {
  const delta = at - ctx.clock.now().getTime();
  expect(delta).toBeGreaterThanOrEqual(0);
  ctx.clock.advance(delta);
}

/** A mail collector standing in for an instance's mailer. */
function collector(): Mailer & { mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  return {
    mails,
    send: (m) => {
      mails.push(m);
      return Promise.resolve();
    },
  };
}

/** An API instance's services: this database (or another pool on it) and its own mailer. */
const instance = (mailer: Mailer, database: Database = ctx.database): ServiceContext => ({
  ...ctx.deps,
  database,
  mailer,
  events: ctx.app.events,
});

const isReminder = (m: Pick<MailMessage, 'attachments'>) =>
  m.attachments?.some((a) => a.filename === 'session.ics') ?? false;

/** The text/calendar attachment of a mail as received over SMTP, decoded. */
function icsOfRaw(raw: string): string {
  const normalized = raw.replace(/\r\n/g, '\n');
  const match = /\nContent-Type: text\/calendar[^\n]*\n((?:[^\n]+\n)*)\n([\s\S]*?)\n--/i.exec(
    normalized,
  );
  if (!match) throw new Error(`no calendar attachment in:\n${raw.slice(0, 2000)}`);
  const headers = match[1] ?? '';
  const body = match[2] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return Buffer.from(
      body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The reminders received over SMTP for `email` since `from`. */
const receivedBy = (email: string, from: number): ReceivedMail[] =>
  smtp.received.slice(from).filter((m) => m.to.includes(email));

describe('REMINDER_DAYS', () => {
  const base = {
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'test-secret-that-is-long-enough',
  };
  it('defaults to 3,1, reads a list largest first, and refuses anything else with a clear message', () => {
    expect(loadConfig(base).reminderDays).toEqual([3, 1]);
    expect(loadConfig({ ...base, REMINDER_DAYS: '' }).reminderDays).toEqual([3, 1]);
    expect(loadConfig({ ...base, REMINDER_DAYS: '1, 7,3' }).reminderDays).toEqual([7, 3, 1]);
    expect(loadConfig({ ...base, REMINDER_DAYS: '60' }).reminderDays).toEqual([60]);
    for (const bad of ['0', '61', '3,3', '1,2,3,4,5,6', 'three', '2.5', '3,', '-1']) {
      expect(() => loadConfig({ ...base, REMINDER_DAYS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, REMINDER_DAYS: bad })).toThrow(
        /REMINDER_DAYS: must be 1 to 5 different whole numbers of days from 1 to 60/,
      );
    }
  });
});

describe('reminders before a session starts', () => {
  it('mails each learner 3 days and 1 day before, once, in their language, with the place, schedule and .ics', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Business English', price: 100 });
    const start = sixDaysAhead();
    const session = await addSession(course.id, new Date(start));
    const learners = {} as Record<Language, UserFixture>;
    for (const language of ['en', 'fr', 'ar'] as const) {
      learners[language] = await createUser(ctx.database.db, ctx.config, {
        language,
        name: `Learner ${language}`,
      });
      await buyAndPay(learners[language], course.id, session._id);
    }
    // A real SMTP server receives them, as a mail client would.
    const mailer = createMailer({ ...ctx.config, smtpUrl: smtp.url }, ctx.deps.logger);
    const sweep = () => sweepReminders(instance(mailer));
    const from = smtp.received.length;

    await sweep();
    expect(smtp.received.length).toBe(from);
    moveTo(start - 3 * DAY - MINUTE);
    await sweep();
    expect(smtp.received.length).toBe(from);

    moveTo(start - 3 * DAY + MINUTE);
    await sweep();
    await sweep();
    const en = receivedBy(learners.en.user.email, from);
    const fr = receivedBy(learners.fr.user.email, from);
    const ar = receivedBy(learners.ar.user.email, from);
    expect([en.length, fr.length, ar.length]).toEqual([1, 1, 1]);
    expect(en[0]?.subject).toBe('Reminder: Business English starts in 3 days');
    expect(en[0]?.text).toContain(
      'This is a reminder: your session of Business English starts in 3 days.',
    );
    expect(en[0]?.text).toContain('Place: Tunis, Lac 2');
    expect(en[0]?.text).toContain('Schedule: Tue and Thu 18:00-20:00');
    expect(en[0]?.text).toMatch(/Starts: .+ \(Tunis time\)/);
    expect(fr[0]?.subject).toBe('Rappel : Business English commence dans 3 jours');
    expect(fr[0]?.text).toContain(
      'Petit rappel : votre session de Business English commence dans 3 jours.',
    );
    expect(fr[0]?.text).toContain('Lieu : Tunis, Lac 2');
    expect(fr[0]?.text).toMatch(/Début : .+ \(heure de Tunis\)/);
    expect(ar[0]?.subject).toBe('تذكير: تبدأ دورة Business English بعد 3 أيام');
    expect(ar[0]?.text).toContain('المكان: Tunis, Lac 2');
    expect(ar[0]?.text).toContain('بتوقيت تونس');
    expect(ar[0]?.html).toContain('dir="rtl"');
    // The session's .ics rides along, the event the "payment received" mail's calendar has.
    for (const mail of [en[0], fr[0], ar[0]]) {
      const events = calendarEvents(icsOfRaw(mail?.raw ?? ''));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        summary: 'Business English',
        location: 'Tunis, Lac 2',
        description: 'Tue and Thu 18:00-20:00',
        start: session.startsAt,
      });
      expect(events[0]?.uid).toContain(session._id);
    }

    moveTo(start - DAY + MINUTE);
    await sweep();
    await sweep();
    expect(receivedBy(learners.en.user.email, from).map((m) => m.subject)).toEqual([
      'Reminder: Business English starts in 3 days',
      'Reminder: Business English starts in 1 day',
    ]);
    expect(receivedBy(learners.fr.user.email, from)[1]?.subject).toBe(
      'Rappel : Business English commence dans 1 jour',
    );
    expect(receivedBy(learners.ar.user.email, from)[1]?.subject).toBe(
      'تذكير: تبدأ دورة Business English بعد يوم واحد',
    );

    moveTo(start + MINUTE);
    await sweep();
    expect(smtp.received.length - from).toBe(6);
    mailer.close?.();
  });

  it('sends a late-paid order only the later reminders; none for unpaid or cancelled orders, or a cancelled session', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Excel' });
    const start = sixDaysAhead();
    const session = await addSession(course.id, new Date(start));
    const doomed = await addSession(course.id, new Date(start), 'Sousse');
    const [early, late, unpaid, refunded, inDoomed, cancelledLater] = await Promise.all(
      Array.from({ length: 6 }, () => createUser(ctx.database.db, ctx.config)),
    );
    if (!early || !late || !unpaid || !refunded || !inDoomed || !cancelledLater)
      throw new Error('users');
    await buyAndPay(early, course.id, session._id);
    const lateOrder = await place(late, course.id, session._id);
    await place(unpaid, course.id, session._id);
    const refundedOrder = await buyAndPay(refunded, course.id, session._id);
    await adminPost(`/api/orders/${refundedOrder._id}/cancel`);
    await buyAndPay(inDoomed, course.id, doomed._id);
    await adminPost(`/api/sessions/${doomed._id}/cancel`);
    const laterCancelled = await buyAndPay(cancelledLater, course.id, session._id);
    const mailer = collector();
    const sweep = () => sweepReminders(instance(mailer));
    const daysOf = (f: UserFixture) =>
      mailer.mails
        .filter((m) => m.to === f.user.email && isReminder(m))
        .map((m) => /in (\d+) days?/.exec(m.subject)?.[1]);

    moveTo(start - 3 * DAY + MINUTE);
    await sweep();
    // Cancelled after its 3-day reminder: no 1-day one.
    await adminPost(`/api/orders/${laterCancelled._id}/cancel`);
    // Paid 2 days before the start: too late for the 3-day reminder.
    moveTo(start - 2 * DAY);
    await pay(lateOrder);
    await sweep();
    moveTo(start - DAY + MINUTE);
    await sweep();

    expect(daysOf(early)).toEqual(['3', '1']);
    expect(daysOf(late)).toEqual(['1']);
    expect(daysOf(cancelledLater)).toEqual(['3']);
    expect(daysOf(unpaid)).toEqual([]);
    expect(daysOf(refunded)).toEqual([]);
    expect(daysOf(inDoomed)).toEqual([]);
  });

  it('after an outage sends only the latest reminder due, and none once the session started', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Outage' });
    const start = sixDaysAhead();
    const session = await addSession(course.id, new Date(start));
    const other = await addSession(course.id, new Date(start + 2 * DAY));
    const a = await createUser(ctx.database.db, ctx.config);
    const b = await createUser(ctx.database.db, ctx.config);
    await buyAndPay(a, course.id, session._id);
    await buyAndPay(b, course.id, other._id);
    const mailer = collector();
    // Nothing ran from 4 days before the start until 12 hours before it.
    moveTo(start - 12 * 3_600_000);
    await sweepReminders(instance(mailer));
    expect(mailer.mails.filter((m) => m.to === a.user.email).map((m) => m.subject)).toEqual([
      'Reminder: Outage starts in 1 day',
    ]);
    expect(mailer.mails.filter((m) => m.to === b.user.email).map((m) => m.subject)).toEqual([
      'Reminder: Outage starts in 3 days',
    ]);
    // Down again until after b's session started: nothing late.
    moveTo(start + 2 * DAY + MINUTE);
    await sweepReminders(instance(mailer));
    expect(mailer.mails.filter((m) => m.to === b.user.email)).toHaveLength(1);
  });
});

describe('reminders exactly once across instances, failures and restarts', () => {
  /** Another connection pool on the same database (PostgreSQL), as another instance or a restart has; PGlite has one. */
  async function otherPool(): Promise<Database> {
    if (ctx.database.kind !== 'postgres') return ctx.database;
    const result = (await ctx.database.db.execute(
      sql`select current_database() as name`,
    )) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
    url.pathname = `/${result.rows[0]?.name ?? ''}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    extraDatabases.push(database);
    return database;
  }

  it('mails each learner once per day with two instances sweeping at once, an SMTP failure and a restart', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Race' });
    const start = sixDaysAhead();
    const sessionList = await Promise.all(
      [0, 1, 2].map((i) => addSession(course.id, new Date(start + i * MINUTE))),
    );
    const learners: UserFixture[] = [];
    for (const session of sessionList) {
      for (let i = 0; i < 5; i++) {
        const learner = await createUser(ctx.database.db, ctx.config);
        await buyAndPay(learner, course.id, session._id);
        learners.push(learner);
      }
    }
    expect(learners.length).toBeGreaterThan(REMINDER_BATCH);
    const emails = new Set(learners.map((l) => l.user.email));
    const mailerA = collector();
    const mailerB = collector();
    const a = instance(mailerA);
    const b = instance(mailerB, await otherPool());

    moveTo(start - 3 * DAY + 5 * MINUTE);
    await Promise.all([sweepReminders(a), sweepReminders(b), sweepReminders(a), sweepReminders(b)]);
    // A restart: a new instance (its own pool) on the same database.
    const mailerC = collector();
    await sweepReminders(instance(mailerC, await otherPool()));
    const threeDay = [...mailerA.mails, ...mailerB.mails, ...mailerC.mails].filter((m) =>
      emails.has(m.to),
    );
    expect(threeDay).toHaveLength(learners.length);
    expect(new Set(threeDay.map((m) => m.to)).size).toBe(learners.length);
    expect(mailerC.mails.filter((m) => emails.has(m.to))).toHaveLength(0);

    // One day before: the first instance's mail server is down (or it dies after claiming).
    moveTo(start - DAY + 5 * MINUTE);
    const down: Mailer = { send: () => Promise.reject(new Error('SMTP down')) };
    const failed = await sweepReminders(instance(down));
    expect(failed.failed).toBeGreaterThanOrEqual(learners.length);
    // Its leases hold: nobody else sends them meanwhile.
    await Promise.all([sweepReminders(a), sweepReminders(b)]);
    const oneDay = () =>
      [...mailerA.mails, ...mailerB.mails].filter(
        (m) => emails.has(m.to) && / 1 day$/.test(m.subject),
      );
    expect(oneDay()).toHaveLength(0);
    // The leases end: two instances take them over, each reminder mailed once.
    ctx.clock.advance(5 * MINUTE + 1000);
    await Promise.all([sweepReminders(a), sweepReminders(b), sweepReminders(a)]);
    await sweepReminders(instance(collector(), await otherPool()));
    expect(oneDay()).toHaveLength(learners.length);
    expect(new Set(oneDay().map((m) => m.to)).size).toBe(learners.length);

    const rows = await ctx.database.db
      .select()
      .from(sessionReminders)
      .where(eq(sessionReminders.status, 'sent'));
    const mine = rows.filter((r) => sessionList.some((s) => s._id === r.sessionId));
    expect(mine).toHaveLength(learners.length * 2);
  }, 120_000);
});

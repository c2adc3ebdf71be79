import { sql } from 'drizzle-orm';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Session } from '@shop/shared';
import { openDatabase, type Database } from '../../../db/client.js';
import type { ServiceContext } from '../../../deps.js';
import { signUserToken } from '../../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { adminOrderAction, testShippingAddress } from '../../../test/orders.js';
import type { MailMessage, Mailer } from '../../mail/mailer.js';
import { sweepLearnerNotices } from './learner-notices.service.js';

/**
 * Issue 51's races on PostgreSQL (TEST_DATABASE_URL): a rename racing the session's start, and
 * the learners' mails exactly once with two instances sweeping at once. PGlite has a single
 * connection: neither race can happen there, so these run on the server only.
 */
const onServer = Boolean(process.env['TEST_DATABASE_URL']);

let ctx: TestContext;
let admin: UserFixture;
let parent: UserFixture;
let courseId: string;
const extraDatabases: Database[] = [];
const DAY = 86_400_000;
const auth = (who: UserFixture) => ({
  Authorization: `Bearer ${signUserToken(ctx.config.jwtSecret, who.user, ctx.clock.now())}`,
});

/** The URL of this test file's own database on the server. */
async function databaseUrl(): Promise<string> {
  const result = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
  url.pathname = `/${result.rows[0]?.name ?? ''}`;
  return url.toString();
}

/** Another connection pool on the same database, as another instance (or a restart) has. */
async function otherPool(): Promise<Database> {
  const database = await openDatabase({ kind: 'postgres', url: await databaseUrl(), poolSize: 5 });
  extraDatabases.push(database);
  return database;
}

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

/** An API instance's services: its own pool on the database and its own mailer. */
const instance = (mailer: Mailer, database: Database): ServiceContext => ({
  ...ctx.deps,
  database,
  mailer,
  events: ctx.app.events,
});

async function addSession(startInDays: number): Promise<Session> {
  const start = new Date(ctx.clock.now().getTime() + startInDays * DAY);
  start.setUTCHours(8, 0, 0, 0);
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set(auth(admin))
    .send({
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
      schedule: '09:00-17:00',
      place: 'Tunis, Lac 2',
      capacity: 200,
    });
  expect(res.status).toBe(201);
  return res.body as Session;
}

const place = (who: UserFixture, item: Record<string, unknown>) =>
  request(ctx.app)
    .post('/api/orders')
    .set(auth(who))
    .send({ orderItems: [item], shippingAddress: testShippingAddress, paymentMethod: 'In Place' });

const learnersOf = async (order: Order) =>
  ((await request(ctx.app).get(`/api/orders/${order._id}`).set(auth(parent))).body as Order).orderItems[0]!.learners.map(
    (l) => l.name,
  );

beforeAll(async () => {
  ctx = await createTestContext({ REMINDER_DAYS: '3' });
  const { db } = ctx.database;
  admin = await createAdmin(db, ctx.config);
  parent = await createUser(db, ctx.config, { name: 'Leila Mansour', language: 'fr' });
  courseId = (await createCourse(db, { name: 'Excel pour l’entreprise', availability: 0 })).id;
});
afterAll(async () => {
  await Promise.all(extraDatabases.map((d) => d.close()));
  await ctx.close();
});

describe.runIf(onServer)('a rename racing the session’s start', () => {
  it('a rename that commits after the start is refused whole (409 LEARNERS_LOCKED), one before it applies whole', async () => {
    const session = await addSession(10);
    const order = (
      await place(parent, { course: courseId, qty: 2, session: session._id, learners: [{ name: 'Amine' }, { name: 'Rim' }] })
    ).body as Order;
    const line = order.orderItems[0]!._id;
    const rename = (names: string[]) =>
      request(ctx.app)
        .put(`/api/orders/${order._id}/lines/${line}/learners`)
        .set(auth(parent))
        .send({ learners: names.map((name) => ({ name })) });

    // Before the start: applied whole.
    expect((await rename(['Amine B.', 'Rim J.'])).status).toBe(200);

    // Another connection (an admin's edit on another instance) moves the start to a minute ago
    // and holds its transaction open; a rename arriving meanwhile must wait for it, then see the
    // session started: refused, nothing of it written.
    const mover = new pg.Client({ connectionString: await databaseUrl() });
    await mover.connect();
    try {
      await mover.query('begin');
      await mover.query(`update sessions set starts_at = now() - interval '1 minute' where id = $1`, [session._id]);
      let answered = false;
      const late = rename(['Too', 'Late']).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered, 'the rename waits for the start being moved').toBe(false);
      await mover.query('commit');
      const res = await late;
      expect([res.status, res.body.code]).toEqual([409, 'LEARNERS_LOCKED']);
    } finally {
      await mover.end();
    }
    expect(await learnersOf(order)).toEqual(['Amine B.', 'Rim J.']);
  });

  it('many renames racing the start from two instances: each answer matches what was written, never half a list', async () => {
    const session = await addSession(10);
    const order = (await place(parent, { course: courseId, qty: 3, session: session._id })).body as Order;
    const line = order.orderItems[0]!._id;
    const mover = await otherPool();
    const tries = Array.from({ length: 12 }, (_, i) =>
      request(ctx.app)
        .put(`/api/orders/${order._id}/lines/${line}/learners`)
        .set(auth(parent))
        .send({ learners: [{ name: `Try ${i} A` }, { name: `Try ${i} B` }, { name: `Try ${i} C` }] })
        .then((res) => ({ i, status: res.status, code: (res.body as { code?: string }).code })),
    );
    // The start moves to the past in the middle of the renames, on another pool.
    const moved = new Promise((resolve) => setTimeout(resolve, 30)).then(() =>
      mover.db.execute(sql`update sessions set starts_at = now() - interval '1 minute' where id = ${session._id}`),
    );
    const [answers] = await Promise.all([Promise.all(tries), moved]);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.code).toBe('LEARNERS_LOCKED');
    const names = await learnersOf(order);
    const applied = answers.filter((a) => a.status === 200).map((a) => a.i);
    if (applied.length === 0) expect(names).toEqual([]);
    else {
      // Whole: the three names of one rename that was answered 200.
      const winner = Number(/^Try (\d+) A$/.exec(names[0] ?? '')?.[1]);
      expect(names).toEqual([`Try ${winner} A`, `Try ${winner} B`, `Try ${winner} C`]);
      expect(applied).toContain(winner);
    }
    // After the start, any rename is refused.
    const after = await request(ctx.app)
      .put(`/api/orders/${order._id}/lines/${line}/learners`)
      .set(auth(parent))
      .send({ learners: [{ name: 'After' }] });
    expect([after.status, after.body.code]).toEqual([409, 'LEARNERS_LOCKED']);
  });
});

describe.runIf(onServer)('learners’ mails exactly once across instances', () => {
  it('two instances sweeping at once, then a restart: one seat mail and one reminder per learner', async () => {
    const session = await addSession(10);
    // 15 orders of 2 named learners each (more than a sweep's batch), all paid.
    const emails: string[] = [];
    for (let i = 0; i < 15; i++) {
      const pair = [`kid${i}a.${session._id.slice(0, 6)}@example.com`, `kid${i}b.${session._id.slice(0, 6)}@example.com`];
      emails.push(...pair);
      const order = (
        await place(parent, {
          course: courseId,
          qty: 2,
          session: session._id,
          learners: pair.map((email, k) => ({ name: `Enfant ${i}-${k}`, email })),
        })
      ).body as Order;
      await adminOrderAction(ctx, admin, order._id, 'pay');
    }
    const mailerA = collector();
    const mailerB = collector();
    const a = instance(mailerA, await otherPool());
    const b = instance(mailerB, await otherPool());
    const all = () => [...ctx.sentMails, ...mailerA.mails, ...mailerB.mails].filter((m) => emails.includes(m.to));

    await Promise.all([sweepLearnerNotices(a), sweepLearnerNotices(b), sweepLearnerNotices(a), sweepLearnerNotices(b)]);
    // A restart: a new instance on its own pool finds nothing left to send.
    const mailerC = collector();
    await sweepLearnerNotices(instance(mailerC, await otherPool()));
    expect(mailerC.mails.filter((m) => emails.includes(m.to))).toEqual([]);
    const seat = all().filter((m) => m.subject.startsWith('Votre place'));
    expect(seat.map((m) => m.to).sort()).toEqual([...emails].sort());

    // Three days before the start: the reminder, once per learner, both instances sweeping.
    ctx.clock.advance(new Date(session.startsAt).getTime() - 3 * DAY + 60_000 - ctx.clock.now().getTime());
    await Promise.all([sweepLearnerNotices(a), sweepLearnerNotices(b), sweepLearnerNotices(b), sweepLearnerNotices(a)]);
    await sweepLearnerNotices(instance(collector(), await otherPool()));
    const reminders = all().filter((m) => m.subject.startsWith('Rappel'));
    expect(reminders.map((m) => m.to).sort()).toEqual([...emails].sort());
    expect(all()).toHaveLength(emails.length * 2);
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { textMessages } from './messages.schema.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createUser, type UserFixture } from '../../test/factories.js';
import { FakeSmsGateway, FakeWhatsApp } from '../../test/fake-text-providers.js';
import { TcpProxy } from '../../test/tcp-proxy.js';
import { queueTextMessages, sweepTextMessages, TEXT_BATCH, type TextEvent } from './text-messages.service.js';
import { textSenders } from './text-providers.js';

const SMS_KEY = 'sms-test-key';
const WA_TOKEN = 'wa-test-token';
const WA_PHONE_ID = '1234567890';
// Generous: under a loaded CI host a fake gateway on loopback can take most of a second to answer.
const TIMEOUT_MS = 3000;

let ctx: TestContext;
let sms: FakeSmsGateway;
let whatsapp: FakeWhatsApp;
let smsProxy: TcpProxy;
let admin: UserFixture;
const extraDatabases: Database[] = [];

beforeAll(async () => {
  sms = await FakeSmsGateway.start(SMS_KEY);
  whatsapp = await FakeWhatsApp.start(WA_TOKEN, WA_PHONE_ID);
  // The SMS gateway is reached through a proxy the tests freeze; WhatsApp directly.
  smsProxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(sms.url).port) });
  ctx = await createTestContext({
    SMS_API_KEY: SMS_KEY,
    SMS_SENDER: 'CourseShop',
    SMS_API_URL: smsProxy.urlFor(sms.url),
    WHATSAPP_TOKEN: WA_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: WA_PHONE_ID,
    WHATSAPP_API_URL: whatsapp.url,
    TEXT_MESSAGE_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  for (const db of extraDatabases) await db.close();
  await ctx.close();
  await smsProxy.close();
  await sms.close();
  await whatsapp.close();
});

const MINUTE = 60_000;
const senders = () => textSenders(ctx.config, ctx.deps.logger);
const sweeper = (database: Database = ctx.database) => ({ database, clock: ctx.clock, logger: ctx.deps.logger });
const sweep = (database?: Database) => sweepTextMessages(sweeper(database), senders());

const paymentOf = (orderId: string): TextEvent => ({
  template: 'payment_received',
  course: 'Pâtisserie française',
  amount: 350,
  link: { kind: 'order', id: orderId },
});

async function optedIn(overrides: Parameters<typeof createUser>[2] = {}) {
  return createUser(ctx.database.db, ctx.config, { phone: '+21620123456', notifySms: true, notifyWhatsapp: true, ...overrides });
}

async function rowsOf(userId: string) {
  const result = (await ctx.database.db.execute(
    sql`select channel, status, attempts, last_error, body from text_messages where user_id = ${userId} order by channel`,
  )) as unknown as { rows: { channel: string; status: string; attempts: number; last_error: string | null; body: string }[] };
  return result.rows;
}

const orderId = () => crypto.randomUUID();

describe('the text message outbox (issue 53)', () => {
  it('queues one message per opted-in channel and event, however many times the event is queued', async () => {
    const both = await optedIn();
    const smsOnly = await optedIn({ notifyWhatsapp: false });
    const none = await optedIn({ notifySms: false, notifyWhatsapp: false });
    const noPhone = await optedIn({ phone: null });
    const order = orderId();
    const queue = (u: UserFixture) =>
      queueTextMessages(ctx.database.db, ctx.config, u.user.id, `payment_received:${order}`, paymentOf(order), ctx.clock.now());
    expect(await Promise.all([queue(both), queue(both), queue(both)])).toEqual(expect.arrayContaining([2, 0, 0]));
    expect(await queue(smsOnly)).toBe(1);
    expect(await queue(none)).toBe(0);
    expect(await queue(noPhone)).toBe(0);
    expect((await rowsOf(both.user.id)).map((r) => r.channel)).toEqual(['sms', 'whatsapp']);
    expect((await rowsOf(smsOnly.user.id)).map((r) => r.channel)).toEqual(['sms']);
    await sweep();
  });

  it('sends the SMS over the gateway’s HTTP GET and the WhatsApp template message over the Cloud API', async () => {
    const buyer = await optedIn({ name: 'Amira', language: 'fr' });
    const order = orderId();
    const smsBefore = sms.accepted.length;
    const waBefore = whatsapp.accepted.length;
    await queueTextMessages(ctx.database.db, ctx.config, buyer.user.id, `payment_received:${order}`, paymentOf(order), ctx.clock.now());
    const outcome = await sweep();
    expect(outcome).toMatchObject({ sent: 2, failed: 0 });
    expect(sms.accepted.slice(smsBefore)).toEqual([
      {
        mobile: '21620123456',
        sender: 'CourseShop',
        sms: `Paiement de 350.00 TND recu : Patisserie francaise http://shop.test/order/${order}`,
      },
    ]);
    expect(whatsapp.accepted.slice(waBefore)).toEqual([
      {
        messaging_product: 'whatsapp',
        to: '21620123456',
        type: 'template',
        template: {
          name: 'payment_received',
          language: { code: 'fr' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Amira' },
                { type: 'text', text: 'Pâtisserie française' },
                { type: 'text', text: '350.00 TND' },
                { type: 'text', text: `http://shop.test/order/${order}` },
              ],
            },
          ],
        },
      },
    ]);
    expect((await rowsOf(buyer.user.id)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('a gateway answering 500, then frozen, then back: each message delivered once, no request slower, nothing waits on it', async () => {
    const buyers = await Promise.all([1, 2, 3].map(() => optedIn({ notifyWhatsapp: false })));
    const orders = buyers.map(() => orderId());
    await Promise.all(
      buyers.map((b, i) =>
        queueTextMessages(ctx.database.db, ctx.config, b.user.id, `payment_received:${orders[i]}`, paymentOf(orders[i] ?? ''), ctx.clock.now()),
      ),
    );
    const before = sms.accepted.length;

    sms.answer = 500;
    expect(await sweep()).toMatchObject({ sent: 0, retried: 3 });
    for (const b of buyers) expect(await rowsOf(b.user.id)).toMatchObject([{ status: 'pending', attempts: 1, last_error: expect.stringContaining('500') }]);
    // Not due again before its back-off: a sweep now sends nothing.
    expect(await sweep()).toMatchObject({ sent: 0, retried: 0 });

    // Frozen: connections are taken, nothing answers. Each request went out, so after the time
    // limit each is taken as sent and never sent again: the gateway reads them once it is back.
    sms.answer = 'accept';
    await smsProxy.set('freeze');
    ctx.clock.advance(MINUTE);
    // Requests made while the sweep waits on the frozen gateway are answered before it gives up:
    // nothing they need (the pool, a lock, the event loop) is held by the wait. Compared by order
    // of completion, not by a time bound that a loaded host would break.
    const profileAnswered = async () => {
      const res = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${buyers[0]?.token}`);
      expect(res.status).toBe(200);
      return performance.now();
    };
    let sweepEnded = Number.POSITIVE_INFINITY;
    const sweeping = sweep().then((result) => {
      sweepEnded = performance.now();
      return result;
    });
    const answered = await Promise.all([profileAnswered(), profileAnswered(), profileAnswered()]);
    const frozen = await sweeping;
    expect(frozen).toMatchObject({ sent: 0, unconfirmed: 3, retried: 0 });
    expect(Math.max(...answered)).toBeLessThan(sweepEnded);
    for (const b of buyers) expect((await rowsOf(b.user.id))[0]?.last_error).toContain(`no answer within ${TIMEOUT_MS} ms`);

    // Back: the gateway reads what it was sent while frozen; nothing is sent twice.
    await smsProxy.set('pass');
    for (let waited = 0; sms.accepted.length - before < 3 && waited < 3000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    ctx.clock.advance(60 * MINUTE);
    expect(await sweep()).toMatchObject({ sent: 0, retried: 0 });
    const delivered = sms.accepted.slice(before);
    expect(delivered).toHaveLength(3);
    for (const order of orders) expect(delivered.filter((d) => d.sms.endsWith(order))).toHaveLength(1);
    // Their late answers (200) confirm them.
    for (let waited = 0; waited < 3000; waited += 50) {
      const rows = await Promise.all(buyers.map((b) => rowsOf(b.user.id)));
      if (rows.every((r) => r[0]?.last_error === null)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const b of buyers) expect(await rowsOf(b.user.id)).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
  });

  it('a gateway that refuses connections delays messages until it is back, then each is sent once', async () => {
    const buyer = await optedIn({ notifyWhatsapp: false });
    const order = orderId();
    await queueTextMessages(ctx.database.db, ctx.config, buyer.user.id, `payment_received:${order}`, paymentOf(order), ctx.clock.now());
    const before = sms.accepted.length;
    await smsProxy.set('refuse');
    try {
      expect(await sweep()).toMatchObject({ sent: 0, retried: 1 });
      ctx.clock.advance(MINUTE);
      expect(await sweep()).toMatchObject({ sent: 0, retried: 1 });
    } finally {
      await smsProxy.set('pass');
    }
    ctx.clock.advance(5 * MINUTE);
    expect(await sweep()).toMatchObject({ sent: 1 });
    expect(sms.accepted.slice(before).map((s) => s.sms.endsWith(order))).toEqual([true]);
    expect(await rowsOf(buyer.user.id)).toMatchObject([{ status: 'sent', attempts: 3, last_error: null }]);
  });

  it('stops trying a day after the message was queued, and at once when the provider refuses the request (400)', async () => {
    const smsBuyer = await optedIn({ notifyWhatsapp: false });
    const waBuyer = await optedIn({ notifySms: false });
    const order = orderId();
    await queueTextMessages(ctx.database.db, ctx.config, smsBuyer.user.id, `payment_received:${order}`, paymentOf(order), ctx.clock.now());
    await queueTextMessages(ctx.database.db, ctx.config, waBuyer.user.id, `payment_received:${order}`, paymentOf(order), ctx.clock.now());
    sms.answer = 503;
    whatsapp.answer = 400;
    try {
      await sweep();
      expect(await rowsOf(waBuyer.user.id)).toMatchObject([{ status: 'failed', attempts: 1, last_error: expect.stringContaining('400') }]);
      let tries = 1;
      while ((await rowsOf(smsBuyer.user.id))[0]?.status === 'pending' && tries < 100) {
        ctx.clock.advance(61 * MINUTE);
        await sweep();
        tries += 1;
      }
      const [row] = await rowsOf(smsBuyer.user.id);
      expect(row).toMatchObject({ status: 'failed', last_error: expect.stringContaining('503') });
      // Tried for about a day: back-off up to an hour apart.
      expect(row?.attempts).toBeGreaterThan(20);
      expect(row?.attempts).toBeLessThan(40);
    } finally {
      sms.answer = 'accept';
      whatsapp.answer = 'accept';
    }
  });

  it('two instances sweeping the same messages at once send each one once', async () => {
    const otherPool = async (): Promise<Database> => {
      if (ctx.database.kind !== 'postgres' || !ctx.databaseUrl) return ctx.database;
      const database = await openDatabase({ kind: 'postgres', url: ctx.databaseUrl, poolSize: 5 });
      extraDatabases.push(database);
      return database;
    };
    await smsProxy.set('pass');
    const buyers = await Promise.all(Array.from({ length: TEXT_BATCH * 2 + 3 }, () => optedIn()));
    const order = orderId();
    for (const b of buyers)
      await queueTextMessages(ctx.database.db, ctx.config, b.user.id, `payment_received:${order}`, paymentOf(order), ctx.clock.now());
    const smsBefore = sms.accepted.length;
    const waBefore = whatsapp.accepted.length;
    const [a, b] = await Promise.all([sweep(), sweep(await otherPool())]);
    // A sweep stops at a short batch (rows the other held): a restart's sweeps take what is left.
    let sent = a.sent + b.sent;
    const restarted = await otherPool();
    for (let turn = 0; turn < 10; turn++) sent += (await sweep(restarted)).sent;
    expect(sent).toBe(buyers.length * 2);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(sms.accepted.length - smsBefore).toBe(buyers.length);
    expect(whatsapp.accepted.length - waBefore).toBe(buyers.length);
    const mobiles = sms.accepted.slice(smsBefore).map((s) => s.sms);
    expect(new Set(mobiles).size).toBe(1);
    const pending = await ctx.database.db.$count(textMessages, sql`status = 'pending'`);
    expect(pending).toBe(0);
  });
});

describe('GET /api/messages (admin)', () => {
  it('lists sent and failed messages with whom, when, how many tries and why, searchable, and as CSV', async () => {
    const failedOne = await optedIn({ name: 'Zeineb Failed', notifySms: false });
    const order = orderId();
    await queueTextMessages(ctx.database.db, ctx.config, failedOne.user.id, `payment_received:${order}`, paymentOf(order), ctx.clock.now());
    whatsapp.answer = 400;
    await sweep();
    whatsapp.answer = 'accept';
    const auth = `Bearer ${admin.token}`;
    const failed = await request(ctx.app).get('/api/messages?status=failed&q=zeineb').set('Authorization', auth);
    expect(failed.status).toBe(200);
    expect(failed.headers['x-total-count']).toBe('1');
    expect(failed.body).toEqual([
      expect.objectContaining({
        user: { _id: failedOne.user.id, name: 'Zeineb Failed', email: failedOne.user.email },
        phone: '+21620123456',
        channel: 'whatsapp',
        template: 'payment_received',
        status: 'failed',
        attempts: 1,
        lastError: expect.stringContaining('400'),
        sentAt: null,
        nextTryAt: null,
      }),
    ]);
    const sent = await request(ctx.app).get('/api/messages?status=sent&page=1&limit=2').set('Authorization', auth);
    expect(sent.status).toBe(200);
    expect(sent.body).toHaveLength(2);
    expect(sent.body.every((m: { status: string; sentAt: string | null }) => m.status === 'sent' && m.sentAt)).toBe(true);
    expect(Number(sent.headers['x-total-count'])).toBeGreaterThan(2);

    const csv = await request(ctx.app).get('/api/messages/export?status=failed&q=zeineb').set('Authorization', auth);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Zeineb Failed');
    expect(lines[1]).toContain("'+21620123456");

    const bad = await request(ctx.app).get('/api/messages?status=lost').set('Authorization', auth);
    expect(bad.status).toBe(400);
    const customer = await request(ctx.app).get('/api/messages').set('Authorization', `Bearer ${failedOne.token}`);
    expect(customer.status).toBe(403);
  });
});

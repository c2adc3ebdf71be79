import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order, type PaymentStarted, type RefundDue } from '@shop/shared';
import { createApp } from '../../app.js';
import { paymentAttempts } from './payments.schema.js';
import { checkedAgainstDocument } from '../../test/contract.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { FakeKonnect } from '../../test/fake-konnect.js';
import { testShippingAddress } from '../../test/orders.js';

/*
 * Issue 49, "Charged twice, one payment lost from the books": one payable page per order,
 * however many Pay calls arrive at once, and a payment the order cannot take (it is paid
 * already) is owed back, listed for the admin and told to the customer.
 */

const API_KEY = '6137ad140c181c5eb44a7f88:test-secret-key';
const minutes = (n: number) => n * 60_000;

let konnect: FakeKonnect;
let ctx: TestContext;
let buyer: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  konnect = await FakeKonnect.start(API_KEY);
  ctx = await createTestContext({
    KONNECT_API_KEY: API_KEY,
    KONNECT_WALLET_ID: '5f7a209aeb3f76490ac4a3d1',
    KONNECT_API_URL: konnect.url,
  });
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Youssef Ben Salah', email: 'one-page@example.com' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx.close();
  await konnect.close();
});

/** A Card order of 2 seats at 60.00: items 120, tax 18, total 138.00. */
async function placeCardOrder(): Promise<Order> {
  const course = await createCourse(ctx.database.db, { price: 60, availability: 10 });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${buyer.token}`)
    .send({ orderItems: [{ course: course.id, qty: 2 }], shippingAddress: testShippingAddress, paymentMethod: 'Card' });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const pay = (id: string, app: typeof ctx.app = ctx.app) =>
  request(app).post(`/api/orders/${id}/payment`).set('Authorization', `Bearer ${buyer.token}`);
const initsOf = (orderId: string) => konnect.inits.filter((i) => i.body['orderId'] === orderId).length;
const attemptsOf = (orderId: string) =>
  ctx.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
const webhook = (ref: string) => request(ctx.app).get(`/api/payments/konnect/webhook?payment_ref=${ref}`);
const read = async (id: string, user = buyer): Promise<Order> =>
  (await request(ctx.app).get(`/api/orders/${id}`).set('Authorization', `Bearer ${user.token}`).expect(200)).body as Order;

describe('one payable page per order (issue 49)', () => {
  it('eight Pay calls at once open one page at the provider, and all eight answer it', async () => {
    const order = await placeCardOrder();
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(order._id)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const [first] = answers.map((a) => a.body as PaymentStarted);
    expect(first?.paymentRef).toMatch(/^[0-9a-f]{24}$/);
    expect(first?.payUrl).toContain(first?.paymentRef);
    for (const answer of answers) expect(answer.body).toEqual(first);
    expect(initsOf(order._id)).toBe(1);
    expect(await attemptsOf(order._id)).toHaveLength(1);
  });

  it('two instances of the shop asked at once open one page between them', async () => {
    const order = await placeCardOrder();
    const other = checkedAgainstDocument(createApp(ctx.deps));
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => pay(order._id, i % 2 === 0 ? ctx.app : other)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const refs = new Set(answers.map((a) => (a.body as PaymentStarted).paymentRef));
    expect(refs.size).toBe(1);
    expect(initsOf(order._id)).toBe(1);
    expect(await attemptsOf(order._id)).toHaveLength(1);
  });

  it('Pay in the last two minutes of a page answers that page; a new page only once it ended at the provider', async () => {
    const order = await placeCardOrder();
    const opened = (await pay(order._id).expect(200)).body as PaymentStarted;
    const [attempt] = await attemptsOf(order._id);
    if (!attempt) throw new Error('no attempt');
    const until = (ms: number) => ctx.clock.advance(attempt.expiresAt.getTime() + ms - ctx.clock.now().getTime());

    // One minute before its end: the same page, nothing asked of the provider.
    until(-minutes(1));
    expect((await pay(order._id).expect(200)).body).toEqual(opened);
    expect(initsOf(order._id)).toBe(1);

    // Just ended by the shop's clock: the provider may still finish a payment on it (clocks differ).
    until(10_000);
    const ending = await pay(order._id);
    expect(ending.status).toBe(409);
    expect(ending.body).toMatchObject({ message: MESSAGES.paymentPageEnding, code: 'PAYMENT_ENDING' });
    expect(initsOf(order._id)).toBe(1);

    // Its margin over and the provider saying it is unpaid: it ends, and a new page opens.
    until(31_000);
    const next = (await pay(order._id).expect(200)).body as PaymentStarted;
    expect(next.paymentRef).not.toBe(opened.paymentRef);
    expect(initsOf(order._id)).toBe(2);
    const statuses = (await attemptsOf(order._id)).map((a) => [a.reference, a.status]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        [opened.paymentRef, 'expired'],
        [next.paymentRef, 'pending'],
      ]),
    );
  });

  it('a page paid as it ended, after the next page paid the order: the second payment is owed back, listed and told', async () => {
    const order = await placeCardOrder();
    const first = (await pay(order._id).expect(200)).body as PaymentStarted;
    const [attempt] = await attemptsOf(order._id);
    if (!attempt) throw new Error('no attempt');
    ctx.clock.advance(attempt.expiresAt.getTime() + 31_000 - ctx.clock.now().getTime());
    const second = (await pay(order._id).expect(200)).body as PaymentStarted;

    // The customer pays the new page; the old one was paid at its last second too (two tabs).
    konnect.complete(second.paymentRef);
    await webhook(second.paymentRef).expect(200);
    konnect.complete(first.paymentRef);
    await webhook(first.paymentRef).expect(200);

    const after = await read(order._id);
    expect(after).toMatchObject({ status: 'paid', paymentResult: { reference: second.paymentRef, amount: 138 } });
    expect(after.refunds).toEqual([
      {
        status: 'due',
        amount: 138,
        provider: 'konnect',
        reference: first.paymentRef,
        dueAt: expect.any(String),
        doneAt: null,
        creditNoteNumber: null,
        creditNoteTtn: null,
      },
    ]);
    expect(after.refund).toEqual(after.refunds[0]);
    // A replay records nothing more.
    await webhook(first.paymentRef).expect(200);
    expect((await read(order._id)).refunds).toHaveLength(1);

    const due = (await request(ctx.app).get('/api/admin/refunds?limit=100').set('Authorization', `Bearer ${admin.token}`).expect(200))
      .body as RefundDue[];
    expect(due.filter((r) => r._id === order._id)).toEqual([
      expect.objectContaining({ status: 'paid', amount: 138, provider: 'konnect', reference: first.paymentRef }),
    ]);
    await expect
      .poll(() => ctx.sentMails.filter((m) => m.subject.includes(order._id.slice(0, 8)) && m.subject.includes('it will be refunded')).length)
      .toBe(1);
    const told = ctx.sentMails.find((m) => m.subject.includes(order._id.slice(0, 8)) && m.subject.includes('it will be refunded'));
    expect(told?.text).toContain('We received your payment of 138.00 TND, but this order was already paid: you paid it twice.');
  });
});

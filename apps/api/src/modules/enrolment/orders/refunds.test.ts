import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order, type RefundDue, type Stats } from '@shop/shared';
import { auditEvents } from '../../audit/audit.schema.js';
import { orders } from '../tables/orders.schema.js';
import { paymentAttempts } from '../../payments/payments.schema.js';
import type { ServiceContext } from '../../../deps.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { FakeKonnect } from '../../../test/fake-konnect.js';
import { sweepExpiredHolds } from './order-states.service.js';

/*
 * Issue 31, "Refunds that are real": the owner cannot cancel while a payment page is open;
 * money that reaches an order that cannot take it, and every cancel of a paid order, owe the
 * money back (`refund.status: due`), once, whatever races; an admin records it made.
 */

const API_KEY = '6137ad140c181c5eb44a7f88:test-secret-key';
const WALLET = '5f7a209aeb3f76490ac4a3d1';

let konnect: FakeKonnect;
let ctx: TestContext;
let admin: UserFixture;

beforeAll(async () => {
  konnect = await FakeKonnect.start(API_KEY);
  ctx = await createTestContext({
    KONNECT_API_KEY: API_KEY,
    KONNECT_WALLET_ID: WALLET,
    KONNECT_API_URL: konnect.url.replace(/\/$/, ''),
    // Transfer offered (issue 49: an admin approves money that reached a dead Transfer order).
    SHOP_BANK_ACCOUNT: 'TN59 1000 6035 0000 1234 5678',
  });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx.close();
  await konnect.close();
});

const shippingAddress = {
  address: '5 Rue de Marseille',
  city: 'Tunis',
  postalCode: '1000',
  country: 'France',
};
const auth = (user: UserFixture) => `Bearer ${user.token}`;
let buyers = 0;
const newBuyer = (language: 'en' | 'fr' | 'ar' = 'en') =>
  createUser(ctx.database.db, ctx.config, {
    name: 'Youssef Ben Salah',
    email: `refund-buyer-${++buyers}@example.com`,
    language,
  });

/** A Card order of 3 seats at 33.33: total 214.99. */
async function placeOrder(
  buyer: UserFixture,
  availability = 20,
  paymentMethod: 'Card' | 'In Place' = 'Card',
): Promise<Order> {
  const course = await createCourse(ctx.database.db, { price: 33.33, availability });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', auth(buyer))
    .send({ orderItems: [{ course: course.id, qty: 3 }], shippingAddress, paymentMethod });
  expect(res.status).toBe(201);
  return res.body as Order;
}

/** Opens a payment page for the order: answers its Konnect reference. */
async function openPayment(buyer: UserFixture, orderId: string): Promise<string> {
  expect(
    (
      await request(ctx.app)
        .post(`/api/orders/${orderId}/payment`)
        .set('Authorization', auth(buyer))
    ).status,
  ).toBe(200);
  const payment = [...konnect.payments.values()].filter((p) => p.orderId === orderId).at(-1);
  if (!payment) throw new Error(`no payment for ${orderId}`);
  return payment.id;
}

const cancel = (user: UserFixture, id: string) =>
  request(ctx.app).post(`/api/orders/${id}/cancel`).set('Authorization', auth(user));
const webhook = (ref: string) =>
  request(ctx.app).get(`/api/payments/konnect/webhook?payment_ref=${encodeURIComponent(ref)}`);
const putRefund = (user: UserFixture, id: string, body: object = {}) =>
  request(ctx.app).put(`/api/orders/${id}/refund`).set('Authorization', auth(user)).send(body);
const read = async (user: UserFixture, id: string): Promise<Order> => {
  const res = await request(ctx.app).get(`/api/orders/${id}`).set('Authorization', auth(user));
  expect(res.status).toBe(200);
  return res.body as Order;
};
const refundsDue = async (): Promise<RefundDue[]> =>
  (
    await request(ctx.app)
      .get('/api/admin/refunds?limit=100')
      .set('Authorization', auth(admin))
      .expect(200)
  ).body as RefundDue[];
const revenueTotal = async (): Promise<number> =>
  (
    (await request(ctx.app).get('/api/admin/stats').set('Authorization', auth(admin)).expect(200))
      .body as Stats
  ).revenueTotal;
const eventsOf = async (orderId: string) =>
  ctx.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, orderId));
const mailsAbout = (orderId: string) =>
  ctx.sentMails.filter((m) => m.subject.includes(orderId.slice(0, 8)));

/** A Card order paid through Konnect (webhook). */
async function paidCardOrder(buyer: UserFixture): Promise<{ order: Order; ref: string }> {
  const order = await placeOrder(buyer);
  const ref = await openPayment(buyer, order._id);
  konnect.complete(ref);
  await webhook(ref).expect(200);
  expect((await read(buyer, order._id)).status).toBe('paid');
  return { order, ref };
}

describe('cancelling while a payment page is open', () => {
  it('the owner gets 409 PAYMENT_OPEN with the page’s end; an admin can cancel; once the page ended the owner can', async () => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer);
    await openPayment(buyer, order._id);
    const [attempt] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order._id));
    if (!attempt) throw new Error('no attempt');

    const refused = await cancel(buyer, order._id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: MESSAGES.paymentOpen,
      code: 'PAYMENT_OPEN',
      until: attempt.expiresAt.toISOString(),
    });
    expect((await read(buyer, order._id)).status).toBe('pending');

    // The page's life span is over: nothing can be paid on it any more.
    ctx.clock.advance(attempt.expiresAt.getTime() - ctx.clock.now().getTime() + 1_000);
    const cancelled = await cancel(buyer, order._id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refund: null });

    const other = await placeOrder(buyer);
    await openPayment(buyer, other._id);
    const byAdmin = await cancel(admin, other._id);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ status: 'cancelled', refund: null, refundedAt: null });
  });

  it('an In Place order, and a Card order with no page opened, are cancelled by their owner as before', async () => {
    const buyer = await newBuyer();
    const inPlace = await placeOrder(buyer, 20, 'In Place');
    expect((await cancel(buyer, inPlace._id)).status).toBe(200);
    const card = await placeOrder(buyer);
    expect((await cancel(buyer, card._id)).body).toMatchObject({
      status: 'cancelled',
      refund: null,
    });
  });
});

describe('money that reaches an order that cannot take it', () => {
  it('a payment finished after the admin cancelled: refund due once, the customer told it will be refunded', async () => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer);
    const ref = await openPayment(buyer, order._id);
    expect((await cancel(admin, order._id)).body).toMatchObject({
      status: 'cancelled',
      refund: null,
    });

    konnect.complete(ref);
    // Konnect's webhook, sent twice at once.
    await Promise.all([webhook(ref).expect(200), webhook(ref).expect(200)]);

    const after = await read(buyer, order._id);
    expect(after).toMatchObject({
      status: 'cancelled',
      isPaid: false,
      paidAt: null,
      invoiceNumber: null,
      refundedAt: null,
    });
    expect(after.refund).toEqual({
      status: 'due',
      amount: 214.99,
      provider: 'konnect',
      reference: ref,
      dueAt: expect.any(String),
      doneAt: null,
      creditNoteNumber: null,
      creditNoteTtn: null,
    });
    await webhook(ref).expect(200);
    expect((await read(buyer, order._id)).refund).toEqual(after.refund);
    expect((await eventsOf(order._id)).filter((e) => e.action === 'paymentReceived')).toHaveLength(
      1,
    );

    await expect
      .poll(
        () => mailsAbout(order._id).filter((m) => m.subject.includes('it will be refunded')).length,
      )
      .toBe(1);
    const mail = mailsAbout(order._id).find((m) => m.subject.includes('it will be refunded'));
    expect(mail?.subject).toBe(
      `Payment received for order ${order._id.slice(0, 8)}: it will be refunded`,
    );
    expect(mail?.text).toContain(
      'We received your payment of 214.99 TND, but this order had already been cancelled',
    );
    expect(mail?.text).toContain('will be refunded');
    expect(mail?.text).not.toMatch(/is refunded|have refunded|Your seats are yours/);
    // Never told "paid".
    expect(
      mailsAbout(order._id).some(
        (m) => m.subject === `Payment received for order ${order._id.slice(0, 8)}`,
      ),
    ).toBe(false);

    expect((await refundsDue()).find((r) => r._id === order._id)).toEqual({
      _id: order._id,
      user: { _id: buyer.user.id, name: 'Youssef Ben Salah', email: buyer.user.email },
      status: 'cancelled',
      amount: 214.99,
      provider: 'konnect',
      reference: ref,
      dueAt: after.refund?.dueAt,
    });
  });

  it('the return page (reading the order, no webhook) finds the payment and shows the refund due, in the customer’s language by mail', async () => {
    const buyer = await newBuyer('fr');
    const order = await placeOrder(buyer);
    const ref = await openPayment(buyer, order._id);
    await cancel(admin, order._id).expect(200);
    konnect.complete(ref);
    const after = await read(buyer, order._id);
    expect(after.status).toBe('cancelled');
    expect(after.refund).toMatchObject({ status: 'due', amount: 214.99, reference: ref });
    await expect
      .poll(() => mailsAbout(order._id).filter((m) => m.subject.includes('sera remboursé')).length)
      .toBe(1);
    const mail = mailsAbout(order._id).find((m) => m.subject.includes('sera remboursé'));
    expect(mail?.text).toContain('cette commande était déjà annulée');
  });

  it('the payment sweeper: a payment of an order that expired and whose seats were sold meanwhile is owed back', async () => {
    const buyer = await newBuyer();
    const order = await placeOrder(buyer, 3);
    const ref = await openPayment(buyer, order._id);
    // The hold ends unpaid: the order expires and its 3 seats go back on sale…
    const hold = (await read(buyer, order._id)).holdExpiresAt;
    ctx.clock.advance(Date.parse(hold ?? '') - ctx.clock.now().getTime() + 1_000);
    const instance: ServiceContext = { ...ctx.deps, events: ctx.app.events };
    expect(await sweepExpiredHolds(instance)).toBeGreaterThanOrEqual(1);
    // (Read from the table: reading it over HTTP would ask Konnect and end the attempt.)
    const [row] = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row?.status).toBe('expired');
    // …someone else takes them…
    const other = await newBuyer();
    const courseId = order.orderItems[0]?.course;
    const taken = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', auth(other))
      .send({
        orderItems: [{ course: courseId, qty: 3 }],
        shippingAddress,
        paymentMethod: 'In Place',
      });
    expect(taken.status).toBe(201);
    // …and the payment completed at the last second is found by the sweeper.
    konnect.complete(ref);
    ctx.clock.advance(61_000);
    await ctx.app.payments.sweep();
    const after = await read(admin, order._id);
    expect(after).toMatchObject({ status: 'expired', isPaid: false });
    expect(after.refund).toMatchObject({
      status: 'due',
      amount: 214.99,
      provider: 'konnect',
      reference: ref,
    });
    await expect
      .poll(
        () => mailsAbout(order._id).filter((m) => m.subject.includes('it will be refunded')).length,
      )
      .toBe(1);
    expect(
      mailsAbout(order._id).find((m) => m.subject.includes('it will be refunded'))?.text,
    ).toContain('this order had expired and its seats were no longer available');

    // The seats come back and the centre takes a second payment at the desk: the order is paid,
    // and still owes the online payment back. Cancelling it now adds a refund of its own (issue 49):
    // the first stays as it was.
    await cancel(other, (taken.body as Order)._id).expect(200);
    await request(ctx.app)
      .put(`/api/orders/${order._id}/pay`)
      .set('Authorization', auth(admin))
      .expect(200);
    const cancelled = await cancel(admin, order._id);
    expect(cancelled.status).toBe(200);
    const kept = await read(admin, order._id);
    expect(kept.status).toBe('cancelled');
    expect(kept.refund).toEqual(after.refund);
    expect(kept.refunds).toEqual([
      after.refund,
      expect.objectContaining({ status: 'due', amount: 214.99, provider: 'Card', reference: null }),
    ]);
  });
});

describe('an admin cancels a paid order, then records the refund as made', () => {
  it('refund due (never "refunded" before done), out of revenue; PUT refund records it with a credit note number', async () => {
    const buyer = await newBuyer();
    const { order, ref } = await paidCardOrder(buyer);
    const revenueBefore = await revenueTotal();

    const cancelled = await cancel(admin, order._id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refundedAt: expect.any(String) });
    expect((cancelled.body as Order).refund).toEqual({
      status: 'due',
      amount: 214.99,
      provider: 'konnect',
      reference: ref,
      dueAt: (cancelled.body as Order).cancelledAt,
      doneAt: null,
      creditNoteNumber: null,
      creditNoteTtn: null,
    });
    // The revenue of the dashboard no longer counts it (refundedAt keeps that meaning).
    expect(Math.round((revenueBefore - (await revenueTotal())) * 100)).toBe(21_499);
    await expect
      .poll(() => mailsAbout(order._id).filter((m) => m.subject.includes('is cancelled')).length)
      .toBe(1);
    const cancelMail = mailsAbout(order._id).find((m) => m.subject.includes('is cancelled'));
    expect(cancelMail?.text).toContain('The 214.99 TND you paid will be refunded to you');
    expect(cancelMail?.text).not.toMatch(/is refunded/);
    expect((await refundsDue()).map((r) => r._id)).toContain(order._id);

    // Only an admin records it; a body with a note for the audit trail.
    expect((await putRefund(buyer, order._id)).status).toBe(403);
    expect((await putRefund(admin, order._id, { note: 42 })).status).toBe(400);
    const done = await putRefund(admin, order._id, { note: 'Refunded on Konnect’s dashboard' });
    expect(done.status).toBe(200);
    const refund = (done.body as Order).refund;
    expect(refund).toMatchObject({
      status: 'done',
      amount: 214.99,
      provider: 'konnect',
      reference: ref,
      doneAt: expect.any(String),
    });
    expect(refund?.creditNoteNumber).toMatch(/^AV-\d{4}-\d{5}$/);
    expect((await read(buyer, order._id)).refund).toEqual(refund);

    const again = await putRefund(admin, order._id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: MESSAGES.noRefundDue, code: 'NO_REFUND_DUE' });
    expect((await refundsDue()).map((r) => r._id)).not.toContain(order._id);
    expect(Math.round((revenueBefore - (await revenueTotal())) * 100)).toBe(21_499);

    const recorded = (await eventsOf(order._id)).filter((e) => e.action === 'refunded');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actorId: admin.user.id, actorRole: 'admin' });
    expect(recorded[0]?.changes).toMatchObject({
      refund: { from: 'due', to: 'done' },
      creditNoteNumber: { from: null, to: refund?.creditNoteNumber },
      note: { from: null, to: 'Refunded on Konnect’s dashboard' },
    });
    const audit = await request(ctx.app)
      .get('/api/admin/audit?entity=order')
      .set('Authorization', auth(admin))
      .expect(200);
    expect(
      (audit.body as { entityId: string; action: string }[]).some(
        (e) => e.entityId === order._id && e.action === 'refunded',
      ),
    ).toBe(true);
    const history = await request(ctx.app)
      .get(`/api/orders/${order._id}/history`)
      .set('Authorization', auth(admin))
      .expect(200);
    expect((history.body as { action: string }[]).map((e) => e.action)).toEqual([
      'placed',
      'paid',
      'cancelled',
      'refunded',
    ]);

    await expect
      .poll(() => mailsAbout(order._id).filter((m) => m.subject.startsWith('Refund made')).length)
      .toBe(1);
    const refundMail = mailsAbout(order._id).find((m) => m.subject.startsWith('Refund made'));
    expect(refundMail?.text).toContain('We have refunded the 214.99 TND you paid');
    expect(refundMail?.text).toContain(`Credit note number: ${refund?.creditNoteNumber}`);
  });

  it('an In Place order marked paid then cancelled is owed back through the centre (no reference)', async () => {
    const buyer = await newBuyer('ar');
    const order = await placeOrder(buyer, 20, 'In Place');
    await request(ctx.app)
      .put(`/api/orders/${order._id}/pay`)
      .set('Authorization', auth(admin))
      .expect(200);
    const cancelled = (await cancel(admin, order._id).expect(200)).body as Order;
    expect(cancelled.refund).toMatchObject({
      status: 'due',
      amount: 214.99,
      provider: 'In Place',
      reference: null,
    });
    await expect
      .poll(() => mailsAbout(order._id).filter((m) => m.text.includes('سيُردّ إليك مبلغ')).length)
      .toBe(1);
  });

  it('409 when no refund is due, 404 for an unknown order; credit notes numbered without gaps or duplicates under concurrency', async () => {
    const buyer = await newBuyer();
    const unpaid = await placeOrder(buyer, 20, 'In Place');
    expect((await putRefund(admin, unpaid._id)).status).toBe(409);
    expect((await putRefund(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await putRefund(admin, 'nope')).status).toBe(404);

    const owed: Order[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await placeOrder(buyer, 20, 'In Place');
      await request(ctx.app)
        .put(`/api/orders/${order._id}/pay`)
        .set('Authorization', auth(admin))
        .expect(200);
      owed.push((await cancel(admin, order._id).expect(200)).body as Order);
    }
    // Three refunds recorded at once, and the first one twice.
    const [first] = owed;
    if (!first) throw new Error('no order');
    const answers = await Promise.all([...owed, first].map((o) => putRefund(admin, o._id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409]);
    const numbers = answers
      .filter((a) => a.status === 200)
      .map((a) => (a.body as Order).refund?.creditNoteNumber ?? '');
    const serials = numbers.map((n) => Number(n.slice(-5))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(3);
    expect(serials[2]! - serials[0]!).toBe(2);
  });
});

describe('cancel racing the payment webhook', () => {
  it('ends cancelled with exactly one refund due, whichever comes first', async () => {
    const buyer = await newBuyer();
    for (let round = 0; round < 4; round++) {
      const order = await placeOrder(buyer);
      const ref = await openPayment(buyer, order._id);
      konnect.complete(ref);
      const [cancelled, hook] = await Promise.all([cancel(admin, order._id), webhook(ref)]);
      expect(cancelled.status).toBe(200);
      expect(hook.status).toBe(200);
      // The webhook may answer before its check ends: the order is read once it settled.
      await expect.poll(async () => (await read(admin, order._id)).refund?.status).toBe('due');
      const after = await read(buyer, order._id);
      expect(after.status).toBe('cancelled');
      expect(after.refund).toMatchObject({
        status: 'due',
        amount: 214.99,
        provider: 'konnect',
        reference: ref,
      });
      const refundEvents = (await eventsOf(order._id)).filter((e) => 'refund' in e.changes);
      expect(refundEvents).toHaveLength(1);
      expect((await refundsDue()).filter((r) => r._id === order._id)).toHaveLength(1);
    }
  });
});

describe('the payment webhook racing the hold expiry', () => {
  it('a payment completed as the hold ends pays the order once, with no refund, whichever runs first', async () => {
    const buyer = await newBuyer();
    for (let round = 0; round < 3; round++) {
      const order = await placeOrder(buyer);
      const ref = await openPayment(buyer, order._id);
      const [row] = await ctx.database.db
        .select({ hold: orders.holdExpiresAt })
        .from(orders)
        .where(eq(orders.id, order._id));
      ctx.clock.advance((row?.hold?.getTime() ?? 0) - ctx.clock.now().getTime() + 1_000);
      konnect.complete(ref);
      const instance: ServiceContext = { ...ctx.deps, events: ctx.app.events };
      await Promise.all([sweepExpiredHolds(instance), webhook(ref).expect(200)]);
      await expect.poll(async () => (await read(admin, order._id)).status).toBe('paid');
      const after = await read(buyer, order._id);
      expect(after.refund).toBeNull();
      expect((await eventsOf(order._id)).filter((e) => e.action === 'paid')).toHaveLength(1);
    }
  });
});

describe('several payments owed back on one order (issue 49)', () => {
  /** A Card order paid through a second page while the first was paid at its last second too. */
  async function paidTwice(buyer: UserFixture): Promise<{ order: Order; first: string; second: string }> {
    const order = await placeOrder(buyer);
    const first = await openPayment(buyer, order._id);
    const [attempt] = await ctx.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, first));
    if (!attempt) throw new Error('no attempt');
    ctx.clock.advance(attempt.expiresAt.getTime() + 31_000 - ctx.clock.now().getTime());
    const second = await openPayment(buyer, order._id);
    expect(second).not.toBe(first);
    konnect.complete(second);
    await webhook(second).expect(200);
    konnect.complete(first);
    await webhook(first).expect(200);
    return { order, first, second };
  }

  it('an order paid twice then cancelled owes both, oldest first; each refund made gets its own credit note', async () => {
    const buyer = await newBuyer();
    const { order, first, second } = await paidTwice(buyer);
    const cancelled = (await cancel(admin, order._id).expect(200)).body as Order;
    expect(cancelled.refunds.map((r) => [r.status, r.amount, r.provider, r.reference])).toEqual([
      ['due', 214.99, 'konnect', first],
      ['due', 214.99, 'konnect', second],
    ]);
    expect(cancelled.refund).toEqual(cancelled.refunds[0]);
    const listed = (await refundsDue()).filter((r) => r._id === order._id);
    expect(listed.map((r) => r.reference)).toEqual([first, second]);

    // The second one made first, named by its payment reference; then the oldest due (the first).
    const one = await putRefund(admin, order._id, { reference: second });
    expect(one.status).toBe(200);
    const made = (one.body as Order).refunds;
    expect(made.map((r) => r.status)).toEqual(['due', 'done']);
    const numberOne = made[1]?.creditNoteNumber ?? '';
    expect(numberOne).toMatch(/^AV-\d{4}-\d{5}$/);
    expect((await refundsDue()).filter((r) => r._id === order._id).map((r) => r.reference)).toEqual([first]);
    const two = (await putRefund(admin, order._id, {}).expect(200)).body as Order;
    const numberTwo = two.refunds[0]?.creditNoteNumber ?? '';
    expect(two.refunds.map((r) => r.status)).toEqual(['done', 'done']);
    expect(Number(numberTwo.slice(-5))).toBe(Number(numberOne.slice(-5)) + 1);
    expect((await putRefund(admin, order._id)).body).toMatchObject({ code: 'NO_REFUND_DUE' });
    expect((await putRefund(admin, order._id, { reference: second })).body).toMatchObject({ code: 'NO_REFUND_DUE' });
    const unknown = await putRefund(admin, order._id, { reference: 'no-such-payment' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: MESSAGES.refundNotFound, code: 'REFUND_NOT_FOUND' });
    expect((await putRefund(admin, order._id, { reference: '' })).status).toBe(400);

    // Each credit note by its number; without one, the first of the order's refunds that has one.
    const creditNote = (query: string) =>
      request(ctx.app).get(`/api/orders/${order._id}/credit-note${query}`).set('Authorization', auth(buyer));
    for (const number of [numberOne, numberTwo]) {
      const pdf = await creditNote(`?number=${number}`).expect(200);
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="credit-note-${number}.pdf"`);
    }
    expect((await creditNote('').expect(200)).headers['content-disposition']).toContain(numberTwo);
    expect((await creditNote('?number=AV-2000-00001')).status).toBe(404);
    expect((await creditNote('?number=nope')).status).toBe(400);

    // The customer is told of each refund made.
    await expect
      .poll(() => mailsAbout(order._id).filter((m) => m.subject.startsWith('Refund made')).length)
      .toBe(2);
    const texts = mailsAbout(order._id).filter((m) => m.subject.startsWith('Refund made')).map((m) => m.text);
    expect(texts.join('\n')).toContain(`Credit note number: ${numberOne}`);
    expect(texts.join('\n')).toContain(`Credit note number: ${numberTwo}`);
  });
});

describe('an admin approves a transfer that reached an order that can no longer take it (issue 49)', () => {
  async function placeTransferOrder(buyer: UserFixture, availability = 20): Promise<Order> {
    const course = await createCourse(ctx.database.db, { price: 33.33, availability });
    const res = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', auth(buyer))
      .send({ orderItems: [{ course: course.id, qty: 3 }], shippingAddress, paymentMethod: 'Transfer' });
    expect(res.status).toBe(201);
    return res.body as Order;
  }
  const markPaid = (id: string) => request(ctx.app).put(`/api/orders/${id}/pay`).set('Authorization', auth(admin));

  it('a cancelled Transfer order: 200, still cancelled, the money a refund due through Transfer, once', async () => {
    const buyer = await newBuyer();
    const order = await placeTransferOrder(buyer);
    await cancel(buyer, order._id).expect(200);
    const approved = await markPaid(order._id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'cancelled', isPaid: false, invoiceNumber: null });
    const refund = { status: 'due', amount: 214.99, provider: 'Transfer', reference: null, dueAt: expect.any(String), doneAt: null, creditNoteNumber: null, creditNoteTtn: null };
    expect((approved.body as Order).refunds).toEqual([refund]);
    expect((approved.body as Order).refund).toEqual(refund);
    // Approved twice (a double click): the same money, still one refund.
    expect((await markPaid(order._id).expect(200)).body.refunds).toHaveLength(1);
    expect((await refundsDue()).filter((r) => r._id === order._id)).toEqual([
      expect.objectContaining({ provider: 'Transfer', reference: null, amount: 214.99, status: 'cancelled' }),
    ]);
    await expect
      .poll(() => mailsAbout(order._id).filter((m) => m.subject.includes('it will be refunded')).length)
      .toBe(1);
  });

  it('an expired Transfer order whose seats were sold: 200, still expired, refund due; other methods still 409', async () => {
    const buyer = await newBuyer();
    const order = await placeTransferOrder(buyer, 3);
    const hold = (await read(buyer, order._id)).holdExpiresAt;
    ctx.clock.advance(Date.parse(hold ?? '') - ctx.clock.now().getTime() + 1_000);
    const instance: ServiceContext = { ...ctx.deps, events: ctx.app.events };
    expect(await sweepExpiredHolds(instance)).toBeGreaterThanOrEqual(1);
    const other = await newBuyer();
    await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', auth(other))
      .send({ orderItems: [{ course: order.orderItems[0]?.course, qty: 3 }], shippingAddress, paymentMethod: 'In Place' })
      .expect(201);
    const approved = await markPaid(order._id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'expired', isPaid: false, refund: { status: 'due', provider: 'Transfer', amount: 214.99 } });

    // An In Place order cancelled is not money that arrived: marking it paid stays a 409.
    const inPlace = await placeOrder(buyer, 20, 'In Place');
    await cancel(buyer, inPlace._id).expect(200);
    expect((await markPaid(inPlace._id)).status).toBe(409);
    expect((await read(admin, inPlace._id)).refunds).toEqual([]);
  });
});

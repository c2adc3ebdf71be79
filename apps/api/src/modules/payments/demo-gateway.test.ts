import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order } from '@shop/shared';
import { createApp } from '../../app.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { freePort } from '../../test/ports.js';

/*
 * The built-in test gateway (no provider configured, outside production) through real HTTP:
 * the shop listens on a port, its Konnect adapter calls the gateway there, the gateway calls the
 * shop's webhook there, as `pnpm start` runs it.
 */
let ctx: TestContext;
let server: Server;
let base: string;
let buyer: UserFixture;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ PORT: String(port), APP_URL: base });
  server = createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  buyer = await createUser(ctx.database.db, ctx.config);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'France' };

async function placeCardOrder(app: Parameters<typeof request>[0] = base): Promise<Order> {
  const course = await createCourse(ctx.database.db, { price: 40, availability: 5 });
  const res = await request(app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${buyer.token}`)
    .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress, paymentMethod: 'Card' });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const startPayment = (id: string) =>
  request(base).post(`/api/orders/${id}/payment`).set('Authorization', `Bearer ${buyer.token}`);
const readOrder = async (id: string) =>
  (await request(base).get(`/api/orders/${id}`).set('Authorization', `Bearer ${buyer.token}`).expect(200)).body as Order;

describe('the built-in test gateway', () => {
  it('is offered outside production when no provider is configured', async () => {
    const res = await request(base).get('/api/payments/options').expect(200);
    expect(res.body).toEqual({ methods: ['Card', 'In Place'], onlineProvider: 'test' });
  });

  it('takes a Card order through its page: Fail goes back with the order unpaid, Pay marks it paid', async () => {
    const order = await placeCardOrder();
    // 40 + 100 shipping + 6 tax.
    expect(order.totalPrice).toBe(146);
    const started = await startPayment(order._id).expect(200);
    const payUrl = started.body.payUrl as string;
    expect(payUrl).toMatch(new RegExp(`^${base}/api/payments/test-gateway/pay/[0-9a-f]{24}$`));
    const path = payUrl.slice(base.length);

    const page = await request(base).get(path).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Test payment');
    expect(page.text).toContain('146.00 TND');
    expect(page.text).toContain('no money moves');

    const failed = await request(base).post(`${path}/fail`).expect(303);
    expect(failed.headers['location']).toBe(`${base}/order/${order._id}?payment=failed`);
    expect(await readOrder(order._id)).toMatchObject({ status: 'pending', isPaid: false });

    // Pay again: the same payment page, still open.
    expect((await startPayment(order._id).expect(200)).body.payUrl).toBe(payUrl);
    const paid = await request(base).post(`${path}/complete`).expect(303);
    expect(paid.headers['location']).toBe(`${base}/order/${order._id}?payment=success`);
    const after = await readOrder(order._id);
    expect(after).toMatchObject({
      status: 'paid',
      isPaid: true,
      paymentResult: { provider: 'test', status: 'completed', amount: 146, reference: path.split('/').at(-1) },
    });
    expect(await request(base).get(path).expect(200).then((r) => r.text)).toContain('Already paid');
  });

  it('answers 404 for a payment it does not know', async () => {
    await request(base).get('/api/payments/test-gateway/pay/0123456789abcdef01234567').expect(404);
    await request(base).get('/api/payments/test-gateway/payments/not-a-ref').expect(404);
  });
});

describe('the test gateway’s addresses (issue 49)', () => {
  /** What an anonymous caller sends to init-payment: the shop's own addresses unless overridden. */
  const init = (addresses: Partial<Record<'webhook' | 'successUrl' | 'failUrl', string>>) =>
    request(base)
      .post('/api/payments/test-gateway/payments/init-payment')
      .send({
        receiverWalletId: 'demo',
        token: 'TND',
        amount: 1000,
        type: 'immediate',
        lifespan: 30,
        orderId: 'x',
        webhook: `${base}/api/payments/konnect/webhook`,
        successUrl: `${base}/order/x?payment=success`,
        failUrl: `${base}/order/x?payment=failed`,
        ...addresses,
      });

  it('refuses with 400 a webhook, success or fail address outside APP_URL, and fetches nothing', async () => {
    // A server the gateway must never call: it counts every request that reaches it.
    let calls = 0;
    const outside = createServer((_req, res) => {
      calls++;
      res.end('ok');
    });
    const port = await freePort();
    await new Promise<void>((resolve) => outside.listen(port, '127.0.0.1', resolve));
    try {
      const elsewhere = `http://127.0.0.1:${port}/hook`;
      for (const addresses of [
        { webhook: elsewhere },
        { successUrl: 'https://evil.example/phish' },
        { failUrl: 'https://evil.example/phish' },
        // Same host, another port; a look-alike host; credentials in the address; another scheme.
        { webhook: base.replace(/:\d+$/, `:${port}`) + '/api/payments/konnect/webhook' },
        { successUrl: `${base}.evil.example/order/x` },
        { successUrl: base.replace('http://', 'http://user:pw@') + '/order/x' },
        { webhook: 'file:///etc/passwd' },
      ]) {
        const res = await init(addresses);
        expect(res.status, JSON.stringify(addresses)).toBe(400);
        expect(JSON.stringify(res.body)).toContain(MESSAGES.testGatewayForeignAddress);
      }
      // The shop's own addresses are taken, and paying one with a foreign webhook never happened.
      const own = await init({});
      expect(own.status).toBe(200);
      const paid = await request(base).post(`/api/payments/test-gateway/pay/${own.body.paymentRef as string}/complete`);
      expect(paid.status).toBe(303);
      expect(paid.headers['location']).toBe(`${base}/order/x?payment=success`);
      expect(calls).toBe(0);
    } finally {
      await new Promise((resolve) => outside.close(resolve));
    }
  });
});

describe('production without a payment provider', () => {
  it('offers no Card payment: the options say so, placing a Card order is a 400, paying one online a 409', async () => {
    const cardOrder = await placeCardOrder();
    const off = createApp({ ...ctx.deps, config: { ...ctx.config, payments: { mode: 'off' } } });
    const options = await request(off).get('/api/payments/options').expect(200);
    expect(options.body).toEqual({ methods: ['In Place'], onlineProvider: null });

    const course = await createCourse(ctx.database.db, { price: 40, availability: 5 });
    const body = { orderItems: [{ course: course.id, qty: 1 }], shippingAddress };
    const card = await request(off)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ ...body, paymentMethod: 'Card' });
    expect(card.status).toBe(400);
    expect(card.body.message).toBe(MESSAGES.cardPaymentsUnavailable);
    await request(off)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ ...body, paymentMethod: 'In Place' })
      .expect(201);

    const pay = await request(off).post(`/api/orders/${cardOrder._id}/payment`).set('Authorization', `Bearer ${buyer.token}`);
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(MESSAGES.cardPaymentsUnavailable);
    await request(off).get('/api/payments/test-gateway/pay/0123456789abcdef01234567').expect(404);
  });
});

import request from 'supertest';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@shop/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  createAdmin,
  createCourse,
  createUser,
  type UserFixture,
} from '../../../test/factories.js';

/** Issue 51, "A child asks a parent to pay" (docs/api.md#orders). */

const SHOP = {
  SHOP_LEGAL_NAME: 'Centre de Formation Ennour SARL',
  SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
  SHOP_TAX_ID: '1234567/A/M/000',
  SHOP_BANK_ACCOUNT: 'TN59 1000 6035 0000 1234 5678',
};

let ctx: TestContext;
let child: UserFixture;
let parent: UserFixture;
let otherAdult: UserFixture;
let otherChild: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext(SHOP);
  child = await createUser(ctx.database.db, ctx.config, {
    name: 'Yassine Ben Ali',
    isKid: true,
    language: 'fr',
  });
  otherChild = await createUser(ctx.database.db, ctx.config, { name: 'Lina Kid', isKid: true });
  parent = await createUser(ctx.database.db, ctx.config, {
    name: 'Mouna Ben Ali',
    email: 'mouna@example.com',
    language: 'ar',
  });
  otherAdult = await createUser(ctx.database.db, ctx.config, { name: 'Karim Stranger' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());
// A fresh child account per test: each has its own allowance of requests an hour.
beforeEach(async () => {
  child = await createUser(ctx.database.db, ctx.config, {
    name: 'Yassine Ben Ali',
    isKid: true,
    language: 'fr',
  });
});

const shippingAddress = {
  address: '5 Rue de Marseille',
  city: 'Tunis',
  postalCode: '1000',
  country: 'Tunisie',
};
const auth = (user: UserFixture) => `Bearer ${user.token}`;

async function place(buyer: UserFixture = child, paymentMethod = 'Transfer'): Promise<Order> {
  const course = await createCourse(ctx.database.db, {
    name: 'Scratch pour enfants',
    price: 100,
    availability: 5,
  });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', auth(buyer))
    .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress, paymentMethod });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const ask = (id: string, email: string, by: UserFixture = child) =>
  request(ctx.app).post(`/api/orders/${id}/payer`).set('Authorization', auth(by)).send({ email });

const accept = (
  id: string,
  token: string,
  by: UserFixture = parent,
  extra: Record<string, unknown> = {},
) =>
  request(ctx.app)
    .post(`/api/orders/${id}/payer/accept`)
    .set('Authorization', auth(by))
    .send({ token, ...extra });

/** The token of the newest payer link mailed to `email` for the order. */
function linkTokenMailedTo(email: string, orderId: string): string {
  const mail = ctx.sentMails.findLast(
    (m) => m.to === email && m.link?.includes(`/order/${orderId}?payer=`),
  );
  if (!mail?.link) throw new Error(`no payer link mailed to ${email}`);
  const token = new URL(mail.link).searchParams.get('payer');
  if (!token) throw new Error('no token in the link');
  return token;
}

async function pdfText(pdf: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true }))
    .text;
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('a child asks a parent to pay', () => {
  it('mails the adult a link in the child’s language; the adult accepts, pays by transfer proof, and gets the invoice', async () => {
    const order = await place();
    const asked = await ask(order._id, 'Mouna@Example.com');
    expect(asked.status).toBe(200);

    const mail = ctx.sentMails.findLast((m) => m.to === 'mouna@example.com');
    expect(mail?.subject).toBe('Yassine Ben Ali vous demande de payer une formation');
    expect(mail?.text).toContain('Scratch pour enfants');
    expect(mail?.text).toContain(`Total à payer : ${order.totalPrice.toFixed(2)} TND`);
    expect(mail?.link).toMatch(new RegExp(`/order/${order._id}\\?payer=[A-Za-z0-9_-]{43}$`));
    const token = linkTokenMailedTo('mouna@example.com', order._id);

    // Before accepting, the adult sees nothing of the order.
    expect(
      (await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', auth(parent)))
        .status,
    ).toBe(403);

    const accepted = await accept(order._id, token);
    expect(accepted.status).toBe(200);
    const withPayer = orderSchema.strict().parse(accepted.body);
    expect(withPayer.payer).toEqual({
      _id: parent.user.id,
      name: 'Mouna Ben Ali',
      email: 'mouna@example.com',
    });
    expect(withPayer.user._id).toBe(child.user.id);

    // The payer sees the order and lists it among the orders they pay for; the child still owns it.
    expect(
      (await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', auth(parent)))
        .status,
    ).toBe(200);
    const paying = await request(ctx.app)
      .get('/api/orders/paying')
      .set('Authorization', auth(parent));
    expect((paying.body as Order[]).map((o) => o._id)).toContain(order._id);
    const mine = await request(ctx.app)
      .get('/api/orders/myorders')
      .set('Authorization', auth(child));
    expect((mine.body as Order[]).map((o) => o._id)).toContain(order._id);
    // Someone else still gets nothing, nor does the adult list the child's other orders.
    expect(
      (
        await request(ctx.app)
          .get(`/api/orders/${order._id}`)
          .set('Authorization', auth(otherAdult))
      ).status,
    ).toBe(403);

    // The payer uploads the transfer receipt; the admin approves.
    const photo = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#eee' },
    })
      .jpeg()
      .toBuffer();
    const proof = await request(ctx.app)
      .post(`/api/orders/${order._id}/proof`)
      .set('Authorization', auth(parent))
      .attach('file', photo, 'receipt.jpg');
    expect(proof.status).toBe(200);
    const paid = await request(ctx.app)
      .put(`/api/orders/${order._id}/pay`)
      .set('Authorization', auth(admin))
      .send({});
    expect(paid.status).toBe(200);

    // The child sees it paid.
    const childView = await request(ctx.app)
      .get(`/api/orders/${order._id}`)
      .set('Authorization', auth(child));
    expect(childView.body).toMatchObject({
      isPaid: true,
      status: 'paid',
      user: { _id: child.user.id },
    });

    // Both hear of the payment: the payer in Arabic, the child in French.
    await expect
      .poll(() =>
        ctx.sentMails.filter((m) => m.subject.includes(order._id.slice(0, 8))).map((m) => m.to),
      )
      .toEqual(expect.arrayContaining([parent.user.email, child.user.email]));

    // The invoice is made out to the payer, and the payer may download it.
    const invoice = await binary(
      request(ctx.app).get(`/api/orders/${order._id}/invoice`).set('Authorization', auth(parent)),
    );
    expect(invoice.status).toBe(200);
    const text = await pdfText(invoice.body as Buffer);
    expect(text).toContain('Mouna Ben Ali');
    expect(text).not.toContain('Yassine');
  });

  it('a newer request voids the older link', async () => {
    const order = await place();
    expect((await ask(order._id, 'first@example.com')).status).toBe(200);
    const first = linkTokenMailedTo('first@example.com', order._id);
    expect((await ask(order._id, 'mouna@example.com')).status).toBe(200);
    const second = linkTokenMailedTo('mouna@example.com', order._id);
    const old = await accept(order._id, first);
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await accept(order._id, second)).status).toBe(200);
    // Used: the same link cannot be accepted twice.
    expect((await accept(order._id, second, otherAdult)).status).toBe(400);
  });

  it('a request for one order leaves the link of another order live', async () => {
    const one = await place();
    const two = await place();
    expect((await ask(one._id, 'mouna@example.com')).status).toBe(200);
    const tokenOne = linkTokenMailedTo('mouna@example.com', one._id);
    expect((await ask(two._id, 'mouna@example.com')).status).toBe(200);
    expect((await accept(one._id, tokenOne)).status).toBe(200);
  });

  it('refuses a child account accepting (403), a bad token or another order’s token (400), and a paid order (409)', async () => {
    const order = await place();
    expect((await ask(order._id, 'mouna@example.com')).status).toBe(200);
    const token = linkTokenMailedTo('mouna@example.com', order._id);

    const kid = await accept(order._id, token, otherChild);
    expect(kid.status).toBe(403);
    expect(kid.body).toMatchObject({ code: 'CHILD_ACCOUNT' });
    expect((await accept(order._id, 'not-a-token')).status).toBe(400);
    expect((await accept(order._id, 'A'.repeat(43))).status).toBe(400);
    const other = await place();
    expect((await accept(other._id, token)).status).toBe(400);

    await request(ctx.app)
      .put(`/api/orders/${order._id}/pay`)
      .set('Authorization', auth(admin))
      .send({})
      .expect(200);
    const late = await accept(order._id, token);
    expect(late.status).toBe(409);
    // Asking again about a paid order: 409 too.
    expect((await ask(order._id, 'mouna@example.com')).status).toBe(409);
  });

  it('only the child buyer asks: an adult buyer and a stranger are refused; the child’s own address and a bad one too', async () => {
    const adultOrder = await place(parent);
    expect((await ask(adultOrder._id, 'someone@example.com', parent)).status).toBe(403);
    const order = await place();
    expect((await ask(order._id, 'someone@example.com', otherChild)).status).toBe(403);
    expect((await ask(order._id, child.user.email)).status).toBe(400);
    expect((await ask(order._id, 'not an e-mail')).status).toBe(400);
    expect((await ask('00000000-0000-4000-8000-000000000000', 'someone@example.com')).status).toBe(
      404,
    );
  });

  it('lets the payer choose how to pay and start an online payment; the child’s details stay out of the stranger’s view', async () => {
    const order = await place(child, 'In Place');
    expect((await ask(order._id, 'mouna@example.com')).status).toBe(200);
    const token = linkTokenMailedTo('mouna@example.com', order._id);
    const res = await accept(order._id, token, parent, { paymentMethod: 'Transfer' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentMethod: 'Transfer', payer: { _id: parent.user.id } });
    // A stranger cannot start paying it.
    expect(
      (
        await request(ctx.app)
          .post(`/api/orders/${order._id}/payment`)
          .set('Authorization', auth(otherAdult))
      ).status,
    ).toBe(403);
    // The payer may not cancel: that stays the child's (and the admin's).
    expect(
      (
        await request(ctx.app)
          .post(`/api/orders/${order._id}/cancel`)
          .set('Authorization', auth(parent))
      ).status,
    ).toBe(403);
  });

  it('two adults accepting the same request at once: one wins, the other gets 400', async () => {
    const order = await place();
    expect((await ask(order._id, 'mouna@example.com')).status).toBe(200);
    const token = linkTokenMailedTo('mouna@example.com', order._id);
    const [a, b] = await Promise.all([
      accept(order._id, token, parent),
      accept(order._id, token, otherAdult),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const winner = a.status === 200 ? parent : otherAdult;
    const after = await request(ctx.app)
      .get(`/api/orders/${order._id}`)
      .set('Authorization', auth(admin));
    expect(after.body.payer._id).toBe(winner.user.id);
  });

  it('limits how many requests one account sends', async () => {
    const order = await place();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await ask(order._id, `adult${i}@example.com`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

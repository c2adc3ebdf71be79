import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order } from '@shop/shared';
import { createApp } from '../../../app.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { createMailer } from '../../mail/mailer.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/mail.js';
import { invoiceYear } from './order-states.repository.js';

const SHOP = {
  SHOP_LEGAL_NAME: 'Centre de Formation Ennour SARL',
  SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
  SHOP_TAX_ID: '1234567/A/M/000',
  SHOP_HOURS: 'Mon–Sat 9:00–18:00',
  SHOP_HOURS_FR: 'Du lundi au samedi, 9 h–18 h',
};

let smtp: TestSmtpServer;
let ctx: TestContext;
let buyer: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, ...SHOP }, { mailer: createMailer });
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amélie Dupré', email: 'amelie@example.com' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'France' };

async function place(user: UserFixture, price = 45.5, qty = 2): Promise<Order> {
  const course = await createCourse(ctx.database.db, { name: 'Français B1', price, availability: 50 });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({ orderItems: [{ course: course.id, qty }], shippingAddress, paymentMethod: 'In Place' });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const pay = (id: string) => request(ctx.app).put(`/api/orders/${id}/pay`).set('Authorization', `Bearer ${admin.token}`);

/** The next mail whose subject contains `subject` (mails of other tests are skipped). */
async function mailAbout(subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await smtp.nextMail();
    if (mail.subject.includes(subject)) return mail;
  }
}

const invoiceOf = (id: string, token: string) =>
  request(ctx.app)
    .get(`/api/orders/${id}/invoice`)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text;
}

describe('order e-mails', () => {
  it('mails the order, the amounts, where and when to pay on site and the hold end', async () => {
    const order = await place(buyer);
    const mail = await mailAbout('is placed');
    expect(mail.to).toEqual(['amelie@example.com']);
    expect(mail.text).toContain('Hello Amélie Dupré,');
    expect(mail.text).toContain('Français B1: 2 x 45.50 TND = 91.00 TND');
    expect(mail.text).toContain('Total: 204.65 TND');
    expect(mail.text).toContain(`Where: ${SHOP.SHOP_LEGAL_NAME}, ${SHOP.SHOP_ADDRESS}`);
    expect(mail.text).toContain(`Opening hours: ${SHOP.SHOP_HOURS}`);
    const holdDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'full' }).format(
      new Date(order.holdExpiresAt ?? ''),
    );
    expect(mail.text).toContain(`Your seats are held until ${holdDay}`);
    expect(mail.text).toContain(`http://shop.test/order/${order._id}`);
    expect(mail.html).toContain('Français B1: 2 x 45.50 TND = 91.00 TND');
    expect(mail.html).toContain(`href="http://shop.test/order/${order._id}"`);
  });

  it('gives a French buyer the opening hours in French (issue 54)', async () => {
    const french = await createUser(ctx.database.db, ctx.config, { name: 'Hédi Trabelsi', language: 'fr' });
    await place(french);
    const mail = await mailAbout('est enregistrée');
    expect(mail.text).toContain('Horaires : Du lundi au samedi, 9 h–18 h');
    expect(mail.text).not.toContain(SHOP.SHOP_HOURS);
  });

  it('mails the payment with its invoice number, and the cancellation', async () => {
    const order = await place(buyer, 30, 1);
    const paid = await pay(order._id);
    const received = await mailAbout('Payment received');
    expect(received.text).toContain('We received your payment of 134.50 TND');
    expect(received.text).toContain(`Invoice number: ${paid.body.invoiceNumber}`);

    await request(ctx.app).post(`/api/orders/${order._id}/cancel`).set('Authorization', `Bearer ${admin.token}`);
    const cancelled = await mailAbout('is cancelled');
    // Cancelling a paid order owes the money back; nothing says "refunded" before it is made.
    const due = 'The 134.50 TND you paid will be refunded to you; we will write to you again once the refund is made.';
    expect(cancelled.text).toContain(due);
    expect(cancelled.html).toContain(due);
    expect(cancelled.text).not.toMatch(/is refunded/);
  });
});

describe('invoice numbers', () => {
  it('numbers 20 simultaneous payments YYYY-NNNNN in sequence, with no gap and no duplicate', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => place(buyer, 10, 1)));
    // Payments of the e-mail tests above came first: the sequence goes on from there.
    const before = (await pay((await place(buyer, 10, 1))._id)).body.invoiceNumber as string;
    const start = Number(before.split('-')[1]);
    const answers = await Promise.all(orders.map((o) => pay(o._id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const year = invoiceYear(ctx.clock.now());
    const numbers = answers.map((a) => a.body.invoiceNumber as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `${year}-${String(start + 1 + i).padStart(5, '0')}`),
    );
  });
});

describe('GET /api/orders/{id}/invoice', () => {
  it('answers a PDF with the number, the centre, the customer, the lines and the total', async () => {
    const order = await place(buyer);
    const paid = await pay(order._id);
    const res = await invoiceOf(order._id, buyer.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${paid.body.invoiceNumber}.pdf"`);
    const text = await pdfText(res.body as Buffer);
    for (const expected of [
      `Invoice number: ${paid.body.invoiceNumber}`,
      SHOP.SHOP_LEGAL_NAME,
      SHOP.SHOP_ADDRESS,
      `Tax ID: ${SHOP.SHOP_TAX_ID}`,
      'Amélie Dupré',
      'Français B1',
      '91.00 TND',
      'Shipping',
      '100.00 TND',
      'Tax (15%)',
      '13.65 TND',
      '204.65 TND',
      'Paid on site',
    ]) {
      expect(text).toContain(expected);
    }
    // The admin gets the same invoice.
    expect((await invoiceOf(order._id, admin.token)).status).toBe(200);
  });

  it('draws an Arabic name with real Arabic letters', async () => {
    const arabic = await createUser(ctx.database.db, ctx.config, { name: 'مريم' });
    const order = await place(arabic, 20, 1);
    await pay(order._id);
    const res = await invoiceOf(order._id, arabic.token);
    expect(res.status).toBe(200);
    // Shaped glyphs come back as Arabic letters (presentation forms normalised by NFKC).
    expect((await pdfText(res.body as Buffer)).normalize('NFKC')).toMatch(/[\u0600-\u06FF]{3,}/);
  });

  it('refuses before payment with 409 naming the state; 403 for others, 401 anonymous, 404 unknown', async () => {
    const order = await place(buyer);
    const early = await invoiceOf(order._id, buyer.token);
    expect(early.status).toBe(409);
    expect(JSON.parse((early.body as Buffer).toString())).toEqual({
      message: 'No invoice yet: the order is pending. An invoice exists once it is paid.',
      code: 'ORDER_STATE',
    });
    await pay(order._id);
    const stranger = await createUser(ctx.database.db, ctx.config);
    expect((await invoiceOf(order._id, stranger.token)).status).toBe(403);
    expect((await request(ctx.app).get(`/api/orders/${order._id}/invoice`)).status).toBe(401);
    for (const id of ['nope', '0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a11']) {
      expect((await invoiceOf(id, buyer.token)).status).toBe(404);
    }
  });

  it('answers 503 with a message for an order paid while the legal identity is not configured (production), until it is', async () => {
    const order = await place(buyer);
    const app = createApp({ ...ctx.deps, config: { ...ctx.config, shop: { ...ctx.config.shop, taxId: '' } } });
    const paid = await request(app).put(`/api/orders/${order._id}/pay`).set('Authorization', `Bearer ${admin.token}`);
    expect(paid.status).toBe(200);
    const res = await request(app).get(`/api/orders/${order._id}/invoice`).set('Authorization', `Bearer ${buyer.token}`);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MESSAGES.invoicesNotConfigured, code: 'INVOICES_NOT_CONFIGURED' });
    // Once configured, the invoice is drawn with the identity of that day.
    const later = await invoiceOf(order._id, buyer.token);
    expect(later.status).toBe(200);
    expect(await pdfText(later.body as Buffer)).toContain(`Tax ID: ${SHOP.SHOP_TAX_ID}`);
  });
});

import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order } from '@shop/shared';
import { loadConfig } from '../../../config.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { createMailer } from '../../mail/mailer.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/mail.js';

/**
 * Issue 52 (docs/api.md, lawful invoices): a Tunisian centre's settings (19 %, stamp duty 1 TND),
 * courses at 7 % and at the shop's rate, tax per rate on the net after a coupon, buyers identified.
 */
const SHOP = {
  SHOP_LEGAL_NAME: 'Centre de Formation Ennour SARL',
  SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
  SHOP_TAX_ID: '1234567/A/A/M/000',
  TAX_RATE: '19',
  STAMP_DUTY: '1',
};

let smtp: TestSmtpServer;
let ctx: TestContext;
let buyer: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, ...SHOP }, { mailer: createMailer });
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Sami Ben Ali', email: 'sami.tax@example.com' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'Tunisie' };

async function mailAbout(subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await smtp.nextMail();
    if (mail.subject.includes(subject)) return mail;
  }
}

const pdfOf = (path: string, token: string) =>
  request(ctx.app)
    .get(path)
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

async function twoRateCourses() {
  const db = ctx.database.db;
  const books = await createCourse(db, { name: 'Arabe B1', price: 60, availability: 50, taxRate: 7 });
  const coding = await createCourse(db, { name: 'React', price: 40.5, availability: 50 });
  return { books, coding };
}

describe('tax per course and the stamp duty (issue 52)', () => {
  it('taxes each line at its course rate, adds the stamp duty, and says so on the order, the mail and the invoice', async () => {
    const { books, coding } = await twoRateCourses();
    const res = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({
        orderItems: [
          { course: books.id, qty: 1 },
          { course: coding.id, qty: 2 },
        ],
        shippingAddress,
        paymentMethod: 'In Place',
        // The client shows what the shared calculator gives with the shop's pricing: accepted.
        itemsPrice: 141,
        shippingPrice: 0,
        taxPrice: 19.59,
        totalPrice: 161.59,
        invoiceTo: { kind: 'company', name: 'Sotudis SARL', taxId: '0001234 b/a/m/000' },
      });
    expect(res.status).toBe(201);
    const order = res.body as Order;
    // 7 % of 60 = 4.20; 19 % of 81 = 15.39; total 141 + 0 + 19.59 + 1.
    expect(order.taxLines).toEqual([
      { rate: 7, base: 60, amount: 4.2 },
      { rate: 19, base: 81, amount: 15.39 },
    ]);
    expect(order.stampDuty).toBe(1);
    expect(order.taxPrice).toBe(19.59);
    expect(order.totalPrice).toBe(161.59);
    expect(order.invoiceTo).toEqual({ kind: 'company', name: 'Sotudis SARL', taxId: '0001234BAM000' });
    const again = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(again.body).toMatchObject({ taxLines: order.taxLines, stampDuty: 1, totalPrice: 161.59 });

    const mail = await mailAbout('is placed');
    expect(mail.text).toContain('Tax 7 %: 4.20 TND');
    expect(mail.text).toContain('Tax 19 %: 15.39 TND');
    expect(mail.text).toContain('Stamp duty: 1.00 TND');
    expect(mail.text).toContain('Total: 161.59 TND');

    const paid = await request(ctx.app).put(`/api/orders/${order._id}/pay`).set('Authorization', `Bearer ${admin.token}`);
    expect(paid.status).toBe(200);
    const invoice = await pdfText((await pdfOf(`/api/orders/${order._id}/invoice`, buyer.token)).body as Buffer);
    expect(invoice).toContain('Tax (7%, on 60.00 TND)');
    expect(invoice).toContain('4.20 TND');
    expect(invoice).toContain('Tax (19%, on 81.00 TND)');
    expect(invoice).toContain('15.39 TND');
    expect(invoice).toContain('Stamp duty');
    expect(invoice).toContain('161.59 TND');
    expect(invoice).toContain('Tax ID (matricule fiscal): 0001234/B/A/M/000');

    // The credit note cancels what the invoice charged, stamp duty included.
    await request(ctx.app).post(`/api/orders/${order._id}/cancel`).set('Authorization', `Bearer ${admin.token}`).expect(200);
    const refund = await request(ctx.app).put(`/api/orders/${order._id}/refund`).set('Authorization', `Bearer ${admin.token}`).send({});
    expect(refund.status).toBe(200);
    expect(refund.body.refund).toMatchObject({ status: 'done', amount: 161.59 });
    const note = await pdfText((await pdfOf(`/api/orders/${order._id}/credit-note`, buyer.token)).body as Buffer);
    expect(note).toContain('Tax (7%, on 60.00 TND)');
    expect(note).toContain('Stamp duty');
    expect(note).toContain('Amount refunded');
    expect(note.match(/161\.59 TND/g)?.length).toBe(2);
  });

  it('taxes each rate on its net after a coupon, and a price shown without the stamp is refused with the server amounts', async () => {
    const { books, coding } = await twoRateCourses();
    await request(ctx.app)
      .post('/api/coupons')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ code: 'TAX10', kind: 'percent', value: 10 })
      .expect(201);
    const body = {
      orderItems: [
        { course: books.id, qty: 1 },
        { course: coding.id, qty: 1 },
      ],
      shippingAddress,
      paymentMethod: 'In Place',
      couponCode: 'tax10',
    };
    // Items 100.50, discount 10.05 (6.00 on the 7 % line, 4.05 on the 19 % line): net 90.45.
    const stale = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ ...body, totalPrice: 90.45 + 100 + 3.78 + 6.93 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('PRICE_CHANGED');
    expect(stale.body.amounts).toMatchObject({ totalPrice: 202.16, stampDuty: 1 });
    const res = await request(ctx.app).post('/api/orders').set('Authorization', `Bearer ${buyer.token}`).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      itemsPrice: 100.5,
      discountPrice: 10.05,
      shippingPrice: 100,
      taxLines: [
        { rate: 7, base: 54, amount: 3.78 },
        { rate: 19, base: 36.45, amount: 6.93 },
      ],
      taxPrice: 10.71,
      stampDuty: 1,
      totalPrice: 202.16,
    });
    const check = await request(ctx.app)
      .post('/api/coupons/check')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ code: 'TAX10', orderItems: body.orderItems });
    expect(check.body).toMatchObject({ taxLines: res.body.taxLines, stampDuty: 1, totalPrice: 202.16 });
  });

  it('lets the admin choose a course rate among 0, 7, 13 and 19, shown on the public course', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Comptabilité', price: 100, availability: 5 });
    const put = (taxRate: unknown) =>
      request(ctx.app).put(`/api/courses/${course.id}`).set('Authorization', `Bearer ${admin.token}`).send({ taxRate });
    expect((await put(13)).status).toBe(200);
    expect((await request(ctx.app).get(`/api/courses/${course.id}`)).body.taxRate).toBe(13);
    const refused = await put(15);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/0, 7, 13, 19/);
    expect((await put(null)).status).toBe(200);
    expect((await request(ctx.app).get(`/api/courses/${course.id}`)).body.taxRate).toBeNull();
  });

  it('answers the shop pricing the storefront prices carts with', async () => {
    const res = await request(ctx.app).get('/api/shop/pricing').expect(200);
    expect(res.body).toEqual({ taxRate: 19, stampDuty: 1 });
  });
});

describe('buyers identified (issue 52)', () => {
  async function order(invoiceTo: unknown) {
    const course = await createCourse(ctx.database.db, { name: 'Anglais', price: 10, availability: 50 });
    return request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress, paymentMethod: 'In Place', invoiceTo });
  }

  it.each([
    ['1234567/A/A/M/000', '1234567AAM000'],
    ['1234567.a.p.e.001', '1234567APE001'],
    ['1234567-Z', '1234567Z'],
  ])('reads the matricule %s as %s', async (typed, stored) => {
    const res = await order({ name: 'Sotudis SARL', taxId: typed });
    expect(res.status).toBe(201);
    expect(res.body.invoiceTo).toEqual({ kind: 'company', name: 'Sotudis SARL', taxId: stored });
  });

  it.each(['42', '1234567/A/X/M/000', '1234567/A/A/Z/000', '123456/A/A/M/000', '12345678'])(
    'refuses the matricule %s saying its form',
    async (typed) => {
      const res = await order({ kind: 'company', name: 'Sotudis SARL', taxId: typed });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('TAX_ID_INVALID');
      expect(res.body.message).toBe(MESSAGES.matriculeInvalid);
      expect(res.body.message).toContain('1234567/A/A/M/000');
    },
  );

  it('takes a person with a CIN of 8 digits, and refuses anything else', async () => {
    const ok = await order({ kind: 'person', name: 'Sami Ben Ali', taxId: '0123 4567' });
    expect(ok.status).toBe(201);
    expect(ok.body.invoiceTo).toEqual({ kind: 'person', name: 'Sami Ben Ali', taxId: '01234567' });
    const paid = await request(ctx.app).put(`/api/orders/${ok.body._id}/pay`).set('Authorization', `Bearer ${admin.token}`);
    expect(paid.status).toBe(200);
    const invoice = await pdfText((await pdfOf(`/api/orders/${ok.body._id}/invoice`, buyer.token)).body as Buffer);
    expect(invoice).toContain('Identity card (CIN): 01234567');
    for (const typed of ['1234567', '1234567A', 'ABCDEFGH']) {
      const res = await order({ kind: 'person', name: 'Sami Ben Ali', taxId: typed });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'TAX_ID_INVALID', message: MESSAGES.cinInvalid });
    }
  });

  it('stops a production start whose SHOP_TAX_ID is not a matricule', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      SHOP_LEGAL_NAME: 'Centre',
      SHOP_ADDRESS: 'Tunis',
    };
    expect(() => loadConfig({ ...production, SHOP_TAX_ID: '1234567/A/X/M/000' })).toThrow(/SHOP_TAX_ID must be a matricule fiscal/);
    expect(loadConfig({ ...production, SHOP_TAX_ID: '1234567/A/A/M/000' }).shop.taxId).toBe('1234567/A/A/M/000');
  });
});

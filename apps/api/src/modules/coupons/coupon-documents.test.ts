import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coupon, Order } from '@shop/shared';
import { orders } from '../enrolment/tables/orders.schema.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { testShippingAddress } from '../../test/orders.js';

let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({
    SHOP_LEGAL_NAME: 'Centre de Formation Ennour SARL',
    SHOP_ADDRESS: '12 Rue de Marseille, 1000 Tunis',
    SHOP_TAX_ID: '1234567/A/M/000',
  });
  admin = await createAdmin(ctx.database.db, ctx.config);
  buyer = await createUser(ctx.database.db, ctx.config, { language: 'fr' });
});
afterAll(() => ctx.close());

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text;
}

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('the discount on its own line (issue 37)', () => {
  it('shows in the mails, the invoice (kept at payment) and the CSV export', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Python pour débutants', price: 150, availability: 10 });
    const coupon = (
      await request(ctx.app)
        .post('/api/coupons')
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ code: 'RENTREE', kind: 'percent', value: 20 })
    ).body as Coupon;
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress: testShippingAddress, paymentMethod: 'In Place', couponCode: 'rentree' });
    expect(placed.status).toBe(201);
    const order = placed.body as Order;
    // items 150, discount 30 → net 120: no shipping; tax 18; total 138
    expect(order).toMatchObject({ couponCode: coupon.code, discountPrice: 30, totalPrice: 138 });

    const paid = await request(ctx.app).put(`/api/orders/${order._id}/pay`).set('Authorization', `Bearer ${admin.token}`).send({});
    expect(paid.status).toBe(200);

    const mails = ctx.sentMails.filter((m) => m.to === buyer.user.email);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) {
      expect(mail.text).toContain('Remise (RENTREE): -30.00 TND');
      expect(mail.text).toContain('138.00 TND');
    }

    const [row] = await ctx.database.db.select({ invoice: orders.invoice }).from(orders).where(eq(orders.id, order._id));
    expect(row?.invoice).toMatchObject({ discountPrice: 30, couponCode: 'RENTREE', totalPrice: 138 });

    const invoice = await request(ctx.app)
      .get(`/api/orders/${order._id}/invoice`)
      .set('Authorization', `Bearer ${buyer.token}`)
      .buffer(true)
      .parse(binary);
    expect(invoice.status).toBe(200);
    const text = await pdfText(invoice.body as Buffer);
    expect(text).toContain('Remise (RENTREE)');
    expect(text).toContain('-30.00 TND');
    expect(text).toContain('138.00 TND');

    const csv = await request(ctx.app)
      .get('/api/orders/export.csv')
      .set('Authorization', `Bearer ${admin.token}`)
      .buffer(true)
      .parse(binary);
    const rows = parse(csv.body as Buffer, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r['Order'] === order._id)).toMatchObject({
      Items: '150.00',
      Coupon: 'RENTREE',
      Discount: '30.00',
      Shipping: '0.00',
      Tax: '18.00',
      'Order total': '138.00',
    });
  });
});

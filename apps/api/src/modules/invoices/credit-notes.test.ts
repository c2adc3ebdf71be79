import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { orderRefunds, orders } from '../enrolment/tables/orders.schema.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { validateTeifXsd } from '../../test/teif-xsd.js';
import type { InvoiceSnapshot } from '../enrolment/orders/orders.types.js';
import { creditedInvoice } from './credited.js';
import { buildTeif } from './teif.js';
import { checkTeif } from './teif-check.js';
import { teifInputOfInvoice } from './teif-input.js';

/** Issue 52: what a credit note credits, and who may download the e-invoices. */

const SHOP = {
  SHOP_LEGAL_NAME: 'Centre de Formation Ennour SARL',
  SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
  SHOP_TAX_ID: '1234567/A/B/M/000',
  STAMP_DUTY: '1',
};

let ctx: TestContext;
let buyer: UserFixture;
let child: UserFixture;
let parent: UserFixture;
let stranger: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext(SHOP);
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amira Ben Salah', email: 'amira@example.com' });
  child = await createUser(ctx.database.db, ctx.config, { name: 'Yassine Ben Ali', isKid: true, language: 'fr' });
  parent = await createUser(ctx.database.db, ctx.config, { name: 'Mouna Ben Ali', email: 'mouna@example.com', language: 'ar' });
  stranger = await createUser(ctx.database.db, ctx.config, { name: 'Karim Stranger' });
  admin = await createAdmin(ctx.database.db, ctx.config);
  const coupon = await request(ctx.app).post('/api/coupons').set(as(admin)).send({ code: 'RENTREE', kind: 'percent', value: 10 });
  expect(coupon.status).toBe(201);
});
afterAll(() => ctx.close());

const as = (u: UserFixture) => ({ Authorization: `Bearer ${u.token}` });
const shippingAddress = { address: '5 Avenue Habib Bourguiba', city: 'Sfax', postalCode: '3000', country: 'Tunisie' };
const company = { name: 'Société Cliente SARL', taxId: '7654321 B/A/M/000' };
const unsigned = (xml: string) => xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
const get = (path: string, user: UserFixture) =>
  request(ctx.app)
    .get(path)
    .set(as(user))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
const xmlOf = (res: request.Response) => (res.body as Buffer).toString('utf8');

/** Two courses at 19 % and 7 %, the 10 % coupon, to a company: an order of `by`. */
async function place(by: UserFixture, coupon = true): Promise<Order> {
  const a = await createCourse(ctx.database.db, { name: 'Pâtisserie niveau 1', price: 150, availability: 50, taxRate: 19 });
  const b = await createCourse(ctx.database.db, { name: 'تصميم الجرافيك', price: 80.5, availability: 50, taxRate: 7 });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set(as(by))
    .send({
      orderItems: [
        { course: a.id, qty: 2 },
        { course: b.id, qty: 1 },
      ],
      shippingAddress,
      paymentMethod: 'In Place',
      invoiceTo: company,
      ...(coupon ? { couponCode: 'rentree' } : {}),
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Order;
}

/** The amounts of type `code` in an XML text, in order. */
const amounts = (xml: string, code: string) =>
  [...xml.matchAll(new RegExp(`<Moa amountTypeCode="${code}"[^>]*>\\s*<Amount[^>]*>([^<]+)</Amount>`, 'g'))].map((m) => m[1]);

describe('the credit note of a partial refund (issue 52)', () => {
  it('credits what was paid back: its lines, tax per rate and total, no stamp duty, referring to the invoice; valid', async () => {
    const order = await place(buyer);
    // 300 at 19 % and 80.50 at 7 %, 10 % off: 270 + 51.30 tax, 72.45 + 5.07 tax, stamp 1.
    expect(order).toMatchObject({ discountPrice: 38.05, stampDuty: 1, totalPrice: 399.82 + order.shippingPrice });
    expect((await request(ctx.app).put(`/api/orders/${order._id}/pay`).set(as(admin))).status).toBe(200);
    expect((await request(ctx.app).post(`/api/orders/${order._id}/cancel`).set(as(admin)).send({})).status).toBe(200);
    // The centre pays back 200.00 of it (a payment recorded for that much).
    await ctx.database.db.update(orderRefunds).set({ amount: 200 }).where(eq(orderRefunds.orderId, order._id));
    expect((await request(ctx.app).put(`/api/orders/${order._id}/refund`).set(as(admin)).send({})).status).toBe(200);
    const paid = await request(ctx.app).get(`/api/orders/${order._id}`).set(as(buyer));

    const res = await get(`/api/orders/${order._id}/credit-note.xml`, buyer);
    expect(res.status).toBe(200);
    const xml = xmlOf(res);
    expect(xml).toContain('<DocumentType code="I-12">');
    expect(xml).toContain(`<Reference refID="I-85">${paid.body.invoiceNumber as string}</Reference>`);
    // 200.00 shared as the invoice charged it: 161.13 at 19 % (135.40 + 25.73), 38.87 at 7 % (36.33 + 2.54).
    expect(amounts(xml, 'I-180')).toEqual(['200.000']);
    expect(amounts(xml, 'I-181')).toEqual(['28.270']);
    expect(amounts(xml, 'I-177')).toEqual(expect.arrayContaining(['135.400', '36.330']));
    expect(amounts(xml, 'I-178')).toEqual(expect.arrayContaining(['25.730', '2.540']));
    expect(xml).not.toContain('I-1601');
    expect(checkTeif(xml)).toEqual([]);
    expect(await validateTeifXsd(unsigned(xml))).toEqual([]);
  });

  it('a refund of the whole invoice credits all of it, stamp duty included', async () => {
    const order = await place(buyer);
    await request(ctx.app).put(`/api/orders/${order._id}/pay`).set(as(admin));
    await request(ctx.app).post(`/api/orders/${order._id}/cancel`).set(as(admin)).send({});
    expect((await request(ctx.app).put(`/api/orders/${order._id}/refund`).set(as(admin)).send({})).status).toBe(200);
    const xml = xmlOf(await get(`/api/orders/${order._id}/credit-note.xml`, buyer));
    expect(amounts(xml, 'I-180')).toEqual([order.totalPrice.toFixed(3)]);
    expect(xml).toContain('<TaxTypeName code="I-1601">');
    expect(checkTeif(xml)).toEqual([]);
  });

  it('for any amount paid back, the credited document adds up, checks out and never exceeds or misses the refund by more than a cent', async () => {
    const order = await place(buyer);
    await request(ctx.app).put(`/api/orders/${order._id}/pay`).set(as(admin));
    // The invoice as issued, as the credit note reads it.
    const [row] = await ctx.database.db.select({ invoice: orders.invoice }).from(orders).where(eq(orders.id, order._id));
    const invoice = row!.invoice as unknown as InvoiceSnapshot;
    let off = 0;
    for (let refunded = 1; refunded < Math.round(invoice.totalPrice * 100); refunded += 37) {
      const credited = creditedInvoice(invoice, refunded / 100);
      const input = teifInputOfInvoice(credited, { kind: 'credit-note', number: 'AV-2026-00001', issuedAt: new Date() })!;
      const problems = checkTeif(buildTeif(input));
      expect(problems, `refund ${refunded / 100}`).toEqual([]);
      expect(credited.stampDuty).toBe(Math.max(0, refunded - Math.round((invoice.totalPrice - 1) * 100)) / 100);
      expect(credited.lines.every((l) => ((l as { net?: number }).net ?? 0) >= 0)).toBe(true);
      const gap = Math.abs(Math.round(credited.totalPrice * 100) - refunded);
      expect(gap, `refund ${refunded / 100}`).toBeLessThanOrEqual(1);
      off += gap;
    }
    // Nearly every amount is credited to the cent.
    expect(off).toBeLessThan(20);
  });
});

describe('the payer of a child’s order gets its e-invoices (issues 51, 52)', () => {
  it('downloads the invoice and credit note, XML and PDF, as the buyer does; a stranger is refused', async () => {
    const order = await place(child, false);
    expect((await request(ctx.app).post(`/api/orders/${order._id}/payer`).set(as(child)).send({ email: 'mouna@example.com' })).status).toBe(200);
    const mail = ctx.sentMails.findLast((m) => m.to === 'mouna@example.com' && m.link?.includes(`/order/${order._id}?payer=`));
    const token = new URL(mail!.link!).searchParams.get('payer')!;
    expect((await request(ctx.app).post(`/api/orders/${order._id}/payer/accept`).set(as(parent)).send({ token })).status).toBe(200);
    expect((await request(ctx.app).put(`/api/orders/${order._id}/pay`).set(as(admin))).status).toBe(200);

    for (const who of [child, parent]) {
      const xml = await get(`/api/orders/${order._id}/invoice.xml`, who);
      expect(xml.status).toBe(200);
      expect(xmlOf(xml)).toContain('<DocumentType code="I-11">');
      const pdf = await get(`/api/orders/${order._id}/invoice`, who);
      expect(pdf.status).toBe(200);
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await get(`/api/orders/${order._id}/invoice.xml`, stranger)).status).toBe(403);
    expect((await get(`/api/orders/${order._id}/invoice`, stranger)).status).toBe(403);

    await request(ctx.app).post(`/api/orders/${order._id}/cancel`).set(as(admin)).send({});
    expect((await request(ctx.app).put(`/api/orders/${order._id}/refund`).set(as(admin)).send({})).status).toBe(200);
    for (const who of [child, parent]) {
      const xml = await get(`/api/orders/${order._id}/credit-note.xml`, who);
      expect(xml.status).toBe(200);
      expect(xmlOf(xml)).toContain('<DocumentType code="I-12">');
      const pdf = await get(`/api/orders/${order._id}/credit-note`, who);
      expect(pdf.status).toBe(200);
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await get(`/api/orders/${order._id}/credit-note.xml`, stranger)).status).toBe(403);
    expect((await get(`/api/orders/${order._id}/credit-note`, stranger)).status).toBe(403);
    expect((await get('/api/orders/00000000-0000-4000-8000-000000000000/invoice.xml', parent)).status).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order } from '@shop/shared';
import { createApp } from '../../../app.js';
import { orders } from '../tables/orders.schema.js';
import { users } from '../../identity/identity.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';

/** Issue 31: invoices fixed at issue, invoices made out to a company, credit notes. */

const SHOP = {
  SHOP_LEGAL_NAME: 'Centre de Formation Ennour SARL',
  SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
  SHOP_TAX_ID: '1234567/A/M/000',
};

let ctx: TestContext;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({ ...SHOP });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx.close();
});

const shippingAddress = { address: '5 Rue de Marseille', city: 'Sfax', postalCode: '3000', country: 'Tunisie' };

async function place(user: UserFixture, extra: Record<string, unknown> = {}): Promise<Order> {
  const course = await createCourse(ctx.database.db, { name: 'Excel avancé', price: 120, availability: 50 });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({ orderItems: [{ course: course.id, qty: 2 }], shippingAddress, paymentMethod: 'In Place', ...extra });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${admin.token}`);
const pay = (id: string) => asAdmin(request(ctx.app).put(`/api/orders/${id}/pay`));
const cancel = (id: string) => asAdmin(request(ctx.app).post(`/api/orders/${id}/cancel`));
const refundDone = (id: string) => asAdmin(request(ctx.app).put(`/api/orders/${id}/refund`).send({}));

const download = (app: Parameters<typeof request>[0], path: string, token?: string) => {
  const req = request(app).get(path);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
};
const invoiceOf = (id: string, token: string, app = ctx.app) => download(app, `/api/orders/${id}/invoice`, token);
const creditNoteOf = (id: string, token?: string) => download(ctx.app, `/api/orders/${id}/credit-note`, token);

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text;
}

const jsonOf = (res: { body: unknown }) => JSON.parse((res.body as Buffer).toString()) as unknown;

/** Arabic text as read back: shaped glyphs (presentation forms) normalised to letters. */
const arabicOf = (text: string) => text.normalize('NFKC');


async function rename(user: UserFixture, name: string): Promise<void> {
  await ctx.database.db.update(users).set({ name, email: `renamed-${user.user.id}@example.com` }).where(eq(users.id, user.user.id));
}

describe('invoices fixed at issue', () => {
  it('answers the same invoice after the buyer is renamed and the shop settings change', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config, { name: 'Sami Ben Ali', email: 'sami@example.com' });
    const order = await place(buyer);
    const paid = await pay(order._id);
    expect(paid.status).toBe(200);
    const first = await pdfText((await invoiceOf(order._id, buyer.token)).body as Buffer);
    for (const expected of ['Sami Ben Ali', 'sami@example.com', SHOP.SHOP_LEGAL_NAME, `Tax ID: ${SHOP.SHOP_TAX_ID}`, 'Tax (15%)', '276.00 TND'])
      expect(first).toContain(expected);

    await rename(buyer, 'Someone Else');
    const moved = createApp({
      ...ctx.deps,
      config: { ...ctx.config, shop: { ...ctx.config.shop, legalName: 'New Owner SA', address: '1 Other Street', taxId: '9999999/Z/Z/999' } },
    });
    const later = await invoiceOf(order._id, buyer.token, moved);
    expect(later.status).toBe(200);
    const text = await pdfText(later.body as Buffer);
    expect(text).toBe(first);
    expect(text).not.toContain('Someone Else');
    expect(text).not.toContain('New Owner SA');
    // The order itself shows the buyer of today: only the invoice is fixed.
    const now = await asAdmin(request(ctx.app).get(`/api/orders/${order._id}`));
    expect(now.body.user.name).toBe('Someone Else');
  });

  it('draws an order paid before invoices were kept from the data of today', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config, { name: 'Old Order Buyer' });
    const order = await place(buyer);
    await pay(order._id);
    await ctx.database.db.update(orders).set({ invoice: null }).where(eq(orders.id, order._id));
    await rename(buyer, 'Renamed Since');
    const res = await invoiceOf(order._id, buyer.token);
    expect(res.status).toBe(200);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('Renamed Since');
    expect(text).toContain(`Invoice number: ${(await asAdmin(request(ctx.app).get(`/api/orders/${order._id}`))).body.invoiceNumber}`);
  });

  it('keeps the invoice of a paid order that is cancelled; an order cancelled unpaid has none', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config, { name: 'Cancelled Buyer' });
    const order = await place(buyer);
    const paid = await pay(order._id);
    expect((await cancel(order._id)).status).toBe(200);
    const res = await invoiceOf(order._id, buyer.token);
    expect(res.status).toBe(200);
    expect(await pdfText(res.body as Buffer)).toContain(`Invoice number: ${paid.body.invoiceNumber}`);

    const unpaid = await place(buyer);
    await request(ctx.app).post(`/api/orders/${unpaid._id}/cancel`).set('Authorization', `Bearer ${buyer.token}`);
    const none = await invoiceOf(unpaid._id, buyer.token);
    expect(none.status).toBe(409);
    expect(jsonOf(none)).toMatchObject({ message: 'No invoice yet: the order is cancelled. An invoice exists once it is paid.' });
  });
});

describe('invoiceTo: an invoice made out to a company', () => {
  it('keeps the company on the order and makes the invoice out to it with its matricule fiscal', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config, { name: 'Leila Trabelsi', email: 'leila@example.com' });
    const order = await place(buyer, { invoiceTo: { name: '  Sotudis SARL ', taxId: '0001234/B/A/M/000' } });
    // Issue 52: a company by default, its matricule normalised.
    expect(order.invoiceTo).toEqual({ kind: 'company', name: 'Sotudis SARL', taxId: '0001234BAM000' });
    const read = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(read.body.invoiceTo).toEqual({ kind: 'company', name: 'Sotudis SARL', taxId: '0001234BAM000' });
    await pay(order._id);
    const text = await pdfText((await invoiceOf(order._id, buyer.token)).body as Buffer);
    expect(text).toContain('Billed to');
    expect(text).toContain('Sotudis SARL');
    expect(text).toContain('Tax ID (matricule fiscal): 0001234/B/A/M/000');
    expect(text).not.toContain('Leila Trabelsi');

    const plain = await place(buyer);
    expect(plain.invoiceTo).toBeNull();
  });

  it.each([
    [{ name: '', taxId: '123' }, 'Company name is required'],
    [{ name: 'x'.repeat(121), taxId: '123' }, 'Company name must be at most 120 characters'],
    // Issue 52: a tax id that is not a matricule fiscal says the form (400 TAX_ID_INVALID).
    [{ name: 'ACME', taxId: '   ' }, MESSAGES.matriculeInvalid],
    [{ name: 'ACME', taxId: '1'.repeat(31) }, MESSAGES.matriculeInvalid],
    [{ name: 'ACME', taxId: '123<script>' }, MESSAGES.matriculeInvalid],
    [{ name: 'ACME' }, 'Tax id (matricule fiscal) is required'],
  ])('refuses %j with 400 and a clear message, placing nothing', async (invoiceTo, message) => {
    const buyer = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { availability: 5 });
    const res = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress, paymentMethod: 'In Place', invoiceTo });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    const mine = await request(ctx.app).get('/api/orders/myorders').set('Authorization', `Bearer ${buyer.token}`);
    expect(mine.body).toEqual([]);
  });
});

describe('GET /api/orders/{id}/credit-note', () => {
  it('answers 409 until the refund is done, then the credit note naming the invoice, for the owner and the admin', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config, { name: 'Nour Hamdi' });
    const order = await place(buyer);
    expect((await creditNoteOf(order._id, buyer.token)).status).toBe(409);
    const paid = await pay(order._id);
    const early = await creditNoteOf(order._id, buyer.token);
    expect(early.status).toBe(409);
    expect(jsonOf(early)).toMatchObject({ message: MESSAGES.noCreditNote });
    await cancel(order._id);
    // Cancelled: a refund is due, not made yet.
    expect((await creditNoteOf(order._id, buyer.token)).status).toBe(409);

    const done = await refundDone(order._id);
    expect(done.status).toBe(200);
    const creditNoteNumber = done.body.refund.creditNoteNumber as string;
    expect(creditNoteNumber).toMatch(/^AV-\d{4}-\d{5}$/);
    await rename(buyer, 'Renamed After Refund');

    const res = await creditNoteOf(order._id, buyer.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="credit-note-${creditNoteNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.body as Buffer);
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'short' }).format(
      new Date(done.body.refund.doneAt as string),
    );
    for (const expected of [
      'CREDIT NOTE',
      `Credit note number: ${creditNoteNumber}`,
      `Cancels invoice: ${paid.body.invoiceNumber}`,
      `Date: ${day}`,
      'Nour Hamdi',
      SHOP.SHOP_LEGAL_NAME,
      'Amount refunded',
      '276.00 TND',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Renamed After Refund');

    const byAdmin = await creditNoteOf(order._id, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(await pdfText(byAdmin.body as Buffer)).toBe(text);
  });

  it('answers 403 to others, 401 anonymous, 404 unknown', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config);
    const order = await place(buyer);
    await pay(order._id);
    await cancel(order._id);
    await refundDone(order._id);
    const stranger = await createUser(ctx.database.db, ctx.config);
    expect((await creditNoteOf(order._id, stranger.token)).status).toBe(403);
    expect((await creditNoteOf(order._id)).status).toBe(401);
    for (const id of ['nope', '0b7f3c55-9a43-4c1e-9a53-2f0d3d1b7a11']) {
      const res = await creditNoteOf(id, buyer.token);
      expect(res.status).toBe(404);
      expect(jsonOf(res)).toMatchObject({ message: MESSAGES.orderNotFound });
    }
  });

  it('writes the invoice and the credit note in French for a French-speaking buyer', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amélie Dupré', language: 'fr' });
    const order = await place(buyer, { invoiceTo: { name: 'Société Étoile', taxId: '7654321/C' } });
    const paid = await pay(order._id);
    const invoice = await pdfText((await invoiceOf(order._id, buyer.token)).body as Buffer);
    for (const expected of ['FACTURE', `Numéro de facture: ${paid.body.invoiceNumber}`, 'Facturé à', 'Société Étoile', 'Matricule fiscal: 7654321/C', 'TVA (15%)', 'Payé sur place'])
      expect(invoice).toContain(expected);
    await cancel(order._id);
    const done = await refundDone(order._id);
    const note = await pdfText((await creditNoteOf(order._id, buyer.token)).body as Buffer);
    for (const expected of ['AVOIR', `Numéro d’avoir: ${done.body.refund.creditNoteNumber}`, `Annule la facture: ${paid.body.invoiceNumber}`, 'Montant remboursé', 'Société Étoile'])
      expect(note).toContain(expected);
  });

  it('writes them in Arabic, with shaped Arabic letters, for an Arabic-speaking buyer', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config, { name: 'مريم', language: 'ar' });
    const order = await place(buyer);
    const paid = await pay(order._id);
    const invoice = await pdfText((await invoiceOf(order._id, buyer.token)).body as Buffer);
    expect(arabicOf(invoice)).toContain('فاتورة');
    // Issue 54: drawn word by word from the right, read back in reading order (pdf.js drops the spaces between).
    expect(arabicOf(invoice).replace(/\s+/g, '')).toContain('رقمالفاتورة:');
    expect(arabicOf(invoice).replace(/\s+/g, '')).toContain('الدفعفيالمركز');
    expect(invoice).toContain(paid.body.invoiceNumber as string);
    await cancel(order._id);
    const done = await refundDone(order._id);
    const note = await pdfText((await creditNoteOf(order._id, buyer.token)).body as Buffer);
    expect(arabicOf(note).replace(/\s+/g, '')).toContain('إشعاردائن');
    expect(arabicOf(note).replace(/\s+/g, '')).toContain('المبلغالمسترجع');
    expect(arabicOf(note)).toContain('مريم');
    expect(note).toContain(done.body.refund.creditNoteNumber as string);
    expect(note).toContain(paid.body.invoiceNumber as string);
    expect(note).toContain('276.00 TND');
  });

  it('is described in /api/openapi.json', async () => {
    const res = await request(ctx.app).get('/api/openapi.json');
    const operation = res.body.paths['/api/orders/{id}/credit-note']?.get;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '409']));
  });
});

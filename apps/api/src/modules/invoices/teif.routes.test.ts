import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { makeSealP12 } from '../../test/seal.js';
import { validateTeifXsd } from '../../test/teif-xsd.js';
import { readZip } from '../../test/zip.js';
import { checkTeif } from './teif-check.js';
import { verifyTeif } from './teif-sign.js';

const SHOP = {
  SHOP_LEGAL_NAME: 'Centre de Formation Ennour SARL',
  SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
  SHOP_TAX_ID: '1234567/A/B/M/000',
};

const dir = mkdtempSync(join(tmpdir(), 'teif-seal-'));
const sealPath = join(dir, 'seal.p12');
writeFileSync(sealPath, makeSealP12('seal-pass'));

let ctx: TestContext;
let buyer: UserFixture;
let other: UserFixture;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({ ...SHOP, TEIF_SEAL_P12: sealPath, TEIF_SEAL_PASSWORD: 'seal-pass' });
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amira Ben Salah', email: 'amira@example.com' });
  other = await createUser(ctx.database.db, ctx.config, { name: 'Other', email: 'other@example.com' });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const shippingAddress = { address: '5 Avenue Habib Bourguiba', city: 'Sfax', postalCode: '3000', country: 'Tunisie' };
const as = (u: UserFixture) => ({ Authorization: `Bearer ${u.token}` });

async function place(invoiceTo?: { name: string; taxId: string; kind?: 'company' | 'person' }, price = 45.5): Promise<Order> {
  const a = await createCourse(ctx.database.db, { name: 'Pâtisserie niveau 1', price, availability: 50 });
  const b = await createCourse(ctx.database.db, { name: 'تصميم الجرافيك', price: 120, availability: 50 });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set(as(buyer))
    .send({
      orderItems: [
        { course: a.id, qty: 2 },
        { course: b.id, qty: 1 },
      ],
      shippingAddress,
      paymentMethod: 'In Place',
      ...(invoiceTo ? { invoiceTo } : {}),
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Order;
}

const text = (res: request.Response) => (Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text);
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

async function pdfText(pdf: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
}

describe('TEIF e-invoices over HTTP (issue 52)', () => {
  it('a paid order invoiced to a company: a signed TEIF 1.8.9 invoice the buyer and an admin get, valid and verified', async () => {
    const order = await place({ name: 'Société Cliente SARL', taxId: '7654321 B/A/M/000' });
    const before = await get(`/api/orders/${order._id}/invoice.xml`, buyer);
    expect(before.status).toBe(409);

    expect((await request(ctx.app).put(`/api/orders/${order._id}/pay`).set(as(admin))).status).toBe(200);
    const res = await get(`/api/orders/${order._id}/invoice.xml`, buyer);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-\d{4}-\d{5}\.xml"$/);
    const xml = text(res);
    expect(xml).toMatch(/<TEIF [^>]*version="1\.8\.9"/);
    expect(xml).toMatch(/<TEIF [^>]*controlingAgency="TTN"/);
    expect(xml).toContain('<DocumentType code="I-11">');
    expect(xml).toContain('<PartnerIdentifier type="I-01">1234567ABM000</PartnerIdentifier>');
    expect(xml).toContain('<PartnerIdentifier type="I-01">7654321BAM000</PartnerIdentifier>');
    expect(xml.match(/<Lin>/g)).toHaveLength(2);
    expect(xml).toContain('<TaxTypeName code="I-1602">');
    expect(xml).toContain(`<Amount currencyIdentifier="TND">${order.totalPrice.toFixed(3)}</Amount>`);
    expect(xml).toMatch(/<ds:Signature [^>]*Id="SigFrs"/);
    expect(await verifyTeif(xml)).toBe(true);
    expect(await verifyTeif(xml.replace(`>${order.totalPrice.toFixed(3)}<`, '>1.000<'))).toBe(false);
    expect(checkTeif(xml)).toEqual([]);
    expect(await validateTeifXsd(xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, ''))).toEqual([]);

    expect((await get(`/api/orders/${order._id}/invoice.xml`, admin)).status).toBe(200);
    expect((await get(`/api/orders/${order._id}/invoice.xml`, other)).status).toBe(403);
  });

  it('an invoice naming nobody with a tax id: 409 BUYER_NOT_IDENTIFIED', async () => {
    const order = await place();
    await request(ctx.app).put(`/api/orders/${order._id}/pay`).set(as(admin));
    const res = await request(ctx.app).get(`/api/orders/${order._id}/invoice.xml`).set(as(buyer));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'BUYER_NOT_IDENTIFIED' });
  });

  it('the TTN reference: admin only, 1–70 characters, on the order and the invoice PDF; the credit note after the refund', async () => {
    const order = await place({ name: 'Société Cliente SARL', taxId: '7654321BAM000' });
    const early = await request(ctx.app).put(`/api/orders/${order._id}/invoice/ttn`).set(as(admin)).send({ reference: 'X' });
    expect(early.status).toBe(409);
    await request(ctx.app).put(`/api/orders/${order._id}/pay`).set(as(admin));

    const path = `/api/orders/${order._id}/invoice/ttn`;
    expect((await request(ctx.app).put(path).set(as(buyer)).send({ reference: 'TTN-1' })).status).toBe(403);
    expect((await request(ctx.app).put(path).set(as(admin)).send({ reference: '' })).status).toBe(400);
    expect((await request(ctx.app).put(path).set(as(admin)).send({ reference: 'x'.repeat(71) })).status).toBe(400);
    const recorded = await request(ctx.app).put(path).set(as(admin)).send({ reference: ' 0736202XAM000123456789 ' });
    expect(recorded.status).toBe(200);
    expect(recorded.body.invoiceTtn).toEqual({ reference: '0736202XAM000123456789', recordedAt: expect.any(String) });
    const seen = await request(ctx.app).get(`/api/orders/${order._id}`).set(as(buyer));
    expect(seen.body.invoiceTtn.reference).toBe('0736202XAM000123456789');
    const pdf = await get(`/api/orders/${order._id}/invoice`, buyer);
    expect((await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ')).toContain(
      'Copie de la facture électronique enregistrée auprès de Tunisie TradeNet sous la référence unique n° 0736202XAM000123456789',
    );

    // The credit note: 409 before the refund is made, then I-12 referring to the invoice.
    expect((await get(`/api/orders/${order._id}/credit-note.xml`, buyer)).status).toBe(409);
    const cnTtn = `/api/orders/${order._id}/credit-note/ttn`;
    expect((await request(ctx.app).put(cnTtn).set(as(admin)).send({ reference: 'AV-REF' })).status).toBe(409);
    expect((await request(ctx.app).post(`/api/orders/${order._id}/cancel`).set(as(admin)).send({})).status).toBe(200);
    expect((await request(ctx.app).put(`/api/orders/${order._id}/refund`).set(as(admin)).send({})).status).toBe(200);
    const cn = await get(`/api/orders/${order._id}/credit-note.xml`, buyer);
    expect(cn.status).toBe(200);
    const cnXml = text(cn);
    expect(cnXml).toContain('<DocumentType code="I-12">');
    expect(cnXml).toMatch(new RegExp(`<Reference refID="I-85">${recorded.body.invoiceNumber}</Reference>`));
    expect(cnXml).toContain('<Reference refID="I-88">0736202XAM000123456789</Reference>');
    expect(await verifyTeif(cnXml)).toBe(true);
    expect(checkTeif(cnXml)).toEqual([]);
    expect(await validateTeifXsd(cnXml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, ''))).toEqual([]);

    const cnRecorded = await request(ctx.app).put(cnTtn).set(as(admin)).send({ reference: 'TTN-AVOIR-1' });
    expect(cnRecorded.status).toBe(200);
    expect(cnRecorded.body.creditNoteTtn).toMatchObject({ reference: 'TTN-AVOIR-1' });
    expect(cnRecorded.body.refunds[0].creditNoteTtn).toMatchObject({ reference: 'TTN-AVOIR-1' });
    const cnPdf = await get(`/api/orders/${order._id}/credit-note`, buyer);
    // (pdfkit may break the line after a hyphen.)
    expect((await pdfText(cnPdf.body as Buffer)).replace(/\s+/g, ' ').replace(/- /g, '-')).toContain(
      'sous la référence unique n° TTN-AVOIR-1',
    );
  });

  it('the accountant’s export: a ZIP of the period’s invoices and credit notes, PDF and signed XML, with index.csv (admin only)', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tunis' }).format(ctx.clock.now());
    const path = `/api/invoices/export?from=${day}&to=${day}`;
    expect((await get(path, buyer)).status).toBe(403);
    expect((await request(ctx.app).get('/api/invoices/export?from=2026-05-02&to=2026-05-01').set(as(admin))).status).toBe(400);
    expect((await request(ctx.app).get('/api/invoices/export?from=2026-5-1&to=2026-05-01').set(as(admin))).status).toBe(400);

    const res = await get(path, admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${day}-${day}.zip"`);
    const files = await readZip(res.body as Buffer);
    const names = [...files.keys()];
    // The earlier tests paid three orders (two invoiced to a company) and refunded one.
    expect(names.filter((n) => /^invoices\/invoice-\d{4}-\d{5}\.pdf$/.test(n))).toHaveLength(3);
    expect(names.filter((n) => /^invoices\/invoice-\d{4}-\d{5}\.xml$/.test(n))).toHaveLength(2);
    expect(names.filter((n) => /^credit-notes\/credit-note-AV-\d{4}-\d{5}\.(pdf|xml)$/.test(n))).toHaveLength(2);
    const someXml = files.get(names.find((n) => n.endsWith('.xml'))!)!.toString('utf8');
    expect(await verifyTeif(someXml)).toBe(true);
    expect(files.get(names.find((n) => n.endsWith('.pdf'))!)!.subarray(0, 5).toString()).toBe('%PDF-');

    const csv = files.get('index.csv')!.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(csv[0]).toBe('number,type,date,buyer,tax id,base 15%,tax 15%,stamp duty,total,TTN reference');
    expect(csv).toHaveLength(1 + 4);
    const withTtn = csv.find((l) => l.endsWith(',0736202XAM000123456789'))!;
    expect(withTtn).toMatch(new RegExp(`^\\d{4}-\\d{5},invoice,${day},Société Cliente SARL,7654321BAM000,211\\.000,31\\.650,0\\.000,242\\.650,`));
    expect(csv.find((l) => l.includes(',credit-note,'))).toMatch(/,-211\.000,-31\.650,0\.000,-242\.650,TTN-AVOIR-1$/);

    const empty = await readZip((await get('/api/invoices/export?from=2020-01-01&to=2020-01-31', admin)).body as Buffer);
    expect([...empty.keys()]).toEqual(['index.csv']);
  });
});

import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, orderSchema, paymentOptionsSchema, type Order } from '@shop/shared';
import { createApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { checkedAgainstDocument } from '../../../test/contract.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { fakePdf, realPdf } from '../../../test/pdf.js';
import { countProofs } from './payment-proof.repository.js';

let ctx: TestContext;
let buyer: UserFixture;
let stranger: UserFixture;
let admin: UserFixture;
/** A bank's receipt as a PDF (pdfkit's output: a document a reader opens). */
let pdf: Buffer;

beforeAll(async () => {
  pdf = await realPdf();
  ctx = await createTestContext({ SHOP_BANK_ACCOUNT: 'TN59 1000 6035 0000 1234 5678', SHOP_D17_NUMBER: '22 333 444' });
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amira Trabelsi', language: 'fr' });
  stranger = await createUser(ctx.database.db, ctx.config);
  admin = await createAdmin(ctx.database.db, ctx.config, { name: 'Admin Sami' });
});
afterAll(() => ctx.close());

const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'Tunisie' };

async function placeTransfer(user: UserFixture = buyer, paymentMethod = 'Transfer'): Promise<Order> {
  const course = await createCourse(ctx.database.db, { price: 120, availability: 5 });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress, paymentMethod });
  expect(res.status).toBe(201);
  return orderSchema.parse(res.body);
}

const upload = (id: string, file: Buffer, filename: string, token = buyer.token) =>
  request(ctx.app).post(`/api/orders/${id}/proof`).set('Authorization', `Bearer ${token}`).attach('file', file, filename);

const reject = (id: string, reason: string, token = admin.token) =>
  request(ctx.app).post(`/api/orders/${id}/proof/reject`).set('Authorization', `Bearer ${token}`).send({ reason });

/** A photo of a receipt as a phone sends it: JPEG with camera and GPS metadata. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#e0d8c0' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'PhoneMaker', Model: 'Receipt Cam' }, IFD3: { GPSLatitudeRef: 'N' } } })
    .toBuffer();
}

const mailsAbout = (id: string) => ctx.sentMails.filter((m) => m.subject.includes(id.slice(0, 8)));

describe('paying by transfer', () => {
  it('offers Transfer with the account and D17 number, and the order mail says where to pay with the reference', async () => {
    const options = paymentOptionsSchema.parse((await request(ctx.app).get('/api/payments/options')).body);
    expect(options.methods).toContain('Transfer');
    expect(options.transfer).toEqual({ bankAccount: 'TN59 1000 6035 0000 1234 5678', d17Number: '22 333 444' });

    const order = await placeTransfer();
    expect(order).toMatchObject({ paymentMethod: 'Transfer', status: 'pending', paymentProof: null });
    // The seats are held like an In Place order's.
    expect(order.holdExpiresAt).not.toBeNull();
    await expect.poll(() => mailsAbout(order._id).length).toBe(1);
    const [mail] = mailsAbout(order._id);
    expect(mail?.text).toContain('TN59 1000 6035 0000 1234 5678');
    expect(mail?.text).toContain('22 333 444');
    expect(mail?.text).toContain(`Référence : ${order._id.slice(0, 8)}`);
    expect(mail?.text).toContain('Montant à payer : 138.00 TND');
  });

  it('takes a proof, lets the admin reject it with a reason, takes another, and approval pays the order', async () => {
    const order = await placeTransfer();

    const first = await upload(order._id, await phonePhoto(), 'receipt.jpg');
    expect(first.status).toBe(200);
    const submitted = orderSchema.strict().parse(first.body);
    expect(submitted.paymentProof).toMatchObject({ status: 'submitted', reason: null });
    expect(submitted.status).toBe('pending');

    // The admin list's "proof to check" lists it.
    const waiting = await request(ctx.app).get('/api/orders?proof=submitted').set('Authorization', `Bearer ${admin.token}`);
    expect(waiting.status).toBe(200);
    expect((waiting.body as Order[]).map((o) => o._id)).toContain(order._id);
    // The dashboard's customers to call shows the proof waiting, whenever the hold ends.
    const stats = await request(ctx.app).get('/api/admin/stats').set('Authorization', `Bearer ${admin.token}`);
    expect(stats.status).toBe(200);
    expect((stats.body as { holdsEnding: { _id: string; proofWaiting?: boolean }[] }).holdsEnding).toContainEqual(
      expect.objectContaining({ _id: order._id, paymentMethod: 'Transfer', proofWaiting: true }),
    );

    // The admin sees the picture: a JPEG still, its metadata gone.
    const file = await request(ctx.app)
      .get(`/api/orders/${order._id}/proof`)
      .set('Authorization', `Bearer ${admin.token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\/jpeg/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    const meta = await sharp(file.body as Buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    const rejected = await reject(order._id, 'Le montant du reçu ne correspond pas.');
    expect(rejected.status).toBe(200);
    expect(orderSchema.parse(rejected.body).paymentProof).toMatchObject({
      status: 'rejected',
      reason: 'Le montant du reçu ne correspond pas.',
    });
    // No longer waiting; the customer is told why, in their language.
    const after = await request(ctx.app).get('/api/orders?proof=submitted').set('Authorization', `Bearer ${admin.token}`);
    expect((after.body as Order[]).map((o) => o._id)).not.toContain(order._id);
    await expect.poll(() => mailsAbout(order._id).some((m) => m.text.includes('Motif : Le montant du reçu'))).toBe(true);
    // Rejecting again: nothing waits.
    expect((await reject(order._id, 'again')).status).toBe(409);
    // The customer reads the reason on the order.
    const seen = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(orderSchema.parse(seen.body).paymentProof?.reason).toBe('Le montant du reçu ne correspond pas.');

    // Sent again: a PDF replaces the photo, the rejection is cleared.
    const second = await upload(order._id, pdf, 'virement.pdf');
    expect(second.status).toBe(200);
    expect(orderSchema.parse(second.body).paymentProof).toMatchObject({ status: 'submitted', reason: null });
    const own = await request(ctx.app).get(`/api/orders/${order._id}/proof`).set('Authorization', `Bearer ${buyer.token}`);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toMatch(/^application\/pdf/);
    // Issue 49: a file a customer sent is downloaded, never shown inside the shop's pages.
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="proof-[0-9a-f]{8}\.pdf"$/);

    // Approval is Mark as Paid: paid, invoiced, mailed.
    const paid = await request(ctx.app).put(`/api/orders/${order._id}/pay`).set('Authorization', `Bearer ${admin.token}`).send({});
    expect(paid.status).toBe(200);
    expect(orderSchema.parse(paid.body)).toMatchObject({ status: 'paid', isPaid: true });
    expect(orderSchema.parse(paid.body).invoiceNumber).toMatch(/^\d{4}-\d{5}$/);
    const invoice = await request(ctx.app).get(`/api/orders/${order._id}/invoice`).set('Authorization', `Bearer ${buyer.token}`);
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toMatch(/^application\/pdf/);
    // A paid order no longer waits, and takes no further proof.
    const none = await request(ctx.app).get('/api/orders?proof=submitted').set('Authorization', `Bearer ${admin.token}`);
    expect((none.body as Order[]).map((o) => o._id)).not.toContain(order._id);
    const kept = await countProofs(ctx.database.db);
    const late = await upload(order._id, pdf, 'virement.pdf');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: MESSAGES.proofNotAccepted });
    expect(await countProofs(ctx.database.db)).toBe(kept);

    const history = await request(ctx.app).get(`/api/orders/${order._id}/history`).set('Authorization', `Bearer ${admin.token}`);
    expect((history.body as { action: string }[]).map((e) => e.action)).toEqual(
      expect.arrayContaining(['proofSubmitted', 'proofRejected', 'paid']),
    );
  });

  it('opens no online payment page for a Transfer order, and says why', async () => {
    const order = await placeTransfer();
    const refused = await request(ctx.app).post(`/api/orders/${order._id}/payment`).set('Authorization', `Bearer ${buyer.token}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.payByTransferOrder);
  });

  it('refuses bad proofs with a 4xx and keeps nothing', async () => {
    const order = await placeTransfer();
    const kept = await countProofs(ctx.database.db);

    const text = await upload(order._id, Buffer.from('I paid, trust me.\n'), 'receipt.pdf');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ message: MESSAGES.proofTypeRefused });

    // Starts like a PDF but is not one.
    const notADocument = await upload(order._id, Buffer.from('%PDF-1.4 not really a document'), 'receipt.pdf');
    expect(notADocument.status).toBe(400);

    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024, 0x20), Buffer.from('%%EOF\n')]);
    const large = await upload(order._id, big, 'big.pdf');
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ message: MESSAGES.proofTooLarge });

    const someoneElse = await upload(order._id, pdf, 'receipt.pdf', stranger.token);
    expect(someoneElse.status).toBe(403);
    const byAdmin = await upload(order._id, pdf, 'receipt.pdf', admin.token);
    expect(byAdmin.status).toBe(403);

    const noFile = await request(ctx.app)
      .post(`/api/orders/${order._id}/proof`)
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ file: 'x' });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ message: MESSAGES.proofMissing });

    const inPlace = await placeTransfer(buyer, 'In Place');
    expect((await upload(inPlace._id, pdf, 'receipt.pdf')).status).toBe(409);

    const cancelled = await placeTransfer();
    await request(ctx.app).post(`/api/orders/${cancelled._id}/cancel`).set('Authorization', `Bearer ${buyer.token}`).send({});
    expect((await upload(cancelled._id, pdf, 'receipt.pdf')).status).toBe(409);

    const paid = await placeTransfer();
    await request(ctx.app).put(`/api/orders/${paid._id}/pay`).set('Authorization', `Bearer ${admin.token}`).send({});
    expect((await upload(paid._id, pdf, 'receipt.pdf')).status).toBe(409);

    expect(await countProofs(ctx.database.db)).toBe(kept);
    const unchanged = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(orderSchema.parse(unchanged.body).paymentProof).toBeNull();
    // No proof to read, and none to reject.
    expect((await request(ctx.app).get(`/api/orders/${order._id}/proof`).set('Authorization', `Bearer ${buyer.token}`)).status).toBe(404);
    expect((await reject(order._id, 'nothing here')).status).toBe(409);
  });

  it('keeps proofs private and reasons within 1 to 500 characters', async () => {
    const order = await placeTransfer();
    expect((await upload(order._id, pdf, 'receipt.pdf')).status).toBe(200);
    expect((await request(ctx.app).get(`/api/orders/${order._id}/proof`).set('Authorization', `Bearer ${stranger.token}`)).status).toBe(403);
    expect((await request(ctx.app).get(`/api/orders/${order._id}/proof`)).status).toBe(401);
    expect((await reject(order._id, 'not yours', buyer.token)).status).toBe(403);
    expect((await reject(order._id, '   ')).status).toBe(400);
    expect((await reject(order._id, 'x'.repeat(501))).status).toBe(400);
    const bad = await request(ctx.app).get('/api/orders?proof=maybe').set('Authorization', `Bearer ${admin.token}`);
    expect(bad.status).toBe(400);
  });
});

describe('PDF proofs (issue 49)', () => {
  it('refuses a file with a PDF header and %%EOF trailer but garbage inside, and keeps nothing', async () => {
    const order = await placeTransfer();
    const kept = await countProofs(ctx.database.db);
    const sent = await upload(order._id, fakePdf(), 'virement.pdf');
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ message: MESSAGES.proofPdfUnreadable });
    // A real PDF cut short (a failed download) is no receipt either.
    const cut = await upload(order._id, pdf.subarray(0, Math.floor(pdf.length / 2)), 'virement.pdf');
    expect(cut.status).toBe(400);
    expect(await countProofs(ctx.database.db)).toBe(kept);
    const unchanged = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`);
    expect(orderSchema.parse(unchanged.body).paymentProof).toBeNull();
  });

  it('accepts a real PDF, kept byte for byte and served as an attachment', async () => {
    const order = await placeTransfer();
    const sent = await upload(order._id, pdf, 'virement.pdf');
    expect(sent.status).toBe(200);
    const file = await request(ctx.app)
      .get(`/api/orders/${order._id}/proof`)
      .set('Authorization', `Bearer ${admin.token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="proof-${order._id.slice(0, 8)}.pdf"`);
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
  });
});

describe('a proof racing the admin', () => {
  it('either lands before Mark as Paid or is refused and not kept, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await placeTransfer();
      const [sent, paid] = await Promise.all([
        upload(order._id, pdf, 'receipt.pdf'),
        request(ctx.app).put(`/api/orders/${order._id}/pay`).set('Authorization', `Bearer ${admin.token}`).send({}),
      ]);
      expect(paid.status).toBe(200);
      expect([200, 409]).toContain(sent.status);
      const proof = await request(ctx.app).get(`/api/orders/${order._id}/proof`).set('Authorization', `Bearer ${admin.token}`);
      expect(proof.status).toBe(sent.status === 200 ? 200 : 404);
      const final = orderSchema.parse(
        (await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', `Bearer ${buyer.token}`)).body,
      );
      expect(final.status).toBe('paid');
      expect(final.paymentProof?.status ?? null).toBe(sent.status === 200 ? 'submitted' : null);
    }
  });
});

describe('Transfer not configured', () => {
  it('is not offered in production without a bank account or D17 number, and such orders are refused', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@127.0.0.1/x',
      JWT_SECRET: 'test-secret-that-is-long-enough',
    });
    expect(config.transfer).toEqual({ bankAccount: '', d17Number: '' });
    const demo = loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'memory://', JWT_SECRET: 'test-secret-that-is-long-enough' });
    expect(demo.transfer.bankAccount).toMatch(/demo/);
    expect(demo.transfer.d17Number).toMatch(/demo/);
    // Only one set: the other stays empty (no demo value beside a real one).
    const d17Only = loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: 'memory://',
      JWT_SECRET: 'test-secret-that-is-long-enough',
      SHOP_D17_NUMBER: '22 333 444',
    });
    expect(d17Only.transfer).toEqual({ bankAccount: '', d17Number: '22 333 444' });

    // An app whose config has no transfer settings neither offers nor takes Transfer orders.
    const app = checkedAgainstDocument(
      createApp({ ...ctx.deps, config: { ...ctx.config, transfer: { bankAccount: '', d17Number: '' } } }),
    );
    const options = paymentOptionsSchema.parse((await request(app).get('/api/payments/options')).body);
    expect(options.methods).not.toContain('Transfer');
    expect(options.transfer).toBeUndefined();
    const course = await createCourse(ctx.database.db, { price: 50, availability: 3 });
    const res = await request(app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ orderItems: [{ course: course.id, qty: 1 }], shippingAddress, paymentMethod: 'Transfer' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.transferUnavailable });
  });
});

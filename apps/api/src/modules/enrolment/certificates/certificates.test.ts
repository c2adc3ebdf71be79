import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import request from 'supertest';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type AuditEventJson, type Certificate, type CertificateListItem } from '@shop/shared';
import { users } from '../../identity/identity.schema.js';
import { CERTIFICATE_CHECK_LIMIT } from '../../../middleware/rate-limit.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { adminOrderAction, placeTestOrder } from '../../../test/orders.js';
import { createMailer } from '../../mail/mailer.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/mail.js';

const CENTRE = 'Centre de Formation Ennour SARL';
let smtp: TestSmtpServer;
let ctx: TestContext;
let admin: UserFixture;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext(
    { SMTP_URL: smtp.url, SHOP_LEGAL_NAME: CENTRE, CERTIFICATE_SIGNATORY: 'Amira Ben Salah, Director' },
    { mailer: createMailer },
  );
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const auth = (user: UserFixture) => `Bearer ${user.token}`;

/** A learner with a paid order of two courses (the order not learned yet). */
async function paidOrder(name = 'Amélie Dupré', language: 'en' | 'fr' | 'ar' = 'en') {
  const learner = await createUser(ctx.database.db, ctx.config, { name, language });
  const python = await createCourse(ctx.database.db, { name: 'Python for Beginners', price: 120, availability: 20 });
  const excel = await createCourse(ctx.database.db, { name: 'Excel avancé', price: 80, availability: 20 });
  const order = await placeTestOrder(ctx, learner, [
    { course: python.id, qty: 1 },
    { course: excel.id, qty: 1 },
  ], { paymentMethod: 'In Place' });
  await adminOrderAction(ctx, admin, order._id, 'pay');
  return { learner, order };
}

async function myCertificates(user: UserFixture): Promise<CertificateListItem[]> {
  const res = await request(ctx.app).get('/api/certificates').set('Authorization', auth(user));
  expect(res.status).toBe(200);
  return res.body as CertificateListItem[];
}

async function learnedCertificate(name?: string, language?: 'en' | 'fr' | 'ar') {
  const { learner, order } = await paidOrder(name, language);
  await adminOrderAction(ctx, admin, order._id, 'learn');
  const [certificate] = await myCertificates(learner);
  if (!certificate) throw new Error('no certificate issued');
  return { learner, order, certificate };
}

const check = (id: string) => request(ctx.app).get(`/api/certificates/${id}`);

const binary = (res: request.Test) =>
  res.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });

const pdfOf = (id: string, user: UserFixture) =>
  binary(request(ctx.app).get(`/api/certificates/${id}/pdf`).set('Authorization', auth(user)));

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text;
}

/*
 * pdf.js decodes images with ArrayBuffer.prototype.transferToFixedLength (Node 21+); on Node 20
 * the same copy is made by hand, or extractImages finds no picture.
 */
const arrayBufferProto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
arrayBufferProto.transferToFixedLength ??= function (this: ArrayBuffer, length?: number) {
  const copy = new ArrayBuffer(length ?? this.byteLength);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(copy.byteLength, this.byteLength)));
  return copy;
};

/** Reads the QR code drawn on the PDF's page: the embedded picture, decoded by a real QR reader. */
async function qrOnPage(pdf: Buffer): Promise<string | undefined> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const images = await extractImages(doc, 1);
  for (const image of images) {
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    for (let i = 0; i < image.width * image.height; i++) {
      const at = i * image.channels;
      const [r, g, b] =
        image.channels >= 3 ? [image.data[at], image.data[at + 1], image.data[at + 2]] : [image.data[at], image.data[at], image.data[at]];
      rgba.set([r ?? 0, g ?? 0, b ?? 0, 255], i * 4);
    }
    const code = jsQR(rgba, image.width, image.height);
    if (code) return code.data;
  }
  return undefined;
}

/** The PDF attached to a received mail (base64 MIME part). */
function attachedPdf(mail: ReceivedMail): Buffer | undefined {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const start = raw.search(/Content-Type: application\/pdf/i);
  if (start < 0) return undefined;
  const bodyStart = raw.indexOf('\n\n', start) + 2;
  const bodyEnd = raw.indexOf('\n--', bodyStart);
  return Buffer.from(raw.slice(bodyStart, bodyEnd).replace(/\s+/g, ''), 'base64');
}

async function mailAbout(subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await smtp.nextMail();
    if (mail.subject.includes(subject)) return mail;
  }
}

describe('issuing', () => {
  it('issues no certificate for a paid order, and one when it is marked learned', async () => {
    const { learner, order } = await paidOrder('Yassine Trabelsi');
    expect(await myCertificates(learner)).toEqual([]);

    await adminOrderAction(ctx, admin, order._id, 'learn');
    const list = await myCertificates(learner);
    expect(list).toHaveLength(1);
    const [certificate] = list;
    expect(certificate).toMatchObject({
      learner: 'Yassine Trabelsi',
      course: 'Python for Beginners, Excel avancé',
      centre: CENTRE,
      status: 'valid',
      session: null,
      revokedAt: null,
      reason: null,
      order: order._id,
      replacedBy: null,
    });
    // 144 random bits, URL-safe.
    expect(certificate?._id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('issues one certificate per order: marking it learned again is refused and adds none', async () => {
    const { learner, order } = await learnedCertificate();
    const again = await request(ctx.app).put(`/api/orders/${order._id}/learn`).set('Authorization', auth(admin));
    expect(again.status).toBe(409);
    expect(await myCertificates(learner)).toHaveLength(1);
  });

  it('issues exactly one certificate when five admins mark the same order learned at once', async () => {
    const { learner, order } = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(ctx.app).put(`/api/orders/${order._id}/learn`).set('Authorization', auth(admin)).send({}),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await myCertificates(learner)).toHaveLength(1);
  });

  it('issues no certificate for a cancelled order', async () => {
    const { learner, order } = await paidOrder();
    await adminOrderAction(ctx, admin, order._id, 'cancel');
    const learn = await request(ctx.app).put(`/api/orders/${order._id}/learn`).set('Authorization', auth(admin));
    expect(learn.status).toBe(409);
    expect(await myCertificates(learner)).toEqual([]);
  });

  it('mails the learner the certificate in their language with the PDF attached', async () => {
    const { certificate } = await learnedCertificate('Sami Gharbi', 'fr');
    const mail = await mailAbout('Votre certificat');
    expect(mail.text).toContain('Bonjour Sami Gharbi');
    expect(mail.text).toContain(`${ctx.config.appUrl}/certificates/${certificate._id}`);
    const pdf = attachedPdf(mail);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf ?? Buffer.alloc(0));
    expect(text).toContain('Sami Gharbi');
    expect(text).toContain('Certificat de réussite');
  });
});

describe('a course in dated sessions', () => {
  it('prints the session’s dates, kept at issue, on the check answer and the PDF', async () => {
    const learner = await createUser(ctx.database.db, ctx.config, { name: 'Karim Jaziri', language: 'fr' });
    const course = await createCourse(ctx.database.db, { name: 'Business English', price: 300, availability: 0 });
    const startsAt = new Date(ctx.clock.now().getTime() + 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 2 * 86_400_000);
    const created = await request(ctx.app)
      .post(`/api/courses/${course.id}/sessions`)
      .set('Authorization', auth(admin))
      .send({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), schedule: 'Tue 18:00-20:00', place: 'Tunis, Lac 2', capacity: 12 });
    expect(created.status).toBe(201);
    const sessionId = (created.body as { _id: string })._id;
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', auth(learner))
      .send({
        orderItems: [{ course: course.id, qty: 1, session: sessionId }],
        shippingAddress: { address: '5 Rue du Lac', city: 'Tunis', postalCode: '1053', country: 'France' },
        paymentMethod: 'In Place',
      });
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { _id: string })._id;
    await adminOrderAction(ctx, admin, orderId, 'pay');
    // Issue 49: learned once the session ran.
    ctx.clock.advance(endsAt.getTime() - ctx.clock.now().getTime() + 60_000);
    await adminOrderAction(ctx, admin, orderId, 'learn');
    const [certificate] = await myCertificates(learner);
    expect(certificate?.session).toEqual({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() });

    // Moving the session afterwards changes nothing on the issued certificate.
    const moved = await request(ctx.app)
      .put(`/api/sessions/${sessionId}`)
      .set('Authorization', auth(admin))
      .send({
        startsAt: new Date(startsAt.getTime() + 86_400_000).toISOString(),
        endsAt: new Date(endsAt.getTime() + 86_400_000).toISOString(),
        schedule: 'Tue 18:00-20:00',
        place: 'Tunis, Lac 2',
        capacity: 12,
      });
    expect(moved.status).toBe(200);
    const checked = await check(certificate?._id ?? '');
    expect((checked.body as Certificate).session).toEqual({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() });

    const text = await pdfText((await pdfOf(certificate?._id ?? '', learner)).body as Buffer);
    const day = new Intl.DateTimeFormat('fr-TN', { timeZone: 'Africa/Tunis', dateStyle: 'long' });
    expect(text).toContain('Session');
    expect(text).toContain(`${day.format(startsAt)} – ${day.format(endsAt)}`);
  });
});

describe('the public check', () => {
  it('shows anyone the name, course, dates, centre and status, and nothing else about the learner', async () => {
    const { certificate } = await learnedCertificate('Leila Mansour');
    const res = await check(certificate._id);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body as Certificate;
    expect(Object.keys(body).sort()).toEqual(
      ['_id', 'centre', 'course', 'issuedAt', 'learner', 'reason', 'revokedAt', 'session', 'status'].sort(),
    );
    expect(body).toMatchObject({ _id: certificate._id, learner: 'Leila Mansour', status: 'valid', centre: CENTRE, session: null });
    expect(JSON.stringify(body)).not.toContain('@example.com');
  });

  it('answers a plain 404 for an unknown or malformed id', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-certificate', 'bad%20id']) {
      const res = await check(id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: MESSAGES.certificateNotFound });
    }
  });

  it('keeps the name of the certificate when the learner renames the account', async () => {
    const { learner, certificate } = await learnedCertificate('Mohamed Ali Ben Amor');
    const rename = await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', auth(learner))
      .send({ name: 'Mohamed-Ali Benamor', email: learner.user.email });
    expect(rename.status).toBe(200);
    expect((await check(certificate._id)).body).toMatchObject({ learner: 'Mohamed Ali Ben Amor', status: 'valid' });
  });
});

describe('revoking and re-issuing (admin)', () => {
  it('revokes with a reason: the check page shows it, the audit trail keeps who and why', async () => {
    const { learner, certificate } = await learnedCertificate();
    const byLearner = await request(ctx.app)
      .post(`/api/certificates/${certificate._id}/revoke`)
      .set('Authorization', auth(learner))
      .send({ reason: 'mine' });
    expect(byLearner.status).toBe(403);
    const noReason = await request(ctx.app)
      .post(`/api/certificates/${certificate._id}/revoke`)
      .set('Authorization', auth(admin))
      .send({ reason: '  ' });
    expect(noReason.status).toBe(400);

    const res = await request(ctx.app)
      .post(`/api/certificates/${certificate._id}/revoke`)
      .set('Authorization', auth(admin))
      .send({ reason: 'Attendance below the required 80 %' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'revoked', reason: 'Attendance below the required 80 %' });

    const checked = (await check(certificate._id)).body as Certificate;
    expect(checked.status).toBe('revoked');
    expect(checked.reason).toBe('Attendance below the required 80 %');
    expect(Date.parse(checked.revokedAt ?? '')).not.toBeNaN();

    const twice = await request(ctx.app)
      .post(`/api/certificates/${certificate._id}/revoke`)
      .set('Authorization', auth(admin))
      .send({ reason: 'again' });
    expect(twice.status).toBe(409);

    const audit = await request(ctx.app).get('/api/admin/audit?entity=certificate').set('Authorization', auth(admin));
    expect(audit.status).toBe(200);
    const line = (audit.body as AuditEventJson[]).find(
      (e) => e.action === 'revoked' && e.changes['certificate']?.to === certificate._id,
    );
    expect(line?.actor._id).toBe(admin.user.id);
    expect(line?.changes['reason']?.to).toBe('Attendance below the required 80 %');
  });

  it('re-issues after a name correction: the old one revoked pointing to the new one with the current name', async () => {
    const { learner, certificate } = await learnedCertificate('Nour El Houda Jlassi');
    await ctx.database.db.update(users).set({ name: 'Nour El Houda Jelassi' }).where(eq(users.id, learner.user.id));

    const res = await request(ctx.app)
      .post(`/api/certificates/${certificate._id}/reissue`)
      .set('Authorization', auth(admin))
      .send({});
    expect(res.status).toBe(201);
    const fresh = res.body as CertificateListItem;
    expect(fresh).toMatchObject({ learner: 'Nour El Houda Jelassi', status: 'valid', course: certificate.course });
    expect(fresh._id).not.toBe(certificate._id);

    const old = (await myCertificates(learner)).find((c) => c._id === certificate._id);
    expect(old).toMatchObject({ status: 'revoked', replacedBy: fresh._id, reason: 'Re-issued with a corrected name' });
    expect((await check(certificate._id)).body).toMatchObject({ status: 'revoked', learner: 'Nour El Houda Jlassi' });

    const again = await request(ctx.app)
      .post(`/api/certificates/${certificate._id}/reissue`)
      .set('Authorization', auth(admin))
      .send({});
    expect(again.status).toBe(409);
    expect(await mailAbout('Your certificate')).toBeDefined();
  });
});

describe('lists', () => {
  it('shows a learner only their own certificates, and an admin everyone’s, paged and searchable', async () => {
    const first = await learnedCertificate('Zeineb Khelifi');
    const second = await learnedCertificate('Hedi Bouazizi');
    expect((await myCertificates(first.learner)).map((c) => c._id)).toEqual([first.certificate._id]);

    const byName = await request(ctx.app).get('/api/certificates?q=khelifi').set('Authorization', auth(admin));
    expect((byName.body as CertificateListItem[]).map((c) => c._id)).toEqual([first.certificate._id]);
    const byId = await request(ctx.app)
      .get(`/api/certificates?q=${second.certificate._id}`)
      .set('Authorization', auth(admin));
    expect((byId.body as CertificateListItem[]).map((c) => c._id)).toEqual([second.certificate._id]);
    const byCourse = await request(ctx.app).get('/api/certificates?q=excel%20AVANC').set('Authorization', auth(admin));
    expect((byCourse.body as CertificateListItem[]).length).toBeGreaterThanOrEqual(2);

    const page = await request(ctx.app).get('/api/certificates?limit=1&page=2').set('Authorization', auth(admin));
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    // Newest first: page 2 of size 1 is the second newest.
    expect((page.body as CertificateListItem[])[0]?._id).toBe(first.certificate._id);

    const anonymous = await request(ctx.app).get('/api/certificates');
    expect(anonymous.status).toBe(401);
  });
});

describe('the PDF', () => {
  it('gives the learner a PDF with the centre, name, course, date, signatory, id and a QR code of the check address', async () => {
    const { learner, certificate } = await learnedCertificate('Amélie Dupré');
    const res = await pdfOf(certificate._id, learner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.body as Buffer;
    const text = await pdfText(pdf);
    expect(text).not.toContain('REVOKED');
    for (const part of [
      CENTRE,
      'Certificate of Completion',
      'Amélie Dupré',
      'Python for Beginners, Excel avancé',
      'Amira Ben Salah',
      'Director',
      certificate._id,
    ]) {
      expect(text).toContain(part);
    }
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'long' });
    expect(text).toContain(day.format(new Date(certificate.issuedAt)));

    // A4 landscape.
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const [, , width, height] = (await doc.getPage(1)).view;
    expect(Math.round(width ?? 0)).toBe(842);
    expect(Math.round(height ?? 0)).toBe(595);

    expect(await qrOnPage(pdf)).toBe(`${ctx.config.appUrl}/certificates/${certificate._id}`);
  });

  it('writes the PDF in the learner’s language, Arabic included', async () => {
    const { learner, certificate } = await learnedCertificate('سارة الحمامي', 'ar');
    const text = await pdfText((await pdfOf(certificate._id, learner)).body as Buffer);
    // Both words, with the space between them kept (pdfkit drops spaces between Arabic words
    // unless the line is prepared, certificate-pdf.ts arabicLine).
    expect(text.normalize('NFKC')).toMatch(/الحمامي\s+سارة|سارة\s+الحمامي/);
    expect(text).toContain(certificate._id);
    // Digits only in Arabic (a mixed run would come out reversed): 26/11/2026.
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'short' });
    expect(text).toContain(day.format(new Date(certificate.issuedAt)));
    // Shaped Arabic comes back as presentation forms: compare without them.
    expect(text.normalize('NFKC')).toMatch(/إتمام\s+شهادة|شهادة\s+إتمام/);

    const admin2 = await pdfOf(certificate._id, admin);
    expect(admin2.status).toBe(200);
  });

  it('marks the PDF of a revoked certificate as revoked', async () => {
    const { learner, certificate } = await learnedCertificate();
    await request(ctx.app)
      .post(`/api/certificates/${certificate._id}/revoke`)
      .set('Authorization', auth(admin))
      .send({ reason: 'Issued by mistake' });
    const text = await pdfText((await pdfOf(certificate._id, learner)).body as Buffer);
    expect(text).toContain('REVOKED');
  });

  it('refuses the PDF to anyone but its learner and the admins', async () => {
    const { certificate } = await learnedCertificate();
    const stranger = await createUser(ctx.database.db, ctx.config);
    expect((await pdfOf(certificate._id, stranger)).status).toBe(403);
    expect((await binary(request(ctx.app).get(`/api/certificates/${certificate._id}/pdf`))).status).toBe(401);
    expect((await pdfOf('AAAAAAAAAAAAAAAAAAAAAAAA', admin)).status).toBe(404);
  });
});

describe('rate limit of the public check', () => {
  it('stops one address that checks too many certificates in a minute', async () => {
    const answers = await Promise.all(
      Array.from({ length: CERTIFICATE_CHECK_LIMIT + 5 }, (_, i) => check(`unknown${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(CERTIFICATE_CHECK_LIMIT);
  });
});

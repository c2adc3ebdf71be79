import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateListItem, Language, Order, Session } from '@shop/shared';
import { courses } from '../../courses/courses.schema.js';
import { certificates } from '../tables/certificates.schema.js';
import { orderItems } from '../tables/orders.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { calendarEvents } from '../../../test/ical.js';
import { testShippingAddress } from '../../../test/orders.js';

/**
 * Issue 54: an order line keeps its course's names in every language it was sold with, and
 * every surface that names the course (order answer, mails, invoice and credit note, calendar
 * file, certificate and its check page) uses the reader's language.
 */

const WEB_INDEX = readFileSync(path.join(import.meta.dirname, '../../../../../web/index.html'), 'utf8');
const NAMES = { name: 'Tunisian Pastry', nameFr: 'Pâtisserie tunisienne', nameAr: 'الحلويات التونسية' };

let ctx: TestContext;
let admin: UserFixture;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'course-names-test-'));
  writeFileSync(path.join(webDist, 'index.html'), WEB_INDEX);
  ctx = await createTestContext({
    WEB_DIST: webDist,
    SHOP_LEGAL_NAME: 'Centre Ennour',
    SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
    SHOP_TAX_ID: '1234567/A/M/000',
  });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const auth = (user: UserFixture) => `Bearer ${user.token}`;

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** The PDF's text, Arabic presentation forms normalised, without spaces (pdf.js drops some). */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text.normalize('NFKC').replace(/\s+/g, '');
}
const squeeze = (s: string) => s.replace(/\s+/g, '');

async function courseWithSession(): Promise<{ courseId: string; session: Session }> {
  const course = await createCourse(ctx.database.db, { ...NAMES, price: 100, availability: 0 });
  const res = await request(ctx.app)
    .post(`/api/courses/${course.id}/sessions`)
    .set('Authorization', auth(admin))
    .send({
      startsAt: '2031-03-10T08:00:00.000Z',
      endsAt: '2031-03-10T12:00:00.000Z',
      schedule: 'Mon 09:00-13:00',
      place: 'Tunis',
      placeFr: 'Tunis, Les Berges du Lac',
      capacity: 10,
    });
  expect(res.status).toBe(201);
  return { courseId: course.id, session: res.body as Session };
}

async function place(buyer: UserFixture, line: { course: string; qty: number; session?: string }): Promise<Order> {
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', auth(buyer))
    .send({ orderItems: [line], shippingAddress: testShippingAddress, paymentMethod: 'In Place' });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const pay = (id: string) => request(ctx.app).put(`/api/orders/${id}/pay`).set('Authorization', auth(admin)).send({});

const mailsTo = (email: string) => ctx.sentMails.filter((m) => m.to === email);

async function buyerIn(language: Language): Promise<UserFixture> {
  return createUser(ctx.database.db, ctx.config, { language });
}

describe('order lines keep the course names as sold', () => {
  it('answers each line with its French and Arabic names, unchanged by a later rename of the course', async () => {
    const course = await createCourse(ctx.database.db, { ...NAMES, availability: 5 });
    const order = await place(await buyerIn('fr'), { course: course.id, qty: 1 });
    expect(order.orderItems[0]).toMatchObject(NAMES);
    await ctx.database.db
      .update(courses)
      .set({ name: 'Pastry 2', nameFr: 'Pâtisserie 2', nameAr: 'حلويات 2' })
      .where(eq(courses.id, course.id));
    const again = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', auth(admin));
    expect((again.body as Order).orderItems[0]).toMatchObject(NAMES);
  });

  it('answers the line as before for a course without French or Arabic names (the main name is shown)', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Excel', availability: 5 });
    const order = await place(await buyerIn('ar'), { course: course.id, qty: 1 });
    expect(order.orderItems[0]?.name).toBe('Excel');
    expect(order.orderItems[0]).not.toHaveProperty('nameFr');
    expect(order.orderItems[0]).not.toHaveProperty('nameAr');
  });

  it('fills lines placed before migration 0040 from the courses’ current names, and their certificates', async () => {
    const course = await createCourse(ctx.database.db, { ...NAMES, availability: 5 });
    const buyer = await buyerIn('fr');
    const order = await place(buyer, { course: course.id, qty: 1 });
    expect((await pay(order._id)).status).toBe(200);
    expect((await request(ctx.app).put(`/api/orders/${order._id}/learn`).set('Authorization', auth(admin)).send({})).status).toBe(200);
    // As the rows were before the migration: no names kept.
    await ctx.database.db.update(orderItems).set({ courseNames: sql`'{}'::jsonb` }).where(eq(orderItems.orderId, order._id));
    await ctx.database.db.update(certificates).set({ courseNames: sql`'{}'::jsonb` }).where(eq(certificates.orderId, order._id));
    const migration = readFileSync(path.join(import.meta.dirname, '../../../../drizzle/0040_course_names.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      if (/^\s*(--.*\n\s*)*UPDATE/i.test(statement)) await ctx.database.db.execute(sql.raw(statement));
    const again = await request(ctx.app).get(`/api/orders/${order._id}`).set('Authorization', auth(admin));
    expect((again.body as Order).orderItems[0]).toMatchObject(NAMES);
    const list = await request(ctx.app).get('/api/certificates').set('Authorization', auth(buyer));
    expect((list.body as CertificateListItem[])[0]).toMatchObject({ course: NAMES.name, courseFr: NAMES.nameFr, courseAr: NAMES.nameAr });
  });
});

describe('the reader’s language wherever the shop names the course', () => {
  it('mails the French buyer the French name, the Arabic buyer the Arabic name', async () => {
    const course = await createCourse(ctx.database.db, { ...NAMES, availability: 5 });
    for (const [language, line] of [
      ['fr', `${NAMES.nameFr}: 1 x`],
      // In Arabic the name is isolated and the sum reads left to right (no bidi reordering).
      ['ar', `\u2068${NAMES.nameAr}\u2069: \u20661 x`],
    ] as const) {
      const buyer = await buyerIn(language);
      const order = await place(buyer, { course: course.id, qty: 1 });
      expect((await pay(order._id)).status).toBe(200);
      const mails = mailsTo(buyer.user.email);
      expect(mails.length).toBeGreaterThanOrEqual(2);
      for (const mail of mails) {
        expect(mail.text).toContain(line);
        expect(mail.text).not.toContain(NAMES.name);
      }
    }
  });

  it('names the course in the buyer’s language on the invoice and the credit note, fixed at payment', async () => {
    const course = await createCourse(ctx.database.db, { ...NAMES, price: 80, availability: 5 });
    const buyer = await buyerIn('ar');
    const order = await place(buyer, { course: course.id, qty: 1 });
    expect((await pay(order._id)).status).toBe(200);
    // Renaming the course or changing the buyer's language later changes no invoice.
    await ctx.database.db.update(courses).set({ nameAr: 'اسم آخر' }).where(eq(courses.id, course.id));
    const invoice = await binary(request(ctx.app).get(`/api/orders/${order._id}/invoice`).set('Authorization', auth(buyer)));
    expect(invoice.status).toBe(200);
    const text = await pdfText(invoice.body as Buffer);
    expect(text).toContain(squeeze(NAMES.nameAr));
    expect(text).not.toContain(squeeze(NAMES.name));
    expect((await request(ctx.app).post(`/api/orders/${order._id}/cancel`).set('Authorization', auth(admin)).send({})).status).toBe(200);
    expect((await request(ctx.app).put(`/api/orders/${order._id}/refund`).set('Authorization', auth(admin)).send({})).status).toBe(200);
    const note = await binary(request(ctx.app).get(`/api/orders/${order._id}/credit-note`).set('Authorization', auth(buyer)));
    expect(note.status).toBe(200);
    const noteText = await pdfText(note.body as Buffer);
    expect(noteText).toContain(squeeze(NAMES.nameAr));
    expect(noteText).not.toContain(squeeze(NAMES.name));
  });

  it('writes the calendar file’s events and its name in the language of whoever downloads it', async () => {
    const { courseId, session } = await courseWithSession();
    const buyer = await buyerIn('fr');
    const order = await place(buyer, { course: courseId, qty: 1, session: session._id });
    const ics = async (user: UserFixture) => {
      const res = await request(ctx.app).get(`/api/orders/${order._id}/calendar.ics`).set('Authorization', auth(user));
      expect(res.status).toBe(200);
      return res.text;
    };
    // The placed mail says where to pay and, apart, where the course takes place, in French.
    const placed = mailsTo(buyer.user.email)[0];
    expect(placed?.text).toContain('Lieu de la formation : Tunis, Les Berges du Lac');
    expect(placed?.text).toContain(`${NAMES.nameFr}: 1 x`);
    const french = await ics(buyer);
    expect(calendarEvents(french).map((e) => e.summary)).toEqual([NAMES.nameFr]);
    expect(french).toContain('X-WR-CALNAME:Séances de formation');
    const english = await ics(admin);
    expect(calendarEvents(english).map((e) => e.summary)).toEqual([NAMES.name]);
    expect(english).toContain('X-WR-CALNAME:Course sessions');
    const arabicAdmin = await createAdmin(ctx.database.db, ctx.config, { language: 'ar' });
    const arabic = await ics(arabicAdmin);
    expect(calendarEvents(arabic).map((e) => e.summary)).toEqual([NAMES.nameAr]);
    expect(arabic).toContain('X-WR-CALNAME:حصص الدورات');
  });

  it('issues the certificate with the names as sold: PDF and mail in the learner’s language, the check page in the page’s', async () => {
    const course = await createCourse(ctx.database.db, { ...NAMES, availability: 5 });
    const learner = await buyerIn('fr');
    const order = await place(learner, { course: course.id, qty: 1 });
    expect((await pay(order._id)).status).toBe(200);
    expect((await request(ctx.app).put(`/api/orders/${order._id}/learn`).set('Authorization', auth(admin)).send({})).status).toBe(200);
    const list = await request(ctx.app).get('/api/certificates').set('Authorization', auth(learner));
    const certificate = (list.body as CertificateListItem[])[0] as CertificateListItem;
    expect(certificate).toMatchObject({ course: NAMES.name, courseFr: NAMES.nameFr, courseAr: NAMES.nameAr });

    const pdf = await binary(request(ctx.app).get(`/api/certificates/${certificate._id}/pdf`).set('Authorization', auth(learner)));
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(squeeze(NAMES.nameFr));
    expect(text).not.toContain(squeeze(NAMES.name));

    await expect.poll(() => mailsTo(learner.user.email).filter((m) => m.attachments?.length).length).toBeGreaterThan(0);
    const mail = mailsTo(learner.user.email).find((m) => m.subject.startsWith('Votre certificat'));
    expect(mail?.subject).toBe(`Votre certificat : ${NAMES.nameFr}`);
    expect(mail?.text).not.toContain(NAMES.name);

    const page = (language: string) =>
      request(ctx.app).get(`/certificates/${certificate._id}`).set('Accept', 'text/html').set('Accept-Language', language);
    const fr = await page('fr-FR,fr;q=0.9');
    expect(fr.text).toMatch(/<title>Certificat valide: [^<]+ · Course Shop<\/title>/);
    expect(fr.text).toContain(`<meta property="og:description" content="${NAMES.nameFr}. Délivré à`);
    const ar = await page('ar');
    expect(ar.text).toMatch(/<title>شهادة صالحة: [^<]+ · Course Shop<\/title>/);
    expect(ar.text).toContain(`<meta property="og:description" content="${NAMES.nameAr}.`);
    const en = await page('en');
    expect(en.text).toContain(`<meta property="og:description" content="${NAMES.name}. Issued to`);
  });
});

import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession, Order } from '@shop/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { signUserToken } from '../../../lib/user-tokens.js';
import { halfHours } from './training-documents.js';

/**
 * Issue 51 (docs/api.md, company documents): the training agreement and the attendance
 * certificate of an order, read back as text from the PDFs (unpdf), in French and Arabic.
 */
const SHOP = {
  SHOP_LEGAL_NAME: 'Centre de Formation Ennour SARL',
  SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
  SHOP_TAX_ID: '1234567/A/M/000',
  SHOP_TRAINING_AUTHORISATION: '11-222-33',
};
const COMPANY = { name: 'Société Atlas SA', taxId: '7654321BPM000' };

let ctx: TestContext;
let admin: UserFixture;
let hr: UserFixture;
let arabicHr: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({ ...SHOP, MAX_UNPAID_SEATS: '1000' });
  admin = await createAdmin(ctx.database.db, ctx.config);
  hr = await createUser(ctx.database.db, ctx.config, { name: 'Leila Mansour', language: 'fr' });
  arabicHr = await createUser(ctx.database.db, ctx.config, { name: 'Karim Haddad', language: 'ar' });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A session two days from now on three Tunis days: 4 h, 4 h and 3 h (11 hours, none set). */
async function companySession(extra: Record<string, unknown> = {}) {
  const course = await createCourse(ctx.database.db, { name: 'Excel pour l’entreprise', price: 200 });
  const midnight = Math.floor((ctx.clock.now().getTime() + 2 * DAY) / DAY) * DAY;
  const at = (day: number, hour: number) => new Date(midnight + day * DAY + hour * HOUR).toISOString();
  const meetings = [
    { startsAt: at(0, 8), endsAt: at(0, 12) },
    { startsAt: at(1, 8), endsAt: at(1, 12) },
    { startsAt: at(2, 8), endsAt: at(2, 11) },
  ];
  const res = await request(ctx.app)
    .post(`/api/courses/${course.id}/sessions`)
    .set('Authorization', `Bearer ${admin.token}`)
    .send({
      startsAt: at(0, 8),
      endsAt: at(2, 11),
      schedule: 'Three mornings',
      place: 'Tunis, Lake 2',
      placeFr: 'Tunis, Lac 2',
      placeAr: 'تونس، البحيرة 2',
      capacity: 20,
      trainer: 'Sami Ben Ali',
      meetings,
      ...extra,
    });
  expect(res.status).toBe(201);
  return { course, session: res.body as AdminSession, meetings };
}

async function placeOrder(user: UserFixture, course: string, session: string, qty: number, invoiceTo?: object): Promise<Order> {
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${user.token}`)
    .send({
      orderItems: [{ course, qty, session }],
      shippingAddress: { address: '10 Rue du Lac Léman', city: 'Les Berges du Lac', postalCode: '1053', country: 'Tunisie' },
      paymentMethod: 'In Place',
      ...(invoiceTo ? { invoiceTo } : {}),
    });
  expect(res.status).toBe(201);
  return res.body as Order;
}

const pay = async (id: string) =>
  expect((await request(ctx.app).put(`/api/orders/${id}/pay`).set('Authorization', `Bearer ${admin.token}`).send({})).status).toBe(200);

const getPdf = (path: string, token: string) =>
  request(ctx.app)
    .get(path)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: false })).text.map((t) => t.normalize('NFKC'));
}

const jsonOf = (buffer: unknown) => JSON.parse(Buffer.from(buffer as Buffer).toString('utf8')) as { message: string; code?: string };

describe('GET /api/orders/{id}/agreement', () => {
  it('is the convention de formation of a company order in French: both parties, the session, learners and amounts', async () => {
    const { course, session } = await companySession();
    const order = await placeOrder(hr, course.id, session._id, 3, COMPANY);
    const res = await getPdf(`/api/orders/${order._id}/agreement`, hr.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="agreement-${order._id.slice(0, 8)}.pdf"`);
    const text = (await pdfPages(res.body as Buffer)).join('\n');
    for (const expected of [
      'CONVENTION DE FORMATION',
      SHOP.SHOP_LEGAL_NAME,
      SHOP.SHOP_ADDRESS,
      `Matricule fiscal: ${SHOP.SHOP_TAX_ID}`,
      `Agrément de formation: ${SHOP.SHOP_TRAINING_AUTHORISATION}`,
      `Raison sociale: ${COMPANY.name}`,
      `Matricule fiscal: 7654321/B/P/M/000`,
      'Adresse: 10 Rue du Lac Léman, 1053 Les Berges du Lac, Tunisie',
      'Formation: Excel pour l’entreprise',
      'Durée (heures): 11',
      'Horaires:',
      '3 séances',
      'Lieu: Tunis, Lac 2',
      'Formateur: Sami Ben Ali',
      'Places: 3',
      'Places non encore nommées: 3',
      'Prix hors taxes',
      `${(order.totalPrice - order.taxPrice - (order.stampDuty ?? 0)).toFixed(2)} TND`,
      `${order.taxPrice.toFixed(2)} TND`,
      `${order.totalPrice.toFixed(2)} TND`,
    ])
      expect(text).toContain(expected);
    // An admin may read it; a stranger may not.
    expect((await getPdf(`/api/orders/${order._id}/agreement`, admin.token)).status).toBe(200);
    const stranger = await createUser(ctx.database.db, ctx.config);
    expect([403, 404]).toContain((await getPdf(`/api/orders/${order._id}/agreement`, stranger.token)).status);
  });

  it('is laid out in Arabic for an Arabic buyer', async () => {
    const { course, session } = await companySession();
    const order = await placeOrder(arabicHr, course.id, session._id, 2, COMPANY);
    const res = await getPdf(`/api/orders/${order._id}/agreement`, arabicHr.token);
    expect(res.status).toBe(200);
    const text = (await pdfPages(res.body as Buffer)).join('\n');
    expect(text).toContain(COMPANY.name);
    expect(text).toContain(SHOP.SHOP_TRAINING_AUTHORISATION);
    // Arabic words, each drawn right to left (the extracted text reads them in visual order).
    expect(text).toMatch(/[\u0600-\u06FF]{3,}/);
    expect(text).not.toContain('CONVENTION DE FORMATION');
  });

  it('answers 409 NO_COMPANY for an order not invoiced to a company', async () => {
    const { course, session } = await companySession();
    const order = await placeOrder(hr, course.id, session._id, 1);
    const res = await getPdf(`/api/orders/${order._id}/agreement`, hr.token);
    expect(res.status).toBe(409);
    expect(jsonOf(res.body).code).toBe('NO_COMPANY');
  });
});

describe('GET /api/orders/{id}/attendance-certificate', () => {
  it('refuses before the session ends, then gives days present of days held and hours rounded to the half hour', async () => {
    const { course, session, meetings } = await companySession();
    const order = await placeOrder(hr, course.id, session._id, 2, COMPANY);
    const arabicOrder = await placeOrder(arabicHr, course.id, session._id, 1, COMPANY);
    const unpaid = await placeOrder(hr, course.id, session._id, 1, COMPANY);
    await pay(order._id);
    await pay(arabicOrder._id);

    const early = await getPdf(`/api/orders/${order._id}/attendance-certificate`, hr.token);
    expect(early.status).toBe(409);
    expect(jsonOf(early.body).message).toMatch(/once the session has ended/);

    // Present on the first two meeting days of three.
    const days = meetings.map((m) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tunis' }).format(new Date(m.startsAt)));
    for (const day of days.slice(0, 2)) {
      const tick = await request(ctx.app)
        .put(`/api/sessions/${session._id}/attendance`)
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ date: day, present: [hr.user.id, arabicHr.user.id] });
      expect(tick.status).toBe(200);
    }
    ctx.clock.advance(6 * DAY);

    const res = await getPdf(`/api/orders/${order._id}/attendance-certificate`, hr.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(res.body as Buffer);
    // One page per learner: the buyer stands for the two seats not named yet.
    expect(pages).toHaveLength(1);
    const page = pages[0] ?? '';
    for (const expected of [
      'ATTESTATION DE PRÉSENCE',
      SHOP.SHOP_LEGAL_NAME,
      `Agrément de formation: ${SHOP.SHOP_TRAINING_AUTHORISATION}`,
      'Apprenant: Leila Mansour',
      `L’entreprise: ${COMPANY.name}`,
      'Formation: Excel pour l’entreprise',
      'Jours de présence: 2 sur 3',
      // 11 hours × 2 ÷ 3 = 7.33, rounded to the half hour.
      'Heures suivies: 7.5',
    ])
      expect(page).toContain(expected);

    const arabic = await getPdf(`/api/orders/${arabicOrder._id}/attendance-certificate`, arabicHr.token);
    expect(arabic.status).toBe(200);
    const arabicText = (await pdfPages(arabic.body as Buffer)).join('\n');
    expect(arabicText).toContain('Karim Haddad');
    expect(arabicText).toContain('2 / 3');
    expect(arabicText).toContain('7.5');
    expect(arabicText).toMatch(/[\u0600-\u06FF]{3,}/);

    // An unpaid order has none.
    expect((await getPdf(`/api/orders/${unpaid._id}/attendance-certificate`, hr.token)).status).toBe(409);
  });

  it('leaves the hours attended blank when the session has no hours', async () => {
    // The clock moved on (above): tokens signed on it.
    const fresh = (who: UserFixture) => ({ ...who, token: signUserToken(ctx.config.jwtSecret, who.user, ctx.clock.now()) });
    admin = fresh(admin);
    hr = fresh(hr);
    const course = await createCourse(ctx.database.db, { name: 'Atelier', price: 50 });
    const start = Math.floor((ctx.clock.now().getTime() + 2 * DAY) / DAY) * DAY + 8 * HOUR;
    const created = await request(ctx.app)
      .post(`/api/courses/${course.id}/sessions`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 4 * HOUR).toISOString(),
        schedule: 'Un matin',
        place: 'Sousse',
        capacity: 5,
      });
    const order = await placeOrder(hr, course.id, (created.body as AdminSession)._id, 1, COMPANY);
    await pay(order._id);
    ctx.clock.advance(3 * DAY);
    hr = fresh(hr);
    const res = await getPdf(`/api/orders/${order._id}/attendance-certificate`, hr.token);
    expect(res.status).toBe(200);
    const text = (await pdfPages(res.body as Buffer)).join('\n');
    expect(text).toContain('Jours de présence: 0 sur 1');
    expect(text).not.toMatch(/Heures suivies: \d/);
  });
});

describe('named learners on the company documents', () => {
  it('lists them on the agreement and gives each a page of the certificate with their own days', async () => {
    hr = { ...hr, token: signUserToken(ctx.config.jwtSecret, hr.user, ctx.clock.now()) };
    admin = { ...admin, token: signUserToken(ctx.config.jwtSecret, admin.user, ctx.clock.now()) };
    const { course, session, meetings } = await companySession();
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${hr.token}`)
      .send({
        orderItems: [{ course: course.id, qty: 3, session: session._id, learners: [{ name: 'Nadia Jaziri' }, { name: 'Omar Gharbi' }] }],
        shippingAddress: { address: '10 Rue du Lac Léman', city: 'Les Berges du Lac', postalCode: '1053', country: 'Tunisie' },
        paymentMethod: 'In Place',
        invoiceTo: COMPANY,
      });
    expect(placed.status).toBe(201);
    const order = placed.body as Order;
    await pay(order._id);
    const agreement = (await pdfPages((await getPdf(`/api/orders/${order._id}/agreement`, hr.token)).body as Buffer)).join('\n');
    expect(agreement).toMatch(/Apprenants: Nadia Jaziri\s+Omar Gharbi\n/);
    expect(agreement).toContain('Places non encore nommées: 1');

    const roster = await request(ctx.app).get(`/api/sessions/${session._id}/roster`).set('Authorization', `Bearer ${admin.token}`);
    const nadia = (roster.body as { learner: { _id: string; name: string } }[]).find((r) => r.learner.name === 'Nadia Jaziri');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tunis' }).format(new Date(meetings[0]?.startsAt ?? ''));
    const tick = await request(ctx.app)
      .put(`/api/sessions/${session._id}/attendance`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ date: day, present: [nadia?.learner._id] });
    expect(tick.status).toBe(200);
    ctx.clock.advance(6 * DAY);
    hr = { ...hr, token: signUserToken(ctx.config.jwtSecret, hr.user, ctx.clock.now()) };
    const pages = await pdfPages((await getPdf(`/api/orders/${order._id}/attendance-certificate`, hr.token)).body as Buffer);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Apprenant: Nadia Jaziri');
    expect(pages[0]).toContain('Jours de présence: 1 sur 3');
    // 11 hours × 1 ÷ 3 = 3.67, to the half hour.
    expect(pages[0]).toContain('Heures suivies: 3.5');
    expect(pages[1]).toContain('Apprenant: Omar Gharbi');
    expect(pages[1]).toContain('Jours de présence: 0 sur 3');
    expect(pages[2]).toContain('Apprenant: Leila Mansour');
  });
});

describe('halfHours', () => {
  it('rounds to the half hour', () => {
    expect([7.33, 7.2, 7.25, 6, 0.74, 29.9].map(halfHours)).toEqual(['7.5', '7', '7.5', '6', '0.5', '30']);
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf, MESSAGES } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { createMailer } from '../mail/mailer.js';
import {
  linkInText,
  startTestSmtpServer,
  verifyTokenOf,
  type TestSmtpServer,
} from '../../test/mail.js';

/** Issue 18: the API speaks the user's language where people read its words. */
let smtp: TestSmtpServer;
let ctx: TestContext;
let admin: UserFixture;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url }, { mailer: createMailer });
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const bearer = (fixture: { token: string }) => ({ Authorization: `Bearer ${fixture.token}` });

describe('Accept-Language', () => {
  it('picks the best of en, fr and ar by weight, else English', () => {
    expect(languageOf('fr-TN,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOf('de-DE,de;q=0.9,ar;q=0.5,fr;q=0.4')).toBe('ar');
    expect(languageOf('en;q=0.1, ar-TN')).toBe('ar');
    expect(languageOf('de, it')).toBe('en');
    expect(languageOf('fr;q=0')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });
});

describe('accounts and their mails', () => {
  it('registers in the request’s language and mails the link in French', async () => {
    const res = await request(ctx.app)
      .post('/api/users')
      .set('Accept-Language', 'fr-FR,fr;q=0.9,en;q=0.5')
      .send({ name: 'Chloé', email: 'chloe@example.com', password: 'mot-de-passe-1' });
    expect(res.status).toBe(201);
    // The contract's English message stays; the client translates it.
    expect(res.body).toEqual({ message: MESSAGES.registrationSuccess });
    const mail = await smtp.nextMail();
    expect(mail.subject).toBe('Vérifiez votre adresse e-mail');
    expect(mail.text).toContain('Bonjour Chloé,');
    expect(mail.text).toContain('Merci de votre inscription sur Course Shop.');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Vérifier mon e-mail');

    await request(ctx.app)
      .get(`/api/users/verify/${verifyTokenOf(linkInText(mail))}`)
      .expect(200);
    const login = await request(ctx.app)
      .post('/api/users/login')
      .send({ email: 'chloe@example.com', password: 'mot-de-passe-1' });
    expect(login.status).toBe(200);
    expect(login.body.language).toBe('fr');
  });

  it('writes Arabic mails right to left; the body’s language wins over the header', async () => {
    await request(ctx.app)
      .post('/api/users')
      .set('Accept-Language', 'en')
      .send({ name: 'سلمى', email: 'salma@example.com', password: 'kalimat-sir-1', language: 'ar' })
      .expect(201);
    const mail = await smtp.nextMail();
    expect(mail.subject).toBe('تأكيد عنوان بريدك الإلكتروني');
    expect(mail.text).toContain('مرحبًا سلمى،');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    // The link keeps its own direction inside the Arabic text.
    expect(mail.html).toMatch(/<span dir="ltr">http:\/\/shop\.test\/verify\//);
  });

  it('changes the account’s language in the profile; the reset mail follows it', async () => {
    const user = await createUser(ctx.database.db, ctx.config);
    const changed = await request(ctx.app)
      .put('/api/users/profile')
      .set(bearer(user))
      .send({ language: 'ar' });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('ar');
    const bad = await request(ctx.app)
      .put('/api/users/profile')
      .set(bearer(user))
      .send({ language: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');

    await request(ctx.app)
      .post('/api/users/forgot-password')
      .send({ email: user.user.email })
      .expect(200);
    const mail = await smtp.nextMail();
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('mails the placed order in the buyer’s language', async () => {
    const buyer = await createUser(ctx.database.db, ctx.config, { language: 'fr' });
    const course = await createCourse(ctx.database.db, {
      name: 'Cours test',
      price: 40,
      availability: 5,
    });
    const placed = await request(ctx.app)
      .post('/api/orders')
      .set(bearer(buyer))
      .send({
        orderItems: [{ course: course.id, qty: 1 }],
        shippingAddress: {
          address: '1 rue de Rome',
          city: 'Tunis',
          postalCode: '1000',
          country: 'France',
        },
        paymentMethod: 'In Place',
      });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const mail = await smtp.nextMail();
    expect(mail.subject).toBe(
      `Votre commande ${String(placed.body._id).slice(0, 8)} est enregistrée`,
    );
    expect(mail.text).toContain('Merci pour votre commande.');
    expect(mail.text).toContain('Comment payer : au centre');
    expect(mail.text).toContain('(heure de Tunis)');
  });
});

describe('error codes', () => {
  it('gives every refusal a stable code beside the contract’s English message', async () => {
    const wrong = await request(ctx.app)
      .post('/api/users/login')
      .send({ email: 'nobody@example.com', password: 'whatever-1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      message: MESSAGES.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });

    const user = await createUser(ctx.database.db, ctx.config);
    const course = await createCourse(ctx.database.db, { name: 'Almost Full', availability: 1 });
    const seats = await request(ctx.app)
      .post('/api/orders')
      .set(bearer(user))
      .send({
        orderItems: [{ course: course.id, qty: 2 }],
        shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'France' },
        paymentMethod: 'Card',
      });
    expect(seats.status, JSON.stringify(seats.body)).toBe(409);
    expect(seats.body).toEqual({
      message: 'Not enough seats left for Almost Full',
      code: 'SEATS_LEFT',
    });

    const invalid = await request(ctx.app)
      .post('/api/users')
      .send({ name: '', email: 'x', password: 'short' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION');

    const unknown = await request(ctx.app).get('/api/nothing-here');
    expect(unknown.body).toEqual({ message: MESSAGES.routeNotFound, code: 'NOT_FOUND' });
  });
});

describe('courses in French and Arabic', () => {
  it('lets an admin give the French and Arabic texts, answers them and finds the course by each name', async () => {
    const course = await createCourse(ctx.database.db, {
      name: 'Watercolour for Starters',
      description: 'Paint skies.',
    });
    const res = await request(ctx.app).put(`/api/courses/${course.id}`).set(bearer(admin)).send({
      nameFr: 'Aquarelle pour débutants',
      descriptionFr: 'Peindre le ciel.',
      nameAr: 'الألوان المائية للمبتدئين',
      descriptionAr: 'ارسم السماء.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Watercolour for Starters',
      nameFr: 'Aquarelle pour débutants',
      nameAr: 'الألوان المائية للمبتدئين',
      descriptionFr: 'Peindre le ciel.',
      descriptionAr: 'ارسم السماء.',
    });

    for (const keyword of ['Aquarelle débutants', 'المائية', 'watercolour starters']) {
      const found = await request(ctx.app).get('/api/courses').query({ keyword });
      expect(found.status, keyword).toBe(200);
      expect(
        found.body.map((c: { _id: string }) => c._id),
        keyword,
      ).toContain(course.id);
    }

    const detail = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(detail.body.nameAr).toBe('الألوان المائية للمبتدئين');

    const tooLong = await request(ctx.app)
      .put(`/api/courses/${course.id}`)
      .set(bearer(admin))
      .send({ nameFr: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('VALIDATION');
  });

  it('answers empty French and Arabic texts for a course without them (the client shows the main text)', async () => {
    const course = await createCourse(ctx.database.db);
    const res = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(res.body).toMatchObject({
      nameFr: '',
      nameAr: '',
      descriptionFr: '',
      descriptionAr: '',
    });
  });
});

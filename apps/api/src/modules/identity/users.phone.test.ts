import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, normalisePhone } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createUser } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const tokenOfLastMail = (): string => {
  const link = ctx.sentMails.at(-1)?.link ?? '';
  return link.slice(link.lastIndexOf('/') + 1);
};

describe('phone numbers (issue 53)', () => {
  it.each([
    ['20 123 456', '+21620123456'],
    ['98.765.432', '+21698765432'],
    ['+216 55 123 456', '+21655123456'],
    ['0021671234567', '+21671234567'],
    ['+33 6 12 34 56 78', '+33612345678'],
  ])('normalises %s to %s', (typed, phone) => {
    expect(normalisePhone(typed)).toBe(phone);
  });

  it.each(['1234567', '123456789', '+216 1234 5678', '+216 2012345', 'abc', '+0123456789', '+1234567890123456', '20-12-34-5x'])(
    'refuses %s',
    (typed) => {
      expect(normalisePhone(typed)).toBeNull();
    },
  );

  it('saves a phone and the consent in the profile, +216 added to 8 digits, both channels off by default', async () => {
    const { token } = await createUser(ctx.database.db, ctx.config);
    const before = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${token}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ phone: null, notify: { sms: false, whatsapp: false } });

    const saved = await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ phone: '20 123 456', notify: { sms: true } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phone: '+21620123456', notify: { sms: true, whatsapp: false } });

    const whatsapp = await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ notify: { whatsapp: true } });
    expect(whatsapp.body).toMatchObject({ phone: '+21620123456', notify: { sms: true, whatsapp: true } });

    const removed = await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ phone: '' });
    expect(removed.body).toMatchObject({ phone: null });
  });

  it.each([['2012345'], ['+216 1234 5678'], ['phone'], [12345678]])('answers 400 PHONE_INVALID for %s', async (phone) => {
    const { token } = await createUser(ctx.database.db, ctx.config, { phone: '+21620000000' });
    const res = await request(ctx.app).put('/api/users/profile').set('Authorization', `Bearer ${token}`).send({ phone });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.phoneInvalid, code: 'PHONE_INVALID' });
    const profile = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${token}`);
    expect(profile.body.phone).toBe('+21620000000');
  });

  it('refuses a bad phone at registration with 400 PHONE_INVALID', async () => {
    const res = await request(ctx.app)
      .post('/api/users')
      .send({ name: 'Yasmine', email: 'yasmine-bad-phone@example.com', password: 'secret-pass', phone: '123' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PHONE_INVALID');
  });

  it('takes the phone and consent at registration, applied when the mailed link is followed', async () => {
    const registered = await request(ctx.app)
      .post('/api/users')
      .send({ name: 'Yasmine', email: 'yasmine@example.com', password: 'secret-pass', phone: '55123456', notify: { whatsapp: true } });
    expect(registered.status).toBe(201);
    const verified = await request(ctx.app).get(`/api/users/verify/${tokenOfLastMail()}`);
    expect(verified.status).toBe(200);
    const login = await request(ctx.app).post('/api/users/login').send({ email: 'yasmine@example.com', password: 'secret-pass' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ phone: '+21655123456', notify: { sms: false, whatsapp: true } });
  });

  it('a second registration of an unverified address replaces the phone of the first (the link decides)', async () => {
    await request(ctx.app)
      .post('/api/users')
      .send({ name: 'Intruder', email: 'karim@example.com', password: 'intruder-pass', phone: '22111111', notify: { sms: true } });
    await request(ctx.app).post('/api/users').send({ name: 'Karim', email: 'karim@example.com', password: 'karim-pass' });
    expect((await request(ctx.app).get(`/api/users/verify/${tokenOfLastMail()}`)).status).toBe(200);
    const login = await request(ctx.app).post('/api/users/login').send({ email: 'karim@example.com', password: 'karim-pass' });
    expect(login.body).toMatchObject({ phone: null, notify: { sms: false, whatsapp: false } });
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { tokens, users } from './identity.schema.js';
import { createMailer } from '../mail/mailer.js';
import {
  linkInHtml,
  linkInText,
  resetTokenOf,
  startTestSmtpServer,
  verifyTokenOf,
  type TestSmtpServer,
} from '../../test/mail.js';

let smtp: TestSmtpServer;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url }, { mailer: createMailer });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

async function registerAndVerify(email: string, password = 'first-password') {
  const res = await request(ctx.app).post('/api/users').send({ name: 'Amira', email, password, isKid: false });
  expect(res.status).toBe(201);
  const mail = await smtp.nextMail();
  const verified = await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(linkInText(mail))}`);
  expect(verified.status).toBe(200);
}

describe('register -> verify -> login, with the link read from the received mail', () => {
  it('signs in only after the e-mailed link was followed', async () => {
    const registered = await request(ctx.app)
      .post('/api/users')
      .send({ name: 'Sami <b>', email: 'Sami@Example.com', password: 'secret-pass', isKid: true });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ message: MESSAGES.registrationSuccess });

    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['sami@example.com']);
    expect(mail.subject).toBe('Verify your e-mail address');
    const link = linkInText(mail);
    expect(link).toMatch(/^http:\/\/shop\.test\/verify\/[A-Za-z0-9_-]{43}$/);
    expect(linkInHtml(mail)).toBe(link);
    expect(mail.html).toContain('Sami &lt;b&gt;');
    expect(mail.raw).not.toContain('secret-pass');

    const early = await request(ctx.app).post('/api/users/login').send({ email: 'sami@example.com', password: 'secret-pass' });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: MESSAGES.verifyBeforeSignIn, code: 'EMAIL_NOT_VERIFIED' });

    const verified = await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(link)}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: MESSAGES.emailVerified });
    const again = await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(link)}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: MESSAGES.invalidVerificationLink, code: 'INVALID_TOKEN' });

    const login = await request(ctx.app).post('/api/users/login').send({ email: 'SAMI@example.COM', password: 'secret-pass' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      _id: expect.any(String),
      name: 'Sami <b>',
      email: 'sami@example.com',
      isAdmin: false,
      isKid: true,
      language: 'en',
      phone: null,
      notify: { sms: false, whatsapp: false },
      token: expect.any(String),
    });
    const profile = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${login.body.token}`);
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe('sami@example.com');
  });

  it('refuses a wrong password and an unknown address with the same 401', async () => {
    await registerAndVerify('wrong-pass@example.com');
    const wrong = await request(ctx.app).post('/api/users/login').send({ email: 'wrong-pass@example.com', password: 'nope-nope' });
    const unknown = await request(ctx.app).post('/api/users/login').send({ email: 'nobody@example.com', password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    }
  });

  it('says 403 to an unverified account only when the password is right', async () => {
    await request(ctx.app).post('/api/users').send({ name: 'U', email: 'unverified@example.com', password: 'right-password' });
    await smtp.nextMail();
    const wrong = await request(ctx.app).post('/api/users/login').send({ email: 'unverified@example.com', password: 'wrong-password' });
    expect(wrong.status).toBe(401);
  });

  it('refuses a verified address (any case) with 400 User already exists', async () => {
    await registerAndVerify('taken@example.com');
    const res = await request(ctx.app).post('/api/users').send({ name: 'X', email: 'TAKEN@example.com', password: 'whatever-1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.userExists, code: 'USER_EXISTS' });
  });

  it('verifies an unverified address with the registration of the link followed; newer links void older ones', async () => {
    // A stranger registers the owner's address first (and cannot read the owner's mailbox).
    await request(ctx.app).post('/api/users').send({ name: 'Stranger', email: 'pending@example.com', password: 'stranger-password', isKid: true });
    const strangerLink = linkInText(await smtp.nextMail());
    const again = await request(ctx.app)
      .post('/api/users')
      .send({ name: 'Owner', email: 'Pending@example.com', password: 'owner-password', isKid: false });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: MESSAGES.registrationSuccess });
    const ownerMail = await smtp.nextMail();
    expect(ownerMail.to).toEqual(['pending@example.com']);
    expect(ownerMail.text).toContain('Hello Owner,');
    const ownerLink = linkInText(ownerMail);
    expect(verifyTokenOf(ownerLink)).not.toBe(verifyTokenOf(strangerLink));

    expect((await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(ownerLink)}`)).status).toBe(200);
    const stranger = await request(ctx.app).post('/api/users/login').send({ email: 'pending@example.com', password: 'stranger-password' });
    expect(stranger.status).toBe(401);
    const owner = await request(ctx.app).post('/api/users/login').send({ email: 'pending@example.com', password: 'owner-password' });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ name: 'Owner', isKid: false });
    // The stranger's older link was voided by the owner's registration.
    const late = await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(strangerLink)}`);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: MESSAGES.invalidVerificationLink, code: 'INVALID_TOKEN' });
    expect((await request(ctx.app).post('/api/users/login').send({ email: 'pending@example.com', password: 'owner-password' })).status).toBe(200);
  });

  it('refuses a verification link once 24 hours have passed', async () => {
    await request(ctx.app).post('/api/users').send({ name: 'Late', email: 'late@example.com', password: 'late-password' });
    const link = linkInText(await smtp.nextMail());
    ctx.clock.advance(24 * 3600 * 1000 + 1000);
    const res = await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(link)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.invalidVerificationLink, code: 'INVALID_TOKEN' });
  });

  it('refuses made-up verification tokens of any shape', async () => {
    for (const token of ['abc', 'A'.repeat(43), '%00', 'x'.repeat(500)]) {
      const res = await request(ctx.app).get(`/api/users/verify/${encodeURIComponent(token)}`);
      expect(res.status).toBe(400);
    }
  });

  it('rejects bad registration input with 400 and field details', async () => {
    const res = await request(ctx.app).post('/api/users').send({ name: '', email: 'nope', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'name', 'password']);
    const kid = await request(ctx.app).post('/api/users').send({ name: 'K', email: 'k@example.com', password: 'long-enough', isKid: 'yes' });
    expect(kid.status).toBe(400);
  });

  it('maps two simultaneous registrations of one address to one account', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        request(ctx.app).post('/api/users').send({ name: `Racer ${n}`, email: 'race@example.com', password: `race-password-${n}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    for (let i = 0; i < 3; i++) await smtp.nextMail();
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, 'race@example.com'));
    expect(rows).toHaveLength(1);
  });
});

describe('forgot -> validate -> reset, with the link read from the received mail', () => {
  it('resets once: old password refused, new one accepted, link dead afterwards', async () => {
    await registerAndVerify('forgetful@example.com', 'old-password');
    const forgot = await request(ctx.app).post('/api/users/forgot-password').send({ email: 'Forgetful@example.com' });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ message: MESSAGES.forgotSuccess });
    const mail = await smtp.nextMail();
    expect(mail.subject).toBe('Reset your password');
    const link = linkInText(mail);
    expect(link).toMatch(/^http:\/\/shop\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(linkInHtml(mail)).toBe(link);
    const token = resetTokenOf(link);

    const valid = await request(ctx.app).get(`/api/users/validate-reset-token/${token}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ valid: true });

    const short = await request(ctx.app).post(`/api/users/reset-password/${token}`).send({ newPassword: 'short' });
    expect(short.status).toBe(400);

    const reset = await request(ctx.app).post(`/api/users/reset-password/${token}`).send({ newPassword: 'new-password' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: MESSAGES.passwordReset });

    const oldLogin = await request(ctx.app).post('/api/users/login').send({ email: 'forgetful@example.com', password: 'old-password' });
    expect(oldLogin.status).toBe(401);
    const newLogin = await request(ctx.app).post('/api/users/login').send({ email: 'forgetful@example.com', password: 'new-password' });
    expect(newLogin.status).toBe(200);

    const second = await request(ctx.app).post(`/api/users/reset-password/${token}`).send({ newPassword: 'third-password' });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ message: MESSAGES.invalidOrExpiredToken, code: 'INVALID_TOKEN' });
    expect((await request(ctx.app).get(`/api/users/validate-reset-token/${token}`)).status).toBe(400);
  });

  it('logs out every session opened before the reset', async () => {
    await registerAndVerify('sessions@example.com', 'old-password');
    const login = await request(ctx.app).post('/api/users/login').send({ email: 'sessions@example.com', password: 'old-password' });
    await request(ctx.app).post('/api/users/forgot-password').send({ email: 'sessions@example.com' });
    const token = resetTokenOf(linkInText(await smtp.nextMail()));
    await request(ctx.app).post(`/api/users/reset-password/${token}`).send({ newPassword: 'new-password' }).expect(200);
    const stale = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${login.body.token}`);
    expect(stale.status).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await request(ctx.app).post('/api/users/forgot-password').send({ email: 'ghost@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.forgotSuccess });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('refuses a reset link after one hour', async () => {
    await registerAndVerify('slow-reader@example.com');
    await request(ctx.app).post('/api/users/forgot-password').send({ email: 'slow-reader@example.com' });
    const token = resetTokenOf(linkInText(await smtp.nextMail()));
    ctx.clock.advance(59 * 60 * 1000);
    expect((await request(ctx.app).get(`/api/users/validate-reset-token/${token}`)).status).toBe(200);
    ctx.clock.advance(2 * 60 * 1000);
    const validate = await request(ctx.app).get(`/api/users/validate-reset-token/${token}`);
    expect(validate.status).toBe(400);
    expect(validate.body).toEqual({ message: MESSAGES.invalidOrExpiredToken, code: 'INVALID_TOKEN' });
    const reset = await request(ctx.app).post(`/api/users/reset-password/${token}`).send({ newPassword: 'new-password' });
    expect(reset.status).toBe(400);
  });

  it('a verify token is no reset token and the other way round', async () => {
    await request(ctx.app).post('/api/users').send({ name: 'Mix', email: 'mix@example.com', password: 'mix-password' });
    const verifyToken = verifyTokenOf(linkInText(await smtp.nextMail()));
    expect((await request(ctx.app).get(`/api/users/validate-reset-token/${verifyToken}`)).status).toBe(400);
    expect((await request(ctx.app).post(`/api/users/reset-password/${verifyToken}`).send({ newPassword: 'hijacked-1' })).status).toBe(400);
    await request(ctx.app).post('/api/users/forgot-password').send({ email: 'mix@example.com' });
    const resetToken = resetTokenOf(linkInText(await smtp.nextMail()));
    expect((await request(ctx.app).get(`/api/users/verify/${resetToken}`)).status).toBe(400);
  });

  it('stores only hashes of link tokens', async () => {
    await request(ctx.app).post('/api/users/forgot-password').send({ email: 'mix@example.com' });
    const token = resetTokenOf(linkInText(await smtp.nextMail()));
    const rows = await ctx.database.db.select().from(tokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token || r.tokenHash.includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('PUT /api/users/profile', () => {
  it('changes name and e-mail, answers a fresh token, and a new password retires older tokens', async () => {
    await registerAndVerify('editor@example.com', 'editor-password');
    const login = await request(ctx.app).post('/api/users/login').send({ email: 'editor@example.com', password: 'editor-password' });
    const oldToken = login.body.token as string;

    const renamed = await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${oldToken}`)
      .send({ name: 'Editor', email: 'Editor2@Example.com', currentPassword: 'editor-password' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Editor',
      email: 'editor@example.com',
      pendingEmail: 'editor2@example.com',
      isAdmin: false,
      token: expect.any(String),
    });
    const mails = [await smtp.nextMail(), await smtp.nextMail()];
    const confirmMail = mails.find((m) => m.to[0] === 'editor2@example.com')!;
    const confirmed = await request(ctx.app).get(`/api/users/confirm-email/${verifyTokenOf(linkInText(confirmMail))}`);
    expect(confirmed.status).toBe(200);
    // No password change: the old session stays valid.
    expect((await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${oldToken}`)).status).toBe(200);

    const changed = await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${oldToken}`)
      .send({ password: 'brand-new-password', currentPassword: 'editor-password' });
    expect(changed.status).toBe(200);
    expect((await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${oldToken}`)).status).toBe(401);
    expect((await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${renamed.body.token}`)).status).toBe(401);
    const fresh = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${changed.body.token}`);
    expect(fresh.status).toBe(200);

    expect((await request(ctx.app).post('/api/users/login').send({ email: 'editor2@example.com', password: 'editor-password' })).status).toBe(401);
    expect((await request(ctx.app).post('/api/users/login').send({ email: 'editor2@example.com', password: 'brand-new-password' })).status).toBe(200);
  });

  it('retires a pending reset link when the password is changed from the profile', async () => {
    await registerAndVerify('careful@example.com', 'careful-password');
    await request(ctx.app).post('/api/users/forgot-password').send({ email: 'careful@example.com' });
    const resetToken = resetTokenOf(linkInText(await smtp.nextMail()));
    const login = await request(ctx.app).post('/api/users/login').send({ email: 'careful@example.com', password: 'careful-password' });
    await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${login.body.token}`)
      .send({ password: 'changed-password', currentPassword: 'careful-password' })
      .expect(200);
    expect((await request(ctx.app).get(`/api/users/validate-reset-token/${resetToken}`)).status).toBe(400);
  });

  it('refuses an e-mail that belongs to someone else', async () => {
    await registerAndVerify('first-owner@example.com');
    await registerAndVerify('second-owner@example.com');
    const login = await request(ctx.app).post('/api/users/login').send({ email: 'second-owner@example.com', password: 'first-password' });
    const res = await request(ctx.app)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${login.body.token}`)
      .send({ email: 'FIRST-owner@example.com', currentPassword: 'first-password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.userExists, code: 'USER_EXISTS' });
  });
});

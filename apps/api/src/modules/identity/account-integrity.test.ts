/**
 * Issue 31, accounts: e-mail and password changes need the current password, a new e-mail
 * waits for its own confirmation link, the old address is told (with only a link that cancels
 * the change, issue 49), and each
 * registration's link verifies with that registration's own name and password.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { tokens, users } from './identity.schema.js';
import { createMailer } from '../mail/mailer.js';
import { linkInHtml, linkInText, resetTokenOf, startTestSmtpServer, verifyTokenOf, type ReceivedMail, type TestSmtpServer } from '../../test/mail.js';

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

/** Registers, verifies and signs in: the bearer token. */
async function signedIn(email: string, password: string, language: 'en' | 'fr' | 'ar' = 'en'): Promise<string> {
  await request(ctx.app).post('/api/users').send({ name: 'Amira', email, password, language }).expect(201);
  const link = linkInText(await smtp.nextMail());
  await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(link)}`).expect(200);
  const login = await request(ctx.app).post('/api/users/login').send({ email, password }).expect(200);
  return login.body.token as string;
}

const putProfile = (token: string, body: Record<string, unknown>) =>
  request(ctx.app).put('/api/users/profile').set('Authorization', `Bearer ${token}`).send(body);

const signIn = (email: string, password: string) => request(ctx.app).post('/api/users/login').send({ email, password });

/** The next `count` mails, keyed by their recipient. */
async function mailsByRecipient(count: number): Promise<Map<string, ReceivedMail>> {
  const byTo = new Map<string, ReceivedMail>();
  for (let i = 0; i < count; i++) {
    const mail = await smtp.nextMail();
    byTo.set(mail.to[0]!, mail);
  }
  return byTo;
}

/** The token of a confirm-email link (APP_URL/confirm-email/{token}). */
const confirmTokenOf = (link: string) => {
  expect(link).toMatch(/^http:\/\/shop\.test\/confirm-email\/[A-Za-z0-9_-]{43}$/);
  return verifyTokenOf(link);
};

const WRONG_PASSWORD = { message: MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' };

describe('PUT /api/users/profile needs the current password for e-mail and password changes', () => {
  it('refuses a password change without the current password, or with a wrong one, and keeps the old password', async () => {
    const token = await signedIn('guarded@example.com', 'guarded-password');
    const missing = await putProfile(token, { password: 'stolen-token-pass' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(WRONG_PASSWORD);
    const wrong = await putProfile(token, { password: 'stolen-token-pass', currentPassword: 'a-guess-1234' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(WRONG_PASSWORD);
    expect((await signIn('guarded@example.com', 'stolen-token-pass')).status).toBe(401);
    expect((await signIn('guarded@example.com', 'guarded-password')).status).toBe(200);
    // The session is still good: a refused change logs nobody out.
    expect((await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });

  it('refuses an e-mail change without the right current password and mails nobody', async () => {
    const token = await signedIn('keep-mine@example.com', 'keep-mine-password');
    const missing = await putProfile(token, { email: 'attacker@example.com' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(WRONG_PASSWORD);
    const wrong = await putProfile(token, { email: 'attacker@example.com', currentPassword: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    const profile = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${token}`);
    expect(profile.body.email).toBe('keep-mine@example.com');
    expect(profile.body).not.toHaveProperty('pendingEmail');
    const before = smtp.received.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('changes name and language without the current password, and the same address is no change', async () => {
    const token = await signedIn('rename-only@example.com', 'rename-only-password');
    const renamed = await putProfile(token, { name: 'Renamed', language: 'fr', email: 'Rename-Only@example.com' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', language: 'fr', email: 'rename-only@example.com' });
    expect(renamed.body).not.toHaveProperty('pendingEmail');
  });

  it('changes the password with the right current password', async () => {
    const token = await signedIn('mover@example.com', 'mover-password');
    const changed = await putProfile(token, { password: 'mover-password-2', currentPassword: 'mover-password' });
    expect(changed.status).toBe(200);
    expect((await signIn('mover@example.com', 'mover-password')).status).toBe(401);
    expect((await signIn('mover@example.com', 'mover-password-2')).status).toBe(200);
  });
});

describe('a new e-mail takes effect only once confirmed from the link mailed to it', () => {
  it('mails the link to the new address, tells the old one with only a cancel link, and switches on confirmation', async () => {
    const token = await signedIn('old-box@example.com', 'old-box-password', 'fr');
    const asked = await putProfile(token, { email: 'New-Box@example.com', currentPassword: 'old-box-password' });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email: 'old-box@example.com', pendingEmail: 'new-box@example.com', token: expect.any(String) });
    const profile = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${token}`);
    expect(profile.body).toMatchObject({ email: 'old-box@example.com', pendingEmail: 'new-box@example.com' });

    const mails = await mailsByRecipient(2);
    const confirm = mails.get('new-box@example.com')!;
    const notice = mails.get('old-box@example.com')!;
    // Both in the account's language.
    expect(confirm.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    expect(notice.subject).toBe('Un changement de votre adresse e-mail a été demandé');
    expect(notice.text).toContain('new-box@example.com');
    // Nothing in the old address's mail can confirm the change; its one link cancels it (issue 49).
    expect(linkInText(notice)).toMatch(/^http:\/\/shop\.test\/cancel-email\/[A-Za-z0-9_-]{43}$/);
    expect(linkInHtml(notice)).toBe(linkInText(notice));
    const link = linkInText(confirm);
    expect(linkInHtml(confirm)).toBe(link);
    expect(notice.raw).not.toContain(confirmTokenOf(link));
    expect(notice.raw).not.toContain('/confirm-email/');

    // Until then the old address is the account's.
    expect((await signIn('new-box@example.com', 'old-box-password')).status).toBe(401);
    expect((await signIn('old-box@example.com', 'old-box-password')).status).toBe(200);

    const confirmed = await request(ctx.app).get(`/api/users/confirm-email/${confirmTokenOf(link)}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: MESSAGES.emailChangeConfirmed });
    expect((await signIn('old-box@example.com', 'old-box-password')).status).toBe(401);
    expect((await signIn('new-box@example.com', 'old-box-password')).status).toBe(200);
    const after = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${token}`);
    expect(after.body.email).toBe('new-box@example.com');
    expect(after.body).not.toHaveProperty('pendingEmail');

    const again = await request(ctx.app).get(`/api/users/confirm-email/${confirmTokenOf(link)}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: MESSAGES.invalidEmailChangeLink, code: 'INVALID_TOKEN' });
  });

  it('a newer change request voids the older link', async () => {
    const token = await signedIn('twice@example.com', 'twice-password');
    await putProfile(token, { email: 'first-choice@example.com', currentPassword: 'twice-password' }).expect(200);
    const firstLink = linkInText((await mailsByRecipient(2)).get('first-choice@example.com')!);
    const second = await putProfile(token, { email: 'second-choice@example.com', currentPassword: 'twice-password' });
    expect(second.body.pendingEmail).toBe('second-choice@example.com');
    const secondLink = linkInText((await mailsByRecipient(2)).get('second-choice@example.com')!);

    const old = await request(ctx.app).get(`/api/users/confirm-email/${confirmTokenOf(firstLink)}`);
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ message: MESSAGES.invalidEmailChangeLink, code: 'INVALID_TOKEN' });
    await request(ctx.app).get(`/api/users/confirm-email/${confirmTokenOf(secondLink)}`).expect(200);
    expect((await signIn('second-choice@example.com', 'twice-password')).status).toBe(200);
    expect((await signIn('first-choice@example.com', 'twice-password')).status).toBe(401);
  });

  it('keeps the pending address through a name change, and writes Arabic mails right to left', async () => {
    const token = await signedIn('arabic@example.com', 'arabic-password', 'ar');
    await putProfile(token, { email: 'arabic-new@example.com', currentPassword: 'arabic-password' }).expect(200);
    const mails = await mailsByRecipient(2);
    for (const mail of mails.values()) expect(mail.html).toContain('dir="rtl"');
    expect(mails.get('arabic-new@example.com')!.subject).toBe('تأكيد عنوان بريدك الإلكتروني الجديد');
    expect(mails.get('arabic@example.com')!.subject).toBe('طُلب تغيير عنوان بريدك الإلكتروني');
    const renamed = await putProfile(token, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', email: 'arabic@example.com', pendingEmail: 'arabic-new@example.com' });
  });

  it('of two change requests at once, exactly one link stays live', async () => {
    const token = await signedIn('hasty@example.com', 'hasty-password');
    const answers = await Promise.all(
      ['hasty-one@example.com', 'hasty-two@example.com'].map((email) => putProfile(token, { email, currentPassword: 'hasty-password' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const mails = await mailsByRecipient(4);
    const results = await Promise.all(
      ['hasty-one@example.com', 'hasty-two@example.com'].map((to) =>
        request(ctx.app).get(`/api/users/confirm-email/${confirmTokenOf(linkInText(mails.get(to)!))}`),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'hasty-one@example.com' : 'hasty-two@example.com';
    expect((await signIn(winner, 'hasty-password')).status).toBe(200);
  });

  it('refuses the link once 24 hours have passed, and made-up tokens', async () => {
    const token = await signedIn('slow@example.com', 'slow-password');
    await putProfile(token, { email: 'slow-new@example.com', currentPassword: 'slow-password' }).expect(200);
    const link = linkInText((await mailsByRecipient(2)).get('slow-new@example.com')!);
    ctx.clock.advance(24 * 3600 * 1000 + 1000);
    const profile = await request(ctx.app).get('/api/users/profile').set('Authorization', `Bearer ${token}`);
    expect(profile.body).not.toHaveProperty('pendingEmail');
    expect((await request(ctx.app).get(`/api/users/confirm-email/${confirmTokenOf(link)}`)).status).toBe(400);
    for (const made of ['abc', 'A'.repeat(43), 'x'.repeat(500)]) {
      const res = await request(ctx.app).get(`/api/users/confirm-email/${made}`);
      expect(res.status).toBe(400);
    }
  });

  it('a verification or reset link is no e-mail change link', async () => {
    await request(ctx.app).post('/api/users/forgot-password').send({ email: 'slow@example.com' }).expect(200);
    const reset = resetTokenOf(linkInText(await smtp.nextMail()));
    expect((await request(ctx.app).get(`/api/users/confirm-email/${reset}`)).status).toBe(400);
  });

  it('refuses an address another account took meanwhile, at confirmation time', async () => {
    const token = await signedIn('patient@example.com', 'patient-password');
    await putProfile(token, { email: 'contested@example.com', currentPassword: 'patient-password' }).expect(200);
    const link = linkInText((await mailsByRecipient(2)).get('contested@example.com')!);
    await signedIn('contested@example.com', 'other-password');
    const res = await request(ctx.app).get(`/api/users/confirm-email/${confirmTokenOf(link)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.userExists, code: 'USER_EXISTS' });
    expect((await signIn('patient@example.com', 'patient-password')).status).toBe(200);
    expect((await signIn('contested@example.com', 'other-password')).status).toBe(200);
  });

  it('two accounts confirming the same new address at once: exactly one gets it', async () => {
    // One after the other: each sign-up reads the next mail, which must be its own link.
    const tokens: [string, string] = [await signedIn('racer-a@example.com', 'racer-a-password'), await signedIn('racer-b@example.com', 'racer-b-password')];
    await putProfile(tokens[0], { email: 'prize@example.com', currentPassword: 'racer-a-password' }).expect(200);
    await putProfile(tokens[1], { email: 'prize@example.com', currentPassword: 'racer-b-password' }).expect(200);
    const links: string[] = [];
    for (let i = 0; i < 4; i++) {
      const mail = await smtp.nextMail();
      if (mail.to[0] === 'prize@example.com') links.push(linkInText(mail));
    }
    expect(links).toHaveLength(2);
    const results = await Promise.all(links.map((link) => request(ctx.app).get(`/api/users/confirm-email/${confirmTokenOf(link)}`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual({ message: MESSAGES.userExists, code: 'USER_EXISTS' });
    const owners = await ctx.database.db.select().from(users).where(eq(users.email, 'prize@example.com'));
    expect(owners).toHaveLength(1);
  });

  it('stores only the hash of an e-mail change link', async () => {
    const token = await signedIn('hashed@example.com', 'hashed-password');
    await putProfile(token, { email: 'hashed-new@example.com', currentPassword: 'hashed-password' }).expect(200);
    const raw = confirmTokenOf(linkInText((await mailsByRecipient(2)).get('hashed-new@example.com')!));
    const rows = await ctx.database.db.select().from(tokens).where(eq(tokens.kind, 'email'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash.includes(raw))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('registering an address that is not verified yet', () => {
  it('stranger registers X with A, owner with B, owner follows their link: B works, A is refused, the older link is void', async () => {
    await request(ctx.app).post('/api/users').send({ name: 'Stranger', email: 'x@example.com', password: 'password-A' }).expect(201);
    const strangerLink = linkInText(await smtp.nextMail());
    await request(ctx.app).post('/api/users').send({ name: 'Owner', email: 'X@example.com', password: 'password-B' }).expect(201);
    const ownerLink = linkInText(await smtp.nextMail());
    await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(ownerLink)}`).expect(200);
    const owner = await signIn('x@example.com', 'password-B');
    expect(owner.status).toBe(200);
    expect(owner.body.name).toBe('Owner');
    expect((await signIn('x@example.com', 'password-A')).status).toBe(401);
    expect((await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(strangerLink)}`)).status).toBe(400);
  });

  it('the older link is void even before the newer one is followed', async () => {
    await request(ctx.app).post('/api/users').send({ name: 'First', email: 'y@example.com', password: 'password-one' }).expect(201);
    const first = linkInText(await smtp.nextMail());
    await request(ctx.app).post('/api/users').send({ name: 'Second', email: 'y@example.com', password: 'password-two' }).expect(201);
    const second = linkInText(await smtp.nextMail());
    expect((await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(first)}`)).status).toBe(400);
    await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(second)}`).expect(200);
    expect((await signIn('y@example.com', 'password-two')).status).toBe(200);
    expect((await signIn('y@example.com', 'password-one')).status).toBe(401);
  });

  it('of registrations at once, exactly one link stays live, and it verifies with its own password', async () => {
    const passwords = ['race-pass-1', 'race-pass-2', 'race-pass-3'];
    const results = await Promise.all(
      passwords.map((password, i) => request(ctx.app).post('/api/users').send({ name: `Racer ${i}`, email: 'z@example.com', password })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const mails = [await smtp.nextMail(), await smtp.nextMail(), await smtp.nextMail()];
    const outcomes = [];
    for (const mail of mails) {
      const res = await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(linkInText(mail))}`);
      outcomes.push({ status: res.status, name: /Hello (Racer \d),/.exec(mail.text)?.[1] });
    }
    const winners = outcomes.filter((o) => o.status === 200);
    expect(winners).toHaveLength(1);
    const winner = Number(winners[0]!.name!.slice(-1));
    const signIns = await Promise.all(passwords.map((password) => signIn('z@example.com', password)));
    expect(signIns.map((r) => r.status)).toEqual(passwords.map((_p, i) => (i === winner ? 200 : 401)));
  });

  it('a registration link followed after a password reset cannot bring its password back', async () => {
    await request(ctx.app).post('/api/users').send({ name: 'Stranger', email: 'w@example.com', password: 'stranger-pass' }).expect(201);
    const strangerLink = linkInText(await smtp.nextMail());
    await request(ctx.app).post('/api/users/forgot-password').send({ email: 'w@example.com' }).expect(200);
    const reset = resetTokenOf(linkInText(await smtp.nextMail()));
    await request(ctx.app).post(`/api/users/reset-password/${reset}`).send({ newPassword: 'owner-chosen' }).expect(200);
    expect((await request(ctx.app).get(`/api/users/verify/${verifyTokenOf(strangerLink)}`)).status).toBe(400);
    expect((await signIn('w@example.com', 'owner-chosen')).status).toBe(200);
    expect((await signIn('w@example.com', 'stranger-pass')).status).toBe(401);
  });
});

describe('wrong current passwords are rate-limited like sign-ins', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  it('after AUTH_RATE_LIMIT wrong current passwords, the account gets 429 even with the right one; name changes still pass', async () => {
    await request(limited.app).post('/api/users').send({ name: 'Target', email: 'target@example.com', password: 'target-password' }).expect(201);
    const verifyLink = limited.sentMails.at(-1)!.link!;
    await request(limited.app).get(`/api/users/verify/${verifyTokenOf(verifyLink)}`).expect(200);
    const login = await request(limited.app).post('/api/users/login').send({ email: 'target@example.com', password: 'target-password' }).expect(200);
    const token = login.body.token as string;
    const put = (body: Record<string, unknown>) =>
      request(limited.app).put('/api/users/profile').set('Authorization', `Bearer ${token}`).send(body);

    // Missing current passwords guess nothing: they are not counted.
    for (let i = 0; i < 4; i++) expect((await put({ password: 'new-password-x' })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await put({ password: 'new-password-x', currentPassword: `guess-${i}-guess` })).status).toBe(401);
    const blocked = await put({ password: 'new-password-x', currentPassword: 'target-password' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    expect((await put({ name: 'Still me' })).status).toBe(200);
    expect((await request(limited.app).post('/api/users/login').send({ email: 'target@example.com', password: 'target-password' })).status).toBe(200);
  });
});

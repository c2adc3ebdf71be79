/**
 * Issue 49, accounts: a pending e-mail change does not survive a new password (profile or
 * reset), the notice to the old address cancels it in one click, and the profile cancels it.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createUser, type UserFixture } from '../../test/factories.js';
import { resetTokenOf, verifyTokenOf } from '../../test/mail.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const INVALID_CANCEL = { message: MESSAGES.invalidEmailCancelLink, code: 'INVALID_TOKEN' };
const INVALID_CONFIRM = { message: MESSAGES.invalidEmailChangeLink, code: 'INVALID_TOKEN' };

const bearer = (token: string) => `Bearer ${token}`;
const putProfile = (token: string, body: Record<string, unknown>) =>
  request(ctx.app).put('/api/users/profile').set('Authorization', bearer(token)).send(body);
const getProfile = (token: string) => request(ctx.app).get('/api/users/profile').set('Authorization', bearer(token));
const signIn = (email: string, password: string) => request(ctx.app).post('/api/users/login').send({ email, password });
const confirm = (token: string) => request(ctx.app).get(`/api/users/confirm-email/${token}`);
const cancel = (token: string) => request(ctx.app).get(`/api/users/cancel-email/${token}`);

/** The link of the last mail sent to `to`. */
function lastLinkTo(to: string): string {
  const mail = ctx.sentMails.filter((m) => m.to === to).at(-1);
  if (!mail?.link) throw new Error(`no mail with a link to ${to}`);
  return mail.link;
}

/**
 * Someone who knows the password asks to move `owner`'s account to `newEmail`: the token of
 * the confirm link (mailed to the new address) and of the cancel link (mailed to the old one).
 */
async function askEmailChange(owner: UserFixture, newEmail: string): Promise<{ confirmToken: string; cancelToken: string }> {
  const asked = await putProfile(owner.token, { email: newEmail, currentPassword: owner.password });
  expect(asked.status).toBe(200);
  expect(asked.body.pendingEmail).toBe(newEmail);
  const confirmLink = lastLinkTo(newEmail);
  const cancelLink = lastLinkTo(owner.user.email);
  expect(confirmLink).toMatch(/^http:\/\/shop\.test\/confirm-email\/[A-Za-z0-9_-]{43}$/);
  expect(cancelLink).toMatch(/^http:\/\/shop\.test\/cancel-email\/[A-Za-z0-9_-]{43}$/);
  return { confirmToken: verifyTokenOf(confirmLink), cancelToken: verifyTokenOf(cancelLink) };
}

const newAccount = () => createUser(ctx.database.db, ctx.config);

describe('a new password voids every pending e-mail change', () => {
  it('a password change on the profile: the old confirm link answers 400 and pendingEmail is gone', async () => {
    const owner = await newAccount();
    const { confirmToken, cancelToken } = await askEmailChange(owner, 'intruder-1@example.com');

    const changed = await putProfile(owner.token, { password: 'owner-new-password', currentPassword: owner.password });
    expect(changed.status).toBe(200);
    expect(changed.body).not.toHaveProperty('pendingEmail');
    const fresh = changed.body.token as string;
    expect((await getProfile(fresh)).body).not.toHaveProperty('pendingEmail');

    const late = await confirm(confirmToken);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(INVALID_CONFIRM);
    // The cancel link died with its change.
    expect((await cancel(cancelToken)).body).toEqual(INVALID_CANCEL);
    expect((await signIn(owner.user.email, 'owner-new-password')).status).toBe(200);
    expect((await signIn('intruder-1@example.com', 'owner-new-password')).status).toBe(401);
  });

  it('a password reset (change, then reset, as in the issue): the old confirm link answers 400 and the account stays', async () => {
    const owner = await newAccount();
    const { confirmToken } = await askEmailChange(owner, 'intruder-2@example.com');
    await putProfile(owner.token, { name: 'Still the owner' }).expect(200);

    await request(ctx.app).post('/api/users/forgot-password').send({ email: owner.user.email }).expect(200);
    const reset = resetTokenOf(lastLinkTo(owner.user.email));
    await request(ctx.app).post(`/api/users/reset-password/${reset}`).send({ newPassword: 'reset-by-owner' }).expect(200);
    const signedIn = await signIn(owner.user.email, 'reset-by-owner');
    expect(signedIn.status).toBe(200);
    expect((await getProfile(signedIn.body.token as string)).body).not.toHaveProperty('pendingEmail');

    const late = await confirm(confirmToken);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(INVALID_CONFIRM);
    expect((await signIn(owner.user.email, 'reset-by-owner')).status).toBe(200);
  });

  it('a new e-mail asked together with a new password is the one left pending', async () => {
    const owner = await newAccount();
    const { confirmToken: older } = await askEmailChange(owner, 'older-choice@example.com');
    const both = await putProfile(owner.token, { email: 'newer-choice@example.com', password: 'both-at-once', currentPassword: owner.password });
    expect(both.status).toBe(200);
    expect(both.body.pendingEmail).toBe('newer-choice@example.com');
    expect((await confirm(older)).status).toBe(400);
    await confirm(verifyTokenOf(lastLinkTo('newer-choice@example.com'))).expect(200);
    expect((await signIn('newer-choice@example.com', 'both-at-once')).status).toBe(200);
  });
});

describe('GET /api/users/cancel-email/{token}: the link of the notice to the old address', () => {
  it('the notice carries the cancel link, never the confirm token', async () => {
    const owner = await newAccount();
    const { confirmToken } = await askEmailChange(owner, 'noticed@example.com');
    const notice = ctx.sentMails.filter((m) => m.to === owner.user.email).at(-1)!;
    expect(notice.subject).toBe('A change of your e-mail address was requested');
    expect(notice.text).toContain('noticed@example.com');
    expect(notice.html).toContain('>Cancel this change</a>');
    expect(notice.text).not.toContain(confirmToken);
    expect(notice.html).not.toContain(confirmToken);
  });

  it('cancels the change (200), then answers 400 as used; the confirm link is dead and the account keeps its address', async () => {
    const owner = await newAccount();
    const { confirmToken, cancelToken } = await askEmailChange(owner, 'unwanted@example.com');

    const cancelled = await cancel(cancelToken);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ message: MESSAGES.emailChangeCancelled });
    expect((await getProfile(owner.token)).body).not.toHaveProperty('pendingEmail');

    const again = await cancel(cancelToken);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_CANCEL);
    expect((await confirm(confirmToken)).status).toBe(400);
    expect((await getProfile(owner.token)).body.email).toBe(owner.user.email);
    expect((await signIn(owner.user.email, owner.password)).status).toBe(200);
  });

  it('answers 400 once the change was confirmed, and for a change replaced by a newer request', async () => {
    const owner = await newAccount();
    const first = await askEmailChange(owner, 'replaced@example.com');
    const second = await askEmailChange(owner, 'confirmed@example.com');
    expect((await cancel(first.cancelToken)).body).toEqual(INVALID_CANCEL);
    // The older cancel link did not touch the newer change.
    expect((await getProfile(owner.token)).body.pendingEmail).toBe('confirmed@example.com');

    await confirm(second.confirmToken).expect(200);
    const late = await cancel(second.cancelToken);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(INVALID_CANCEL);
    expect((await getProfile(owner.token)).body.email).toBe('confirmed@example.com');
  });

  it('answers 400 after 24 hours, and to made-up or other kinds of tokens', async () => {
    const owner = await newAccount();
    const { confirmToken, cancelToken } = await askEmailChange(owner, 'too-late@example.com');
    // A confirm token is no cancel token.
    expect((await cancel(confirmToken)).status).toBe(400);
    ctx.clock.advance(24 * 3600 * 1000 + 1000);
    expect((await cancel(cancelToken)).body).toEqual(INVALID_CANCEL);
    for (const made of ['abc', 'A'.repeat(43), 'x'.repeat(500)]) expect((await cancel(made)).status).toBe(400);
  });

  it('a confirm and a cancel of the same change at once: exactly one wins and the account stays consistent', async () => {
    for (let round = 0; round < 4; round++) {
      const owner = await newAccount();
      const newEmail = `raced-${round}@example.com`;
      const { confirmToken, cancelToken } = await askEmailChange(owner, newEmail);
      const [confirmed, cancelled] = await Promise.all([confirm(confirmToken), cancel(cancelToken)]);
      expect([confirmed.status, cancelled.status].sort()).toEqual([200, 400]);

      const profile = (await getProfile(owner.token)).body as { email: string; pendingEmail?: string };
      expect(profile).not.toHaveProperty('pendingEmail');
      if (confirmed.status === 200) {
        expect(cancelled.body).toEqual(INVALID_CANCEL);
        expect(profile.email).toBe(newEmail);
      } else {
        expect(confirmed.body).toEqual(INVALID_CONFIRM);
        expect(profile.email).toBe(owner.user.email);
      }
      // Whoever won, neither link works any more.
      expect((await confirm(confirmToken)).status).toBe(400);
      expect((await cancel(cancelToken)).status).toBe(400);
    }
  });
});

describe('DELETE /api/users/profile/pending-email: the profile cancels the change', () => {
  it('answers the profile without pendingEmail; both links are dead; asking again is no error', async () => {
    const owner = await newAccount();
    const { confirmToken, cancelToken } = await askEmailChange(owner, 'from-profile@example.com');
    const cancelled = await request(ctx.app).delete('/api/users/profile/pending-email').set('Authorization', bearer(owner.token));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ _id: owner.user.id, email: owner.user.email });
    expect(cancelled.body).not.toHaveProperty('pendingEmail');
    expect((await getProfile(owner.token)).body).not.toHaveProperty('pendingEmail');
    expect((await confirm(confirmToken)).body).toEqual(INVALID_CONFIRM);
    expect((await cancel(cancelToken)).body).toEqual(INVALID_CANCEL);

    const again = await request(ctx.app).delete('/api/users/profile/pending-email').set('Authorization', bearer(owner.token));
    expect(again.status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await request(ctx.app).delete('/api/users/profile/pending-email')).status).toBe(401);
  });
});

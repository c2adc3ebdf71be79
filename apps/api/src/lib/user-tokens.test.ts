import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signUserToken, verifyUserToken } from './user-tokens.js';

const SECRET = 'a-secret-that-is-long-enough';
const user = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  passwordChangedAt: new Date('2026-01-01T00:00:00Z'),
};

describe('bearer tokens', () => {
  it('verifies its own tokens and tokens signed with the plain secret string', () => {
    const now = new Date();
    expect(verifyUserToken(SECRET, signUserToken(SECRET, user, now), now)).toEqual({
      sub: user.id,
      pwv: user.passwordChangedAt.getTime(),
    });
    const plain = jwt.sign({ sub: user.id, pwv: 5 }, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    expect(verifyUserToken(SECRET, plain, now)).toEqual({ sub: user.id, pwv: 5 });
  });

  it('refuses another secret, alg none and an expired token', () => {
    const now = new Date();
    const token = signUserToken(SECRET, user, now);
    expect(verifyUserToken('another-secret-long-enough', token, now)).toBeUndefined();
    const unsigned = jwt.sign({ sub: user.id, pwv: 1 }, null, { algorithm: 'none' });
    expect(verifyUserToken(SECRET, unsigned, now)).toBeUndefined();
    expect(
      verifyUserToken(SECRET, token, new Date(now.getTime() + 8 * 24 * 3600 * 1000)),
    ).toBeUndefined();
  });

  it('refuses a token signed with the secret but without exp, or with another HMAC algorithm', () => {
    const now = new Date();
    const forever = jwt.sign({ sub: user.id, pwv: 1 }, SECRET, { algorithm: 'HS256' });
    expect(jwt.decode(forever)).not.toHaveProperty('exp');
    expect(verifyUserToken(SECRET, forever, now)).toBeUndefined();
    const hs512 = jwt.sign({ sub: user.id, pwv: 1 }, SECRET, { algorithm: 'HS512', expiresIn: 60 });
    expect(verifyUserToken(SECRET, hs512, now)).toBeUndefined();
  });
});

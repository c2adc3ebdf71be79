import jwt from 'jsonwebtoken';

/** Lifetime of a bearer token. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

interface Claims {
  sub: string;
  /** The user's passwordChangedAt in ms: a password change invalidates older tokens. */
  pwv: number;
}

/** Signs a bearer token (HS256) for a user. */
export function signUserToken(
  secret: string,
  user: { id: string; passwordChangedAt: Date },
  now: Date,
): string {
  const claims: Claims & { iat: number } = {
    sub: user.id,
    pwv: user.passwordChangedAt.getTime(),
    iat: Math.floor(now.getTime() / 1000),
  };
  return jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: TOKEN_TTL_SECONDS });
}

/** Verifies signature (HS256 only: `alg: none` and others are refused) and expiry. */
export function verifyUserToken(secret: string, token: string, now: Date): Claims | undefined {
  try {
    const payload = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload['pwv'] !== 'number') {
      return undefined;
    }
    return { sub: payload.sub, pwv: payload['pwv'] as number };
  } catch {
    return undefined;
  }
}

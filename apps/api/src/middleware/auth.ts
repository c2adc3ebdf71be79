import type { Request, RequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@shop/shared';
import type { AppDeps } from '../app.js';
import { users } from '../db/schema.js';
import { forbidden, unauthorized } from '../errors.js';
import { isId } from '../lib/ids.js';
import { verifyUserToken } from '../modules/auth/auth.tokens.js';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isKid: boolean;
}

/**
 * Bearer-token guard. The user is re-read on every request, so a deleted user, a demoted
 * admin or a changed password takes effect at once.
 */
export function requireAuth(deps: Pick<AppDeps, 'database' | 'config' | 'clock'>): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized(MESSAGES.notAuthorized);
    const claims = verifyUserToken(deps.config.jwtSecret, match[1], deps.clock.now());
    if (!claims || !isId(claims.sub)) throw unauthorized(MESSAGES.tokenInvalid);
    const [user] = await deps.database.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        isAdmin: users.isAdmin,
        isKid: users.isKid,
        passwordChangedAt: users.passwordChangedAt,
      })
      .from(users)
      .where(eq(users.id, claims.sub))
      .limit(1);
    if (!user || user.passwordChangedAt.getTime() !== claims.pwv) throw unauthorized(MESSAGES.tokenInvalid);
    req.user = { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, isKid: user.isKid };
    next();
  };
}

/** Use after requireAuth. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user?.isAdmin) throw forbidden(MESSAGES.adminOnly);
  next();
};

/** The signed-in user; only call behind requireAuth. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw unauthorized(MESSAGES.notAuthorized);
  return req.user;
}

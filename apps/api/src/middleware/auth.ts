import type { Language } from '@shop/shared';
import type { Request, RequestHandler } from 'express';
import { MESSAGES } from '@shop/shared';
import type { Config } from '../config.js';
import { forbidden, unauthorized } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { isId } from '../lib/ids.js';
import { verifyUserToken } from '../lib/user-tokens.js';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isKid: boolean;
  /** The account's language (e-mails). */
  language: Language;
}

/** The signed-in user as stored, with the instant its password last changed (tokens older than it are void). */
export type SessionUser = AuthUser & { passwordChangedAt: Date };

export interface AuthDeps {
  config: Pick<Config, 'jwtSecret'>;
  clock: Clock;
  /** Reads the user of a token (the users repository; injected: middleware does not import modules). */
  findUser(id: string): Promise<SessionUser | undefined>;
}

/**
 * Bearer-token guard. The user is re-read on every request, so a deleted user, a demoted
 * admin or a changed password takes effect at once.
 */
export function requireAuth(deps: AuthDeps): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized(MESSAGES.notAuthorized);
    const claims = verifyUserToken(deps.config.jwtSecret, match[1], deps.clock.now());
    if (!claims || !isId(claims.sub)) throw unauthorized(MESSAGES.tokenInvalid);
    const user = await deps.findUser(claims.sub);
    if (!user || user.passwordChangedAt.getTime() !== claims.pwv) throw unauthorized(MESSAGES.tokenInvalid);
    req.user = { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, isKid: user.isKid, language: user.language };
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

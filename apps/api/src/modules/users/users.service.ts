import bcrypt from 'bcryptjs';
import {
  MESSAGES,
  PAGE_LIMIT_DEFAULT,
  type AdminUserUpdateBody,
  type LoginBody,
  type ProfileUpdateBody,
  type User,
  type UserInfo,
  type UserListQuery,
} from '@shop/shared';
import type { AppDeps } from '../../app.js';
import { isUniqueViolation } from '../../db/client.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import { isId } from '../../lib/ids.js';
import type { Logger } from '../../logger.js';
import type { AuthUser } from '../../middleware/auth.js';
import { signUserToken } from '../auth/auth.tokens.js';
import { consumeLinkToken, findLinkTokenUser, issueLinkToken, retireLinkTokens } from '../auth/link-tokens.repository.js';
import { resetLink, resetPasswordMail, verificationLink, verificationMail } from '../mail/mail.templates.js';
import { sendInBackground } from '../mail/mailer.js';
import { hashPassword, passwordHashCost } from './passwords.js';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  updateUser,
  type UserRow,
} from './users.repository.js';

type Deps = Pick<AppDeps, 'database' | 'config' | 'clock' | 'logger' | 'mailer'>;

/** The public face of a user: never the hash, never the verification state. */
export function toUser(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, isAdmin: row.isAdmin, isKid: row.isKid };
}

function toUserInfo(deps: Deps, row: UserRow): UserInfo {
  return { ...toUser(row), token: signUserToken(deps.config.jwtSecret, row, deps.clock.now()) };
}

/** Compared against when the address is unknown, so both failures take as long. */
let dummyHash: string | undefined;
const dummyHashFor = (deps: Deps) =>
  (dummyHash ??= bcrypt.hashSync('not-a-real-password', passwordHashCost(deps.config.env)));

/**
 * A new password must make older bearer tokens useless: the instant always moves
 * forward, even when two changes fall into the same millisecond.
 */
const nextPasswordInstant = (deps: Deps, previous: Date) =>
  new Date(Math.max(deps.clock.now().getTime(), previous.getTime() + 1));

function mailVerificationLink(deps: Deps, log: Logger, user: UserRow, token: string): void {
  sendInBackground(deps.mailer, log, verificationMail(user.email, user.name, verificationLink(deps.config.appUrl, token)));
}

/**
 * Registers an account, or re-sends the link of one not yet verified. Nothing else of an
 * unverified account changes: a stranger must not be able to set its name or password.
 */
export async function register(
  deps: Deps,
  body: { name: string; email: string; password: string; isKid: boolean },
  log: Logger,
): Promise<void> {
  const { db } = deps.database;
  const now = deps.clock.now();
  let user = await findUserByEmail(db, body.email);
  if (!user) {
    const passwordHash = await hashPassword(deps.config.env, body.password);
    try {
      user = await insertUser(db, {
        name: body.name,
        email: body.email,
        passwordHash,
        isKid: body.isKid,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      // Two registrations of one address at once: the other one won.
      if (!isUniqueViolation(err)) throw err;
      user = await findUserByEmail(db, body.email);
      if (!user) throw err;
    }
  }
  if (user.isVerified) throw badRequest(MESSAGES.userExists);
  const token = await issueLinkToken(db, user.id, 'verify', now);
  mailVerificationLink(deps, log, user, token);
}

export async function verifyEmail(deps: Deps, token: string): Promise<void> {
  const now = deps.clock.now();
  const verified = await deps.database.db.transaction(async (tx) => {
    const userId = await consumeLinkToken(tx, token, 'verify', now);
    if (!userId) return false;
    await updateUser(tx, userId, { isVerified: true }, now);
    return true;
  });
  if (!verified) throw badRequest(MESSAGES.invalidVerificationLink);
}

export async function login(deps: Deps, body: LoginBody): Promise<UserInfo> {
  const user = await findUserByEmail(deps.database.db, body.email);
  const matches = await bcrypt.compare(body.password, user?.passwordHash ?? dummyHashFor(deps));
  if (!user || !matches) throw unauthorized(MESSAGES.invalidCredentials);
  if (!user.isVerified) throw forbidden(MESSAGES.verifyBeforeSignIn);
  return toUserInfo(deps, user);
}

/** Same answer whether or not the address exists; the mail goes out in the background. */
export async function forgotPassword(deps: Deps, email: string, log: Logger): Promise<void> {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user) return;
  const token = await issueLinkToken(deps.database.db, user.id, 'reset', deps.clock.now());
  sendInBackground(deps.mailer, log, resetPasswordMail(user.email, user.name, resetLink(deps.config.appUrl, token)));
}

export async function validateResetToken(deps: Deps, token: string): Promise<void> {
  const userId = await findLinkTokenUser(deps.database.db, token, 'reset', deps.clock.now());
  if (!userId) throw badRequest(MESSAGES.invalidOrExpiredToken);
}

/**
 * Sets a new password with a reset link (once). The link reached the mailbox, so an
 * account not yet verified counts as verified from here on.
 */
export async function resetPassword(deps: Deps, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(deps.config.env, newPassword);
  const now = deps.clock.now();
  const done = await deps.database.db.transaction(async (tx) => {
    const userId = await consumeLinkToken(tx, token, 'reset', now);
    const user = userId ? await findUserById(tx, userId) : undefined;
    if (!user) return false;
    await updateUser(
      tx,
      user.id,
      { passwordHash, passwordChangedAt: nextPasswordInstant(deps, user.passwordChangedAt), isVerified: true },
      now,
    );
    return true;
  });
  if (!done) throw badRequest(MESSAGES.invalidOrExpiredToken);
}

/** Self or admin; anyone else learns nothing, not even whether the id exists. */
export async function getUser(deps: Deps, viewer: AuthUser, id: string): Promise<User> {
  if (!isId(id)) throw notFound(MESSAGES.userNotFound);
  if (!viewer.isAdmin && viewer.id !== id) throw forbidden(MESSAGES.forbidden);
  const user = await findUserById(deps.database.db, id);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return toUser(user);
}

async function applyUpdate(
  deps: Deps,
  id: string,
  changes: Parameters<typeof updateUser>[2],
): Promise<UserRow> {
  const { db } = deps.database;
  if (changes.email) {
    const owner = await findUserByEmail(db, changes.email);
    if (owner && owner.id !== id) throw badRequest(MESSAGES.userExists);
  }
  try {
    const user = await updateUser(db, id, changes, deps.clock.now());
    if (!user) throw notFound(MESSAGES.userNotFound);
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(MESSAGES.userExists);
    throw err;
  }
}

/**
 * Updates the caller's own name, e-mail or password and answers a fresh token; a new
 * password retires every token issued before it, and any reset link still in a mailbox.
 */
export async function updateProfile(deps: Deps, viewer: AuthUser, body: ProfileUpdateBody): Promise<UserInfo> {
  const current = await findUserById(deps.database.db, viewer.id);
  if (!current) throw unauthorized(MESSAGES.tokenInvalid);
  const changes: Parameters<typeof updateUser>[2] = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email;
  if (body.password !== undefined) {
    changes.passwordHash = await hashPassword(deps.config.env, body.password);
    changes.passwordChangedAt = nextPasswordInstant(deps, current.passwordChangedAt);
  }
  const user = await applyUpdate(deps, viewer.id, changes);
  if (body.password !== undefined) await retireLinkTokens(deps.database.db, user.id, 'reset', deps.clock.now());
  return toUserInfo(deps, user);
}

/** Rows per page when only `page` is given. */
const USERS_PAGE_DEFAULT = PAGE_LIMIT_DEFAULT;

/** Admin list: every user, or one page of them when `page` or `limit` is given (CONTRACT §4 + paging). */
export async function listAllUsers(deps: Deps, query: UserListQuery = {}): Promise<{ users: User[]; total: number }> {
  const paged = query.page !== undefined || query.limit !== undefined;
  const limit = query.limit ?? USERS_PAGE_DEFAULT;
  const page = paged ? { offset: ((query.page ?? 1) - 1) * limit, limit } : undefined;
  const { rows, total } = await listUsers(deps.database.db, page);
  return { users: rows.map(toUser), total };
}

/** An admin cannot take its own admin rights away: the shop must never lose its last admin by accident. */
export async function updateUserAsAdmin(deps: Deps, admin: AuthUser, id: string, body: AdminUserUpdateBody): Promise<User> {
  if (!isId(id)) throw notFound(MESSAGES.userNotFound);
  if (id === admin.id && body.isAdmin === false) throw badRequest(MESSAGES.cannotDemoteSelf);
  const changes: Parameters<typeof updateUser>[2] = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email;
  if (body.isAdmin !== undefined) changes.isAdmin = body.isAdmin;
  if (body.isKid !== undefined) changes.isKid = body.isKid;
  return toUser(await applyUpdate(deps, id, changes));
}

export async function deleteUserAsAdmin(deps: Deps, admin: AuthUser, id: string): Promise<void> {
  if (!isId(id)) throw notFound(MESSAGES.userNotFound);
  if (id === admin.id) throw badRequest(MESSAGES.cannotDeleteSelf);
  if (!(await deleteUser(deps.database.db, id))) throw notFound(MESSAGES.userNotFound);
}

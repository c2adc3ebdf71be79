import bcrypt from 'bcryptjs';
import type { z } from 'zod';
import {
  MESSAGES,
  PAGE_LIMIT_DEFAULT,
  type AdminUserUpdateBody,
  type LoginBody,
  type ProfileUpdateBody,
  type User,
  type UserInfo,
  type UserListQuery,
  type registerBodySchema,
  type Language,
} from '@shop/shared';
import type { ServiceContext } from '../../deps.js';
import { isUniqueViolation, type DbOrTx } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { AuthUser } from '../../middleware/auth.js';
import { signUserToken } from '../../lib/user-tokens.js';
import { actorOf, changedFields, recordAuditEvents, type AuditChanges } from '../audit/audit.repository.js';
import { consumeLinkToken, consumeLinkTokenWithPayload, findLinkTokenUser, findPendingEmail, issueLinkToken, retireLinkTokens } from './link-tokens.repository.js';
import { cancelEmailLink, confirmEmailLink, confirmEmailMail, emailChangeNoticeMail, resetLink, resetPasswordMail, verificationLink, verificationMail } from '../mail/mail.templates.js';
import { sendInBackground } from '../mail/mailer.js';
import { hashPassword, passwordHashCost } from './passwords.js';
import {
  deleteUser,
  findSessionUser,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  normalizeEmail,
  updateUser,
  type UserRow,
} from './users.repository.js';

/** The user a session token names, as the auth guards check it (undefined: no such user). */
export const sessionUser = (db: DbOrTx, id: string) => findSessionUser(db, id);

/** The public face of a user: never the hash, never the verification state. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.isAdmin,
    isKid: row.isKid,
    language: row.language,
    phone: row.phone,
    notify: { sms: row.notifySms, whatsapp: row.notifyWhatsapp },
  };
}

function toUserInfo(ctx: ServiceContext, row: UserRow): UserInfo {
  return { ...toUser(row), token: signUserToken(ctx.config.jwtSecret, row, ctx.clock.now()) };
}

/** Compared against when the address is unknown, so both failures take as long. */
let dummyHash: string | undefined;
const dummyHashFor = (ctx: ServiceContext) =>
  (dummyHash ??= bcrypt.hashSync('not-a-real-password', passwordHashCost(ctx.config.env)));

/**
 * A new password must make older bearer tokens useless: the instant always moves
 * forward, even when two changes fall into the same millisecond.
 */
const nextPasswordInstant = (ctx: ServiceContext, previous: Date) =>
  new Date(Math.max(ctx.clock.now().getTime(), previous.getTime() + 1));

/**
 * Registers an account, or mails a fresh link for one not yet verified. The link carries THIS
 * registration's name, password hash, kid flag and language (issue 31): following it verifies
 * the account with them, whoever registered the address before. A newer link voids older ones,
 * so only the latest registration can still be verified. Nothing of the account changes before
 * a link is followed.
 */
export async function register(
  ctx: ServiceContext,
  body: z.output<typeof registerBodySchema>,
  log: Logger,
  /** The request's Accept-Language choice, when the body names no language. */
  requestLanguage: Language = 'en',
): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const language = body.language ?? requestLanguage;
  const passwordHash = await hashPassword(ctx.config.env, body.password);
  let user = await findUserByEmail(db, body.email);
  if (!user) {
    try {
      user = await insertUser(db, {
        name: body.name,
        email: body.email,
        passwordHash,
        isKid: body.isKid,
        language,
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
  const userId = user.id;
  // The row is locked while older links are voided and the new one stored: of two
  // registrations at once, exactly one link stays live.
  const issued = await db.transaction(async (tx) => {
    const locked = await findUserById(tx, userId, { lock: true });
    if (!locked || locked.isVerified) return undefined;
    // Issue 53: the phone and consent also wait for the link, so nobody can attach their number to another's address.
    const token = await issueLinkToken(tx, userId, 'verify', now, {
      name: body.name,
      passwordHash,
      isKid: body.isKid,
      language,
      phone: body.phone ?? '',
      notifySms: body.notify?.sms ?? false,
      notifyWhatsapp: body.notify?.whatsapp ?? false,
    });
    return { token, email: locked.email };
  });
  if (!issued) throw badRequest(MESSAGES.userExists);
  sendInBackground(
    ctx.mailer,
    log,
    verificationMail(issued.email, body.name, verificationLink(ctx.config.appUrl, issued.token), language),
  );
}

/**
 * Follows a verification link (once): the account is verified with the name, password, kid
 * flag and language of the registration that link was mailed for. A link of an account
 * verified meanwhile (by a reset link) is refused: it must not bring an older password back.
 */
export async function verifyEmail(ctx: ServiceContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  const verified = await ctx.database.db.transaction(async (tx) => {
    const link = await consumeLinkTokenWithPayload(tx, token, 'verify', now);
    if (!link) return false;
    const user = await findUserById(tx, link.userId, { lock: true });
    if (!user || user.isVerified) return false;
    const changes: Parameters<typeof updateUser>[2] = { isVerified: true };
    if (link.name !== undefined) changes.name = link.name;
    if (link.isKid !== undefined) changes.isKid = link.isKid;
    if (link.language !== undefined) changes.language = link.language;
    if (link.phone !== undefined) changes.phone = link.phone === '' ? null : link.phone;
    if (link.notifySms !== undefined) changes.notifySms = link.notifySms;
    if (link.notifyWhatsapp !== undefined) changes.notifyWhatsapp = link.notifyWhatsapp;
    if (link.passwordHash !== undefined && link.passwordHash !== user.passwordHash) {
      changes.passwordHash = link.passwordHash;
      changes.passwordChangedAt = nextPasswordInstant(ctx, user.passwordChangedAt);
    }
    await updateUser(tx, user.id, changes, now);
    return true;
  });
  if (!verified) throw badRequest(MESSAGES.invalidVerificationLink);
}

export async function login(ctx: ServiceContext, body: LoginBody): Promise<UserInfo> {
  const user = await findUserByEmail(ctx.database.db, body.email);
  const matches = await bcrypt.compare(body.password, user?.passwordHash ?? dummyHashFor(ctx));
  if (!user || !matches) throw unauthorized(MESSAGES.invalidCredentials);
  if (!user.isVerified) throw forbidden(MESSAGES.verifyBeforeSignIn);
  return toUserInfo(ctx, user);
}

/** Same answer whether or not the address exists; the mail goes out in the background. */
export async function forgotPassword(ctx: ServiceContext, email: string, log: Logger): Promise<void> {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user) return;
  const token = await issueLinkToken(ctx.database.db, user.id, 'reset', ctx.clock.now());
  sendInBackground(ctx.mailer, log, resetPasswordMail(user.email, user.name, resetLink(ctx.config.appUrl, token), user.language));
}

export async function validateResetToken(ctx: ServiceContext, token: string): Promise<void> {
  const userId = await findLinkTokenUser(ctx.database.db, token, 'reset', ctx.clock.now());
  if (!userId) throw badRequest(MESSAGES.invalidOrExpiredToken);
}

/**
 * Voids the account's pending e-mail change (issue 49): the link mailed to the new address and
 * the cancel link mailed to the old one. Answers whether a change was pending. Callers hold
 * the user's row lock (taken before any token row, by every path that touches these tokens,
 * so two of them at once wait for each other instead of deadlocking).
 */
async function voidPendingEmailChange(tx: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const pending = await retireLinkTokens(tx, userId, 'email', now);
  await retireLinkTokens(tx, userId, 'email-cancel', now);
  return pending > 0;
}

/**
 * Sets a new password with a reset link (once). The link reached the mailbox, so an
 * account not yet verified counts as verified from here on. A pending e-mail change is void
 * from here on (issue 49).
 */
export async function resetPassword(ctx: ServiceContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(ctx.config.env, newPassword);
  const now = ctx.clock.now();
  const done = await ctx.database.db.transaction(async (tx) => {
    const userId = await consumeLinkToken(tx, token, 'reset', now);
    const user = userId ? await findUserById(tx, userId, { lock: true }) : undefined;
    if (!user) return false;
    await updateUser(
      tx,
      user.id,
      { passwordHash, passwordChangedAt: nextPasswordInstant(ctx, user.passwordChangedAt), isVerified: true },
      now,
    );
    // Verified now: a registration link still in the mailbox must not set another password later.
    await retireLinkTokens(tx, user.id, 'verify', now);
    // Issue 49: whoever asked for a pending e-mail change knew the old password; it dies with it.
    await voidPendingEmailChange(tx, user.id, now);
    return true;
  });
  if (!done) throw badRequest(MESSAGES.invalidOrExpiredToken);
}

/** Self or admin; anyone else learns nothing, not even whether the id exists. */
export async function getUser(ctx: ServiceContext, viewer: AuthUser, id: string): Promise<User> {
  if (!viewer.isAdmin && viewer.id !== id) throw forbidden(MESSAGES.forbidden);
  const user = await findUserById(ctx.database.db, id);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return toUser(user);
}

async function applyUpdate(
  ctx: ServiceContext,
  id: string,
  changes: Parameters<typeof updateUser>[2],
  db: DbOrTx = ctx.database.db,
): Promise<UserRow> {
  if (changes.email) {
    const owner = await findUserByEmail(db, changes.email);
    if (owner && owner.id !== id) throw badRequest(MESSAGES.userExists);
  }
  try {
    const user = await updateUser(db, id, changes, ctx.clock.now());
    if (!user) throw notFound(MESSAGES.userNotFound);
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(MESSAGES.userExists);
    throw err;
  }
}

/** The caller's own account, with the new address waiting for confirmation (issue 31). */
export async function getProfile(ctx: ServiceContext, viewer: AuthUser): Promise<User> {
  const user = await findUserById(ctx.database.db, viewer.id);
  if (!user) throw notFound(MESSAGES.userNotFound);
  return withPendingEmail(toUser(user), await findPendingEmail(ctx.database.db, user.id, ctx.clock.now()));
}

const withPendingEmail = <T extends User>(user: T, pendingEmail: string | undefined): T =>
  pendingEmail === undefined ? user : { ...user, pendingEmail };

/** 401 `WRONG_PASSWORD` (issue 31); counted by the profile's rate limit like a failed sign-in. */
const wrongPassword = () => new AppError(401, MESSAGES.wrongPassword, undefined, 'WRONG_PASSWORD');

/**
 * Updates the caller's own name, language, e-mail or password and answers a fresh token.
 * Changing the e-mail or the password needs the current password (issue 31): a stolen bearer
 * token alone cannot take the account over. A new password retires every token issued before
 * it, any reset link still in a mailbox, and any pending e-mail change (issue 49). A new e-mail
 * does not take effect here: a link is mailed to it (a newer request voids older links), the old
 * address is told with a link that cancels the change (issue 49), and the answer carries
 * `pendingEmail`.
 */
export async function updateProfile(
  ctx: ServiceContext,
  viewer: AuthUser,
  body: ProfileUpdateBody,
  log: Logger,
): Promise<UserInfo> {
  const { db } = ctx.database;
  const current = await findUserById(db, viewer.id);
  if (!current) throw unauthorized(MESSAGES.tokenInvalid);
  const newEmail = body.email !== undefined && normalizeEmail(body.email) !== current.email ? normalizeEmail(body.email) : undefined;
  const changesPassword = body.password !== undefined;
  if (newEmail !== undefined || changesPassword) {
    const matches = body.currentPassword !== undefined && (await bcrypt.compare(body.currentPassword, current.passwordHash));
    if (!matches) throw wrongPassword();
  }
  if (newEmail !== undefined) {
    // Refused as before when another account has it; checked again, by the unique index, on confirmation.
    const owner = await findUserByEmail(db, newEmail);
    if (owner && owner.id !== current.id) throw badRequest(MESSAGES.userExists);
  }

  const changes: Parameters<typeof updateUser>[2] = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.language !== undefined) changes.language = body.language;
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.notify?.sms !== undefined) changes.notifySms = body.notify.sms;
  if (body.notify?.whatsapp !== undefined) changes.notifyWhatsapp = body.notify.whatsapp;
  if (changesPassword) {
    changes.passwordHash = await hashPassword(ctx.config.env, body.password!);
    changes.passwordChangedAt = nextPasswordInstant(ctx, current.passwordChangedAt);
  }
  const now = ctx.clock.now();
  const { user, emailLinks } = await db.transaction(async (tx) => {
    const locked = await findUserById(tx, current.id, { lock: true });
    if (!locked) throw unauthorized(MESSAGES.tokenInvalid);
    const updated = Object.keys(changes).length > 0 ? await applyUpdate(ctx, current.id, changes, tx) : locked;
    if (changesPassword) {
      await retireLinkTokens(tx, current.id, 'reset', now);
      await voidPendingEmailChange(tx, current.id, now);
    }
    // The confirm and cancel links of one change: issued together, each voiding its older kind.
    const links =
      newEmail !== undefined
        ? {
            confirm: await issueLinkToken(tx, current.id, 'email', now, { email: newEmail }),
            cancel: await issueLinkToken(tx, current.id, 'email-cancel', now, { email: newEmail }),
          }
        : undefined;
    return { user: updated, emailLinks: links };
  });
  if (emailLinks !== undefined && newEmail !== undefined) {
    const { appUrl } = ctx.config;
    sendInBackground(ctx.mailer, log, confirmEmailMail(newEmail, user.name, confirmEmailLink(appUrl, emailLinks.confirm), user.language));
    sendInBackground(
      ctx.mailer,
      log,
      emailChangeNoticeMail(user.email, user.name, newEmail, cancelEmailLink(appUrl, emailLinks.cancel), user.language),
    );
  }
  return withPendingEmail(toUserInfo(ctx, user), await findPendingEmail(db, user.id, now));
}

/**
 * Follows an e-mail change link (once): the account's address becomes the one the link was
 * mailed to. Refused (400) when invalid, expired, used or voided by a newer request; refused
 * with `User already exists` when another account has the address by now (the unique index
 * decides between two at once), the link then stays usable.
 */
export async function confirmEmailChange(ctx: ServiceContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  let confirmed: boolean;
  try {
    confirmed = await ctx.database.db.transaction(async (tx) => {
      // The user's row first, as every path that voids these links (voidPendingEmailChange).
      const userId = await findLinkTokenUser(tx, token, 'email', now);
      if (!userId || !(await findUserById(tx, userId, { lock: true }))) return false;
      const link = await consumeLinkTokenWithPayload(tx, token, 'email', now);
      if (!link?.email) return false;
      const owner = await findUserByEmail(tx, link.email);
      if (owner && owner.id !== link.userId) throw badRequest(MESSAGES.userExists);
      const user = await updateUser(tx, link.userId, { email: link.email }, now);
      // Done: the old address's cancel link is void (issue 49).
      await retireLinkTokens(tx, link.userId, 'email-cancel', now);
      return user !== undefined;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(MESSAGES.userExists);
    throw err;
  }
  if (!confirmed) throw badRequest(MESSAGES.invalidEmailChangeLink);
}

/**
 * Follows the cancel link mailed to the OLD address of an e-mail change (issue 49, once): the
 * pending change is void, its confirm link refused from now on. Refused (400) when the link is
 * invalid, expired or used, or its change is no longer pending (confirmed, replaced by a newer
 * request, voided by a password change or cancelled from the profile). The user's row is locked
 * first, as confirmEmailChange does: of a confirm and a cancel at once, exactly one wins.
 */
export async function cancelEmailChange(ctx: ServiceContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  const cancelled = await ctx.database.db.transaction(async (tx) => {
    const userId = await findLinkTokenUser(tx, token, 'email-cancel', now);
    if (!userId || !(await findUserById(tx, userId, { lock: true }))) return false;
    if ((await consumeLinkToken(tx, token, 'email-cancel', now)) === undefined) return false;
    return (await retireLinkTokens(tx, userId, 'email', now)) > 0;
  });
  if (!cancelled) throw badRequest(MESSAGES.invalidEmailCancelLink);
}

/**
 * The profile's "Cancel this change" (issue 49, decision 0405): voids the caller's pending
 * e-mail change, if any (asking twice is no error), and answers the profile without it.
 */
export async function cancelPendingEmail(ctx: ServiceContext, viewer: AuthUser): Promise<User> {
  const now = ctx.clock.now();
  const user = await ctx.database.db.transaction(async (tx) => {
    const locked = await findUserById(tx, viewer.id, { lock: true });
    if (!locked) throw unauthorized(MESSAGES.tokenInvalid);
    await voidPendingEmailChange(tx, locked.id, now);
    return locked;
  });
  return toUser(user);
}

/** Rows per page when only `page` is given. */
const USERS_PAGE_DEFAULT = PAGE_LIMIT_DEFAULT;

/** Admin list: every user, or one page of them when `page` or `limit` is given (paged like every admin list). */
export async function listAllUsers(ctx: ServiceContext, query: UserListQuery): Promise<{ users: User[]; total: number }> {
  const { page: pageNumber, limit: pageSize, ...filter } = query;
  const paged = pageNumber !== undefined || pageSize !== undefined;
  const limit = pageSize ?? USERS_PAGE_DEFAULT;
  const page = paged ? { offset: ((pageNumber ?? 1) - 1) * limit, limit } : undefined;
  const { rows, total } = await listUsers(ctx.database.db, filter, page);
  return { users: rows.map(toUser), total };
}

/** An admin cannot take its own admin rights away: the shop must never lose its last admin by accident. */
export async function updateUserAsAdmin(ctx: ServiceContext, admin: AuthUser, id: string, body: AdminUserUpdateBody): Promise<User> {
  if (id === admin.id && body.isAdmin === false) throw badRequest(MESSAGES.cannotDemoteSelf);
  const changes: Parameters<typeof updateUser>[2] = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email;
  if (body.isAdmin !== undefined) changes.isAdmin = body.isAdmin;
  if (body.isKid !== undefined) changes.isKid = body.isKid;
  // The change and its audit record commit together; the row is locked so `before` is what changed.
  return ctx.database.db.transaction(async (tx) => {
    const before = await findUserById(tx, id, { lock: true });
    if (!before) throw notFound(MESSAGES.userNotFound);
    const after = await applyUpdate(ctx, id, changes, tx);
    await recordAdminWrite(tx, ctx, admin, id, 'updated', changedFields(before, after, AUDITED_USER_FIELDS));
    return toUser(after);
  });
}

/** What the audit trail keeps of a user's changes (never the password hash). */
const AUDITED_USER_FIELDS = ['name', 'email', 'isAdmin', 'isKid'] as const;

async function recordAdminWrite(
  tx: DbOrTx,
  ctx: ServiceContext,
  admin: AuthUser,
  id: string,
  action: string,
  changes: AuditChanges,
): Promise<void> {
  // An edit that changed nothing is no change: it leaves no record.
  if (Object.keys(changes).length === 0) return;
  await recordAuditEvents(tx, [{ entity: 'user', entityId: id, action, actor: actorOf(admin), changes, at: ctx.clock.now() }]);
}

export async function deleteUserAsAdmin(ctx: ServiceContext, admin: AuthUser, id: string): Promise<void> {
  if (id === admin.id) throw badRequest(MESSAGES.cannotDeleteSelf);
  await ctx.database.db.transaction(async (tx) => {
    const removed = await deleteUser(tx, id);
    if (!removed) throw notFound(MESSAGES.userNotFound);
    await recordAdminWrite(tx, ctx, admin, id, 'deleted', changedFields(removed, undefined, AUDITED_USER_FIELDS));
  });
}

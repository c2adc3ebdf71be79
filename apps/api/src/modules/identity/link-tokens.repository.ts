import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Language } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { tokens } from './identity.schema.js';

/**
 * What a one-time link token proves: a mailbox (verify), the right to set a password (reset),
 * the mailbox of a new address an account asked to move to (email, issue 31), or the mailbox
 * of the OLD address of that change, which may cancel it (email-cancel, issue 49).
 */
export type LinkTokenKind = 'verify' | 'reset' | 'email' | 'email-cancel' | 'payer';

/**
 * Verify links live 24 h, reset links 1 h; an e-mail change link lives as long as a verify
 * link, and its cancel link exactly as long (both are issued at the same instant).
 */
export const LINK_TOKEN_TTL_MS: Record<LinkTokenKind, number> = {
  verify: 24 * 3600 * 1000,
  reset: 3600 * 1000,
  email: 24 * 3600 * 1000,
  'email-cancel': 24 * 3600 * 1000,
  // Issue 51: a child's request to pay lives a week; the order's hold usually ends it sooner.
  payer: 7 * 24 * 3600 * 1000,
};

/**
 * Kinds whose newest link is the only one that counts (issue 31): a newer registration or
 * e-mail change request voids the links mailed before it (the change's cancel link with it).
 */
const NEWEST_ONLY: ReadonlySet<LinkTokenKind> = new Set(['verify', 'email', 'email-cancel']);

/**
 * Kinds whose newest link counts per order (issue 51: a child's newer request to pay an order
 * voids the older link for that order, not the links of the child's other orders).
 */
const NEWEST_PER_ORDER: ReadonlySet<LinkTokenKind> = new Set(['payer']);

/** What a link applies when followed (issue 31); every field optional (older tokens carry none). */
export interface LinkTokenPayload {
  /** 'email': the new address. */
  email?: string;
  /** 'verify': the registration's name, password hash, kid flag and language. */
  name?: string;
  passwordHash?: string;
  isKid?: boolean;
  language?: Language;
  /** 'verify' (issue 53): the registration's phone ('' for none) and consent to text messages. */
  phone?: string;
  notifySms?: boolean;
  notifyWhatsapp?: boolean;
  /** 'payer' (issue 51): the order the link asks its addressee to pay. */
  orderId?: string;
}

export interface ConsumedLinkToken extends LinkTokenPayload {
  userId: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** base64url of 32 random bytes: 43 characters, nothing a URL or mail encoding alters. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Issues a fresh token (256 random bits) and stores only its SHA-256, with what the link
 * applies when followed. Expired or used tokens of the user are swept at the same time so the
 * table stays small. For 'verify' and 'email' links, the user's older live links of the kind
 * are voided; callers run this inside a transaction that locks the user's row, so two
 * concurrent requests still leave exactly one live link.
 */
export async function issueLinkToken(
  db: DbOrTx,
  userId: string,
  kind: LinkTokenKind,
  now: Date,
  payload: LinkTokenPayload = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(tokens)
    .where(and(eq(tokens.userId, userId), or(lt(tokens.expiresAt, now), isNotNull(tokens.usedAt))));
  if (NEWEST_ONLY.has(kind)) await retireLinkTokens(db, userId, kind, now);
  if (NEWEST_PER_ORDER.has(kind) && payload.orderId) await retireOrderLinkTokens(db, userId, kind, payload.orderId, now);
  await db.insert(tokens).values({
    userId,
    kind,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + LINK_TOKEN_TTL_MS[kind]),
    createdAt: now,
    email: payload.email ?? null,
    name: payload.name ?? null,
    passwordHash: payload.passwordHash ?? null,
    isKid: payload.isKid ?? null,
    language: payload.language ?? null,
    phone: payload.phone ?? null,
    notifySms: payload.notifySms ?? null,
    notifyWhatsapp: payload.notifyWhatsapp ?? null,
    orderId: payload.orderId ?? null,
  });
  return token;
}

/** The row of a live (unused, unexpired) token of this kind; undefined for a token of the wrong shape. */
function liveToken(token: string, kind: LinkTokenKind, now: Date): SQL | undefined {
  if (!LINK_TOKEN.test(token)) return undefined;
  return and(eq(tokens.tokenHash, hashOf(token)), eq(tokens.kind, kind), isNull(tokens.usedAt), gt(tokens.expiresAt, now));
}

/** The user a live token belongs to, without using it up. */
export async function findLinkTokenUser(db: DbOrTx, token: string, kind: LinkTokenKind, now: Date): Promise<string | undefined> {
  const live = liveToken(token, kind, now);
  if (!live) return undefined;
  const [row] = await db.select({ userId: tokens.userId }).from(tokens).where(live).limit(1);
  return row?.userId;
}

/**
 * Uses a token up in one statement, so two concurrent uses cannot both succeed; the user's
 * other live tokens of that kind are retired with it (one link did the job). Answers the user
 * and what the link applies.
 */
export async function consumeLinkTokenWithPayload(
  db: DbOrTx,
  token: string,
  kind: LinkTokenKind,
  now: Date,
): Promise<ConsumedLinkToken | undefined> {
  const live = liveToken(token, kind, now);
  if (!live) return undefined;
  const [row] = await db.update(tokens).set({ usedAt: now }).where(live).returning({
    userId: tokens.userId,
    email: tokens.email,
    name: tokens.name,
    passwordHash: tokens.passwordHash,
    isKid: tokens.isKid,
    language: tokens.language,
    phone: tokens.phone,
    notifySms: tokens.notifySms,
    notifyWhatsapp: tokens.notifyWhatsapp,
    orderId: tokens.orderId,
  });
  if (!row) return undefined;
  // A per-order link retires nothing else: the user's links for other orders stay live.
  if (!NEWEST_PER_ORDER.has(kind)) await retireLinkTokens(db, row.userId, kind, now);
  const consumed: ConsumedLinkToken = { userId: row.userId };
  if (row.email !== null) consumed.email = row.email;
  if (row.name !== null) consumed.name = row.name;
  if (row.passwordHash !== null) consumed.passwordHash = row.passwordHash;
  if (row.isKid !== null) consumed.isKid = row.isKid;
  if (row.language !== null) consumed.language = row.language;
  if (row.phone !== null) consumed.phone = row.phone;
  if (row.notifySms !== null) consumed.notifySms = row.notifySms;
  if (row.notifyWhatsapp !== null) consumed.notifyWhatsapp = row.notifyWhatsapp;
  if (row.orderId !== null) consumed.orderId = row.orderId;
  return consumed;
}

/** Uses a token up (see consumeLinkTokenWithPayload) and answers only its user. */
export async function consumeLinkToken(db: DbOrTx, token: string, kind: LinkTokenKind, now: Date): Promise<string | undefined> {
  return (await consumeLinkTokenWithPayload(db, token, kind, now))?.userId;
}

/** The new address of the user's live e-mail change link, if any (the newest voids the others). */
export async function findPendingEmail(db: DbOrTx, userId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ email: tokens.email })
    .from(tokens)
    .where(
      and(eq(tokens.userId, userId), eq(tokens.kind, 'email'), isNull(tokens.usedAt), gt(tokens.expiresAt, now), isNotNull(tokens.email)),
    )
    .orderBy(desc(tokens.createdAt))
    .limit(1);
  return row?.email ?? undefined;
}

/**
 * Marks every unused token of a kind used (after a password change, old reset links must die).
 * Answers how many live (unexpired) ones it retired: one statement, so of two callers at once
 * only one retires a given token.
 */
export async function retireLinkTokens(db: DbOrTx, userId: string, kind: LinkTokenKind, now: Date): Promise<number> {
  const retired = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.userId, userId), eq(tokens.kind, kind), isNull(tokens.usedAt)))
    .returning({ expiresAt: tokens.expiresAt });
  return retired.filter((token) => token.expiresAt > now).length;
}

/** Marks the user's unused links of a kind for one order used (a newer request for that order voids them). */
export async function retireOrderLinkTokens(db: DbOrTx, userId: string, kind: LinkTokenKind, orderId: string, now: Date): Promise<void> {
  await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.userId, userId), eq(tokens.kind, kind), eq(tokens.orderId, orderId), isNull(tokens.usedAt)));
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tokens } from '../../db/schema.js';

/** What a one-time link token proves: a mailbox (verify) or the right to set a password (reset). */
export type LinkTokenKind = 'verify' | 'reset';

/** CONTRACT §4: verify links live 24 h, reset links 1 h. */
export const LINK_TOKEN_TTL_MS: Record<LinkTokenKind, number> = {
  verify: 24 * 3600 * 1000,
  reset: 3600 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** base64url of 32 random bytes: 43 characters, nothing a URL or mail encoding alters. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Issues a fresh token (256 random bits) and stores only its SHA-256. Expired or used
 * tokens of the user are swept at the same time so the table stays small.
 */
export async function issueLinkToken(db: DbOrTx, userId: string, kind: LinkTokenKind, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(tokens)
    .where(and(eq(tokens.userId, userId), or(lt(tokens.expiresAt, now), isNotNull(tokens.usedAt))));
  await db.insert(tokens).values({
    userId,
    kind,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + LINK_TOKEN_TTL_MS[kind]),
    createdAt: now,
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
 * Uses a token up in one statement, so two concurrent uses cannot both succeed; the
 * user's other live tokens of that kind are retired with it (one link did the job).
 */
export async function consumeLinkToken(db: DbOrTx, token: string, kind: LinkTokenKind, now: Date): Promise<string | undefined> {
  const live = liveToken(token, kind, now);
  if (!live) return undefined;
  const [row] = await db.update(tokens).set({ usedAt: now }).where(live).returning({ userId: tokens.userId });
  if (!row) return undefined;
  await retireLinkTokens(db, row.userId, kind, now);
  return row.userId;
}

/** Marks every live token of a kind used (after a password change, old reset links must die). */
export async function retireLinkTokens(db: DbOrTx, userId: string, kind: LinkTokenKind, now: Date): Promise<void> {
  await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.userId, userId), eq(tokens.kind, kind), isNull(tokens.usedAt)));
}

import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language, TextChannel, TextMessageListQuery, TextStatus, TextTemplate } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { claimDueRows } from '../../db/claim-due.js';
import { users } from '../identity/identity.schema.js';
import { textMessages } from './messages.schema.js';
import { containsPattern, descIndexed } from '../../db/sql-helpers.js';

export type TextMessageRow = typeof textMessages.$inferSelect;

/** What an account agreed to be sent, read in the caller's transaction. */
export interface TextRecipient {
  userId: string;
  name: string;
  language: Language;
  phone: string | null;
  notify: { sms: boolean; whatsapp: boolean };
}

export async function findTextRecipient(db: DbOrTx, userId: string): Promise<TextRecipient | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      language: users.language,
      phone: users.phone,
      sms: users.notifySms,
      whatsapp: users.notifyWhatsapp,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return { userId: row.userId, name: row.name, language: row.language, phone: row.phone, notify: { sms: row.sms, whatsapp: row.whatsapp } };
}

export interface NewTextMessage {
  recipient: string;
  userId: string | null;
  eventKey: string;
  channel: TextChannel;
  template: TextTemplate;
  phone: string;
  language: Language;
  body: string;
  params: string[];
}

/**
 * Queues messages, each once per person, event and channel: `on conflict do nothing` on
 * text_messages_once makes a second queueing (another instance, a restart, a retried request) a
 * no-op. Answers how many were new.
 */
export async function insertTextMessages(db: DbOrTx, rows: readonly NewTextMessage[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(textMessages)
    .values(rows.map((r) => ({ ...r, nextTryAt: now, createdAt: now })))
    .onConflictDoNothing({ target: [textMessages.recipient, textMessages.eventKey, textMessages.channel] })
    .returning({ id: textMessages.id });
  return inserted.length;
}

/**
 * Claims up to `limit` pending messages whose turn has come, for `leaseMs` (FOR UPDATE SKIP
 * LOCKED: each instance takes other rows; an instance that stops mid-send leaves its rows to
 * whoever claims them once the lease ends). Counts the try.
 */
export async function claimTextMessages(db: DbOrTx, now: Date, limit: number, leaseMs: number): Promise<TextMessageRow[]> {
  const until = new Date(now.getTime() + leaseMs);
  const ids = await claimDueRows(
    db,
    { table: textMessages, id: textMessages.id, status: textMessages.status, dueAt: textMessages.nextTryAt },
    now,
    limit,
    sql`next_try_at = ${until.toISOString()}::timestamptz, attempts = attempts + 1`,
  );
  if (ids.length === 0) return [];
  return db.select().from(textMessages).where(inArray(textMessages.id, ids)).orderBy(textMessages.nextTryAt);
}

/** The provider took it (or may have: `note` says why unconfirmed): done for good (only a pending row changes). */
export async function markTextSent(db: DbOrTx, id: string, at: Date, note: string | null = null): Promise<void> {
  await db
    .update(textMessages)
    .set({ status: 'sent', sentAt: at, lastError: note })
    .where(and(eq(textMessages.id, id), eq(textMessages.status, 'pending')));
}

/** An unconfirmed message's late answer: what the back office shows as its last error (null: confirmed). */
export async function noteLateAnswer(db: DbOrTx, id: string, note: string | null): Promise<void> {
  await db.update(textMessages).set({ lastError: note }).where(and(eq(textMessages.id, id), eq(textMessages.status, 'sent')));
}

/** A failed try: tried again at `nextTryAt`, or 'failed' for good when it is null. */
export async function markTextTryFailed(db: DbOrTx, id: string, error: string, nextTryAt: Date | null): Promise<void> {
  await db
    .update(textMessages)
    .set(nextTryAt ? { lastError: error, nextTryAt } : { lastError: error, status: 'failed' })
    .where(and(eq(textMessages.id, id), eq(textMessages.status, 'pending')));
}

function listWhere(query: Pick<TextMessageListQuery, 'status' | 'q'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(textMessages.status, query.status as TextStatus));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      sql`(lower(${textMessages.body}) like ${pattern} or ${textMessages.phone} like ${pattern}
        or lower(${textMessages.template}) like ${pattern}
        or exists (select 1 from ${users} u where u.id = ${textMessages.userId}
          and (lower(u.name) || ' ' || lower(u.email)) like ${pattern}))`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export interface ListedTextMessage extends TextMessageRow {
  user: { id: string; name: string; email: string } | null;
}

/** Newest first; one page when given. */
export async function listTextMessages(
  db: DbOrTx,
  query: Pick<TextMessageListQuery, 'status' | 'q'>,
  page?: { offset: number; limit: number },
): Promise<{ rows: ListedTextMessage[]; total: number }> {
  const where = listWhere(query);
  const sorted = db
    .select({ message: textMessages, userName: users.name, userEmail: users.email })
    .from(textMessages)
    .leftJoin(users, eq(users.id, textMessages.userId))
    .where(where)
    .orderBy(descIndexed(textMessages.createdAt), descIndexed(textMessages.id));
  const [rows, [counted]] = await Promise.all([
    page ? sorted.limit(page.limit).offset(page.offset) : sorted,
    db.select({ total: count() }).from(textMessages).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.message,
      user:
        r.message.userId && r.userName !== null && r.userEmail !== null
          ? { id: r.message.userId, name: r.userName, email: r.userEmail }
          : null,
    })),
    total: counted?.total ?? 0,
  };
}

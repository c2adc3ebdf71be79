import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery, UserSort } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { containsPattern, descIndexed } from '../../db/sql-helpers.js';
import { users } from './identity.schema.js';
import type { SessionUser } from '../../middleware/auth.js';

export type UserRow = typeof users.$inferSelect;

/** E-mails are stored lower-cased; comparisons go through lower() to use the unique index. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user;
}

/** `lock`: FOR UPDATE, inside a transaction that then changes the user. */
export async function findUserById(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [user] = options.lock ? await query.for('update') : await query;
  return user;
}

export type UserFilter = Omit<UserListQuery, 'page' | 'limit'>;

/** Search any part of name or e-mail (users_search_trgm), and the admin / kid flags. */
function userFilterWhere(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q)
    conditions.push(sql`(lower(${users.name}) || ' ' || lower(${users.email})) like ${containsPattern(filter.q)}`);
  if (filter.admin !== undefined) conditions.push(eq(users.isAdmin, filter.admin));
  if (filter.kid !== undefined) conditions.push(eq(users.isKid, filter.kid));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Each sort as an index delivers it (users_created_at_idx, users_name_idx, users_email_unique). */
const USER_ORDER: Record<UserSort, SQL[]> = {
  date_desc: [descIndexed(users.createdAt), descIndexed(users.id)],
  name_asc: [asc(sql`lower(${users.name})`), asc(users.id)],
  email_asc: [asc(sql`lower(${users.email})`)],
};

/** Matching users in the asked order: one page when given, else all; `total` counts the matches. */
export async function listUsers(
  db: DbOrTx,
  filter: UserFilter,
  page?: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = userFilterWhere(filter);
  const sorted = db.select().from(users).where(where).orderBy(...USER_ORDER[filter.sort ?? 'date_desc']);
  const [rows, [counted]] = await Promise.all([
    page ? sorted.limit(page.limit).offset(page.offset) : sorted,
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'email' | 'passwordHash' | 'isAdmin' | 'isKid' | 'isVerified' | 'passwordChangedAt' | 'language' | 'phone' | 'notifySms' | 'notifyWhatsapp'>>,
  now: Date,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ ...changes, ...(changes.email ? { email: normalizeEmail(changes.email) } : {}), updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return user;
}

/** Deletes a user and answers the row as it was (undefined when there was none). */
export async function deleteUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [deleted] = await db.delete(users).where(eq(users.id, id)).returning();
  return deleted;
}

/** What the bearer-token guard needs of a user: who, which rights, and when the password last changed. */
export async function findSessionUser(db: DbOrTx, id: string): Promise<SessionUser | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      isKid: users.isKid,
      language: users.language,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return user;
}

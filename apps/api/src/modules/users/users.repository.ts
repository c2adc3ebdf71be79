import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
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

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Newest first: one page when given, else every user; `total` counts all users either way. */
export async function listUsers(
  db: DbOrTx,
  page?: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const newestFirst = db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
  const [rows, [counted]] = await Promise.all([
    page ? newestFirst.limit(page.limit).offset(page.offset) : newestFirst,
    db.select({ total: count() }).from(users),
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
  changes: Partial<Pick<UserRow, 'name' | 'email' | 'passwordHash' | 'isAdmin' | 'isKid' | 'isVerified' | 'passwordChangedAt' | 'language'>>,
  now: Date,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ ...changes, ...(changes.email ? { email: normalizeEmail(changes.email) } : {}), updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return user;
}

export async function deleteUser(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
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

import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  PAGE_LIMIT_DEFAULT,
  type CourseQuery,
  type CourseSort,
  type CourseUpdate,
} from '@shop/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { courses } from '../../db/schema.js';

export type CourseRow = typeof courses.$inferSelect;
export type NewCourse = Omit<typeof courses.$inferInsert, 'searchText'>;

/**
 * Lower-cased name, description and categories: what keyword search matches against
 * (`search_text`, trigram-indexed). Every insert and update goes through this.
 */
export function searchTextOf(course: {
  name: string;
  description?: string | null;
  category?: string[] | null;
}): string {
  return [course.name, course.description ?? '', ...(course.category ?? [])]
    .join(' ')
    .toLowerCase();
}

/** Escapes LIKE wildcards so a keyword matches literally (`\` is the default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** At most this many words of a keyword are matched; more would only slow the query down. */
const KEYWORD_WORDS_MAX = 8;

/** `ARRAY[$1, $2, …]::text[]` with one parameter per value. */
function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * The WHERE clause of a catalogue query. Keyword: every word must appear (case-insensitive)
 * in name, description or a category, so "kids programming" finds "Programming Kids".
 * Categories: `category @> ARRAY[...]` / `&& ARRAY[...]` use the GIN index. Price bounds: 0 means none.
 */
export function courseFilter(query: CourseQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const words = (query.keyword ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, KEYWORD_WORDS_MAX);
  for (const word of words)
    conditions.push(sql`${courses.searchText} like ${`%${escapeLike(word)}%`}`);
  // Cg and filter each name a category or a group (any of its categories); a course must
  // match both. Single categories go together into one `@>`, groups into `&&`: both use the
  // GIN index on category.
  const required = new Set<string>();
  for (const categories of [query.Cg, query.filter]) {
    if (!categories || categories.length === 0) continue;
    if (categories.length === 1) required.add(categories[0] as string);
    else conditions.push(sql`${courses.category} && ${textArray(categories)}`);
  }
  if (required.size > 0) conditions.push(sql`${courses.category} @> ${textArray([...required])}`);
  if (query.from) conditions.push(gte(courses.price, query.from));
  if (query.to) conditions.push(lte(courses.price, query.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Descending as the `(… DESC NULLS LAST, id DESC NULLS LAST)` indexes are built: a plain DESC
 * means NULLS FIRST, which those indexes cannot deliver, and PostgreSQL would sort the whole
 * table for every page. (The columns are NOT NULL: the results are the same.)
 */
const descIndexed = (column: AnyPgColumn): SQL => sql`${column} desc nulls last`;

/** Every order ends on the id so pages never overlap or skip a course. */
function orderOf(sort: CourseSort | undefined): SQL[] {
  switch (sort) {
    case 'rating':
      return [descIndexed(courses.rating), descIndexed(courses.id)];
    case 'price_asc':
      return [asc(courses.price), asc(courses.id)];
    case 'price_desc':
      // The (price, id) index read backwards: DESC NULLS FIRST.
      return [desc(courses.price), desc(courses.id)];
    case 'date':
    case undefined:
      return [descIndexed(courses.createdAt), descIndexed(courses.id)];
  }
}

/** The two statements of a catalogue page (exported so tests and scripts can EXPLAIN them). */
export function catalogueQueries(db: DbOrTx, query: CourseQuery) {
  const where = courseFilter(query);
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
  const offset = ((query.page ?? 1) - 1) * limit;
  return {
    page: db
      .select()
      .from(courses)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(limit)
      .offset(offset),
    total: db.select({ total: count() }).from(courses).where(where),
  };
}

/**
 * One catalogue page and the number of matching courses. Two statements: a window count
 * would make PostgreSQL read every match before the LIMIT, where the page alone can walk
 * the sort index and stop early.
 */
export async function listCourses(
  db: DbOrTx,
  query: CourseQuery,
  /** The number of matches when the caller already knows it (the unfiltered catalogue). */
  knownTotal?: number,
): Promise<{ rows: CourseRow[]; total: number }> {
  const { page, total } = catalogueQueries(db, query);
  if (knownTotal !== undefined) return { rows: await page, total: knownTotal };
  const [rows, [counted]] = await Promise.all([page, total]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findCourse(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

/** Inserts courses in one multi-row statement, keeping `search_text` in step. */
export async function insertCourses(db: DbOrTx, values: NewCourse[]): Promise<CourseRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(courses)
    .values(values.map((course) => ({ ...course, searchText: searchTextOf(course) })))
    .returning();
}

/** Bulk load without reading the rows back (seeding, benchmarks). */
export async function insertCoursesQuietly(db: DbOrTx, values: NewCourse[]): Promise<void> {
  if (values.length === 0) return;
  await db
    .insert(courses)
    .values(values.map((course) => ({ ...course, searchText: searchTextOf(course) })));
}

export async function insertCourse(db: DbOrTx, values: NewCourse): Promise<CourseRow> {
  const [row] = await insertCourses(db, [values]);
  if (!row) throw new Error('course insert returned nothing');
  return row;
}

/**
 * Applies an admin change. The row is locked and re-read so `search_text` is computed from
 * the merged values, whatever another admin changed in between.
 */
export async function updateCourse(
  db: DbOrTx,
  id: string,
  changes: CourseUpdate,
  now: Date,
): Promise<CourseRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!current) return undefined;
    const merged = { ...current, ...changes };
    const [row] = await tx
      .update(courses)
      .set({ ...changes, searchText: searchTextOf(merged), updatedAt: now })
      .where(eq(courses.id, id))
      .returning();
    return row;
  });
}

/** Deletes a course (its reviews go with it); false when there was none. */
export async function deleteCourse(db: DbOrTx, id: string): Promise<boolean> {
  const removed = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
  return removed.length > 0;
}

export async function countCourses(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(courses);
  return row?.total ?? 0;
}

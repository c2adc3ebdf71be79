import { and, count, eq } from 'drizzle-orm';
import type { CourseUpdate } from '@shop/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { DomainEvents } from '../../events/event-bus.js';
import { foldForSearch } from '../../lib/search-fold.js';
import { courses } from './courses.schema.js';

export type CourseRow = typeof courses.$inferSelect;
export type NewCourse = Omit<typeof courses.$inferInsert, 'searchText'>;

/**
 * Name, description and categories, with the French and Arabic name and description, folded
 * for search (lower case, no accents, Arabic spelling variants met: lib/search-fold.ts): what
 * keyword search matches against (`search_text`, the one trigram-indexed column, so a course is
 * found by its name in any of its languages without another index on `courses`). Every insert
 * and update goes through this.
 */
export function searchTextOf(course: {
  name: string;
  description?: string | null;
  category?: string[] | null;
  nameFr?: string | null;
  nameAr?: string | null;
  descriptionFr?: string | null;
  descriptionAr?: string | null;
}): string {
  return [
    course.name,
    course.description ?? '',
    ...(course.category ?? []),
    course.nameFr ?? '',
    course.nameAr ?? '',
    course.descriptionFr ?? '',
    course.descriptionAr ?? '',
  ]
    .filter(Boolean)
    .map(foldForSearch)
    .join(' ');
}

export async function findCourse(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

/** One multi-row INSERT of courses, keeping `search_text` in step. */
const insertStatement = (db: DbOrTx, values: NewCourse[]) =>
  db
    .insert(courses)
    .values(values.map((course) => ({ ...course, searchText: searchTextOf(course) })));

/** Inserts courses in one statement and answers the rows written. */
export async function insertCourses(db: DbOrTx, values: NewCourse[]): Promise<CourseRow[]> {
  if (values.length === 0) return [];
  return insertStatement(db, values).returning();
}

/** Bulk load without reading the rows back (seeding, benchmarks). */
export async function insertCoursesQuietly(db: DbOrTx, values: NewCourse[]): Promise<void> {
  if (values.length === 0) return;
  await insertStatement(db, values);
}

export async function insertCourse(db: DbOrTx, values: NewCourse): Promise<CourseRow> {
  const [row] = await insertCourses(db, [values]);
  if (!row) throw new Error('course insert returned nothing');
  return row;
}

/** What an admin's save did: the course as saved, none, or refused for stale seats. */
export type CourseUpdateOutcome =
  | { updated: CourseRow }
  | { notFound: true }
  /** `availabilityWas` is not the seats left now (issue 31): nothing was written. */
  | { seatsChanged: number };

/**
 * Applies an admin change. The row is locked and re-read so `search_text` is computed from
 * the merged values, whatever another admin changed in between.
 *
 * Seats (issue 31): with `availabilityWas`, an `availability` equal to it leaves the seats
 * column out of the write (orders may have moved it meanwhile); a different one is written
 * only where the seats left are still `availabilityWas`, in the same guarded UPDATE (`where
 * id = $id and availability = $was`), never read, changed and written back. Otherwise nothing
 * is written and the seats left now are answered. Without `availabilityWas` (outside
 * clients) `availability` is written as sent. Writing 0 closes the course: seats that held
 * orders give back later stay off sale (`seats_closed`, migration 0017) until seats are written again.
 */
export async function updateCourse(
  db: Db,
  events: DomainEvents,
  id: string,
  body: CourseUpdate,
  now: Date,
  /** Runs in the same transaction with the course before and after (the audit record). */
  recordChange?: (tx: DbOrTx, before: CourseRow, after: CourseRow) => Promise<void>,
): Promise<CourseUpdateOutcome> {
  const { availabilityWas, ...changes } = body;
  const seatsUnchanged = availabilityWas !== undefined && changes.availability === availabilityWas;
  if (seatsUnchanged) delete changes.availability;
  const guardSeats = availabilityWas !== undefined && changes.availability !== undefined;
  return events.transaction(db, async (tx, recorded): Promise<CourseUpdateOutcome> => {
    const [current] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!current) return { notFound: true };
    const merged = { ...current, ...changes };
    // Seats written: 0 closes the course (seats given back later stay off sale), more opens it.
    const closed = changes.availability === undefined ? {} : { seatsClosed: changes.availability === 0 };
    // The admin's first save publishes a draft.
    const [row] = await tx
      .update(courses)
      .set({ ...changes, ...closed, isDraft: false, searchText: searchTextOf(merged), updatedAt: now })
      .where(
        guardSeats ? and(eq(courses.id, id), eq(courses.availability, availabilityWas)) : eq(courses.id, id),
      )
      .returning();
    if (!row) return { seatsChanged: current.availability };
    if (recordChange) await recordChange(tx, current, row);
    recorded.record({ type: 'courseChanged' });
    return { updated: row };
  });
}

/** Deletes a course (its reviews go with it) and answers it as it was; undefined when there was none. */
export async function deleteCourse(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  const [removed] = await db.delete(courses).where(eq(courses.id, id)).returning();
  return removed;
}

export async function countCourses(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(courses);
  return row?.total ?? 0;
}

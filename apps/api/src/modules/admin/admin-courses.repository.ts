import { and, asc, count, desc, eq, getTableColumns, gt, sql, type SQL } from 'drizzle-orm';
import type { AdminCourseListQuery, AdminCourseSort } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { courses } from '../courses/courses.schema.js';
import { containsPattern, descIndexed, seatsOnSale } from '../../db/sql-helpers.js';
import { foldForSearch } from '../../lib/search-fold.js';

export type AdminCourseFilter = Omit<AdminCourseListQuery, 'page' | 'limit'>;

/**
 * The admin course list's filters, on the indexes the catalogue already has (courses is at
 * PostgreSQL's 16 fast-path locks, see docs/decisions/0015): `q` any part of name, description
 * or category (courses_search_trgm), one category (its partial price index or the GIN), sold
 * out (no seat left) and draft or published (`is_draft`), checked on the rows the other
 * conditions or the sort index give (drafts are few).
 */
function adminCourseWhere(filter: AdminCourseFilter): SQL | undefined {
  return and(
    filter.status === undefined ? undefined : eq(courses.isDraft, filter.status === 'draft'),
    filter.q ? sql`${courses.searchText} like ${containsPattern(foldForSearch(filter.q))}` : undefined,
    filter.category
      ? sql`${courses.category} @> ${sql`ARRAY[${filter.category}]::text[]`}`
      : undefined,
    filter.soldOut === undefined
      ? undefined
      : filter.soldOut
        ? eq(courses.availability, 0)
        : gt(courses.availability, 0),
  );
}

/** Each sort on an index of courses, ending on the id. */
const COURSE_ORDER: Record<AdminCourseSort, SQL[]> = {
  date_desc: [descIndexed(courses.createdAt), descIndexed(courses.id)],
  // Names and seats have no index of their own (the 16-lock limit): the sort reads the matches.
  name_asc: [asc(sql`lower(${courses.name})`), asc(courses.id)],
  seats_asc: [asc(courses.availability), asc(courses.id)],
  price_desc: [desc(courses.price), desc(courses.id)],
};

/**
 * A page of the admin course list. A course sold by session answers the seats on sale in its open
 * sessions as `availability`, as the public API does (issue 54: it said 0 while 12 were on sale);
 * the filters and the seats sort still read the course's own seats column.
 */
export async function listAdminCourses(
  db: DbOrTx,
  filter: AdminCourseFilter,
  page: { offset: number; limit: number },
  now: Date,
) {
  const where = adminCourseWhere(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...getTableColumns(courses), availability: seatsOnSale('courses', now) })
      .from(courses)
      .where(where)
      .orderBy(...COURSE_ORDER[filter.sort ?? 'date_desc'])
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(courses).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

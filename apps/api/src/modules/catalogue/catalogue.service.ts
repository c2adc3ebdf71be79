import { MESSAGES, type Course, type CourseDetail, type CourseQuery, type Review } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceContext } from '../../deps.js';
import { notFound } from '../../errors.js';
import { findCourse, type CourseRow } from '../courses/courses.repository.js';
import { toCourseJson } from '../courses/courses.service.js';
import { courseHadSessions, upcomingSessionsOfCourse } from '../enrolment/seats/sessions.repository.js';
import { toSessionJson } from '../enrolment/sessions/sessions.service.js';
import { categoryPriceCounts } from './catalogue-counts.js';
import { normalCourseQuery } from './catalogue-key.js';
import { reviewsOfCourse, toReviewJson } from './catalogue-reviews.js';
import { type CatalogueVersion } from './catalogue-version.js';
import { findCourseDetail, listCourses, listDrafts } from './catalogue.repository.js';

/**
 * A catalogue page as JSON text (its courses without reviews: they belong to the detail; each
 * with its card's session fields, see listedCourseJson) and the total of matches.
 */
export async function browseCourses(
  ctx: ServiceContext,
  query: CourseQuery,
  catalogueSize?: number,
  /** The exact number of matches when known already (catalogue-counts.ts): no count in SQL. */
  filteredTotal?: number,
): Promise<{ json: string; total: number }> {
  const { courses, total } = await listCourses(ctx.database.db, query, catalogueSize, ctx.clock.now(), filteredTotal);
  return { json: `[${courses.join(',')}]`, total };
}

/**
 * What the detail page shows: the course, its reviews, newest first, and its sessions not ended
 * nor cancelled, soonest first (issue 33); with sessions, `availability` is their seats left
 * (0 when a course that had sessions has none open, issue 49).
 */
export async function courseDetailOf(db: DbOrTx, row: CourseRow, now: Date): Promise<CourseDetail> {
  const [reviews, sessions, hadSessions] = await Promise.all([
    reviewsOfCourse(db, row.id),
    upcomingSessionsOfCourse(db, row.id, now),
    courseHadSessions(db, row.id),
  ]);
  return detailFrom(row, reviews, sessions, hadSessions);
}

/** The detail page's answer from its rows (one place, whichever statements read them). */
function detailFrom(
  row: Omit<CourseRow, 'searchText'> & { isDraft: boolean },
  reviews: Review[],
  sessions: Parameters<typeof toSessionJson>[0][],
  hadSessions: boolean,
): CourseDetail {
  const open = sessions.map(toSessionJson);
  // Issue 49: a course that has or had sessions is sold only through an open one: none open, no seat.
  const seats = hadSessions ? { availability: open.reduce((sum, s) => sum + s.seatsLeft, 0) } : {};
  return { ...toCourseJson(row), ...seats, reviews, sessions: open };
}

/**
 * How a catalogue page's answer is built (kept by the catalogue cache under `catalogueKey(query,
 * version)`): from the query's normal form at that version, the question its key names.
 */
export function courseListBuilder(ctx: ServiceContext, query: CourseQuery) {
  return async (version: CatalogueVersion) => {
    const normal = normalCourseQuery(query, version);
    // Unfiltered, the total comes with the catalogue version: no count over the whole table; one
    // category's price window is counted from that category's prices at this version (issue 55).
    const filteredTotal = await categoryPriceCounts(ctx.database.db).count(normal, version);
    const { json, total } = await browseCourses(ctx, normal, version.courses, filteredTotal);
    return {
      json,
      // Cross-origin clients may read it: the CORS middleware exposes X-Total-Count.
      headers: { 'X-Total-Count': String(total) },
    };
  };
}

/** The public course page: a draft is not there yet (404, as for an unknown id). */
export async function getCourseDetail(ctx: ServiceContext, id: string): Promise<CourseDetail> {
  // One wave of three prepared statements (issue 55): a cold course page's cost was its round trips.
  const found = await findCourseDetail(ctx.database.db, id, ctx.clock.now());
  if (!found || found.row.isDraft) throw notFound(MESSAGES.courseNotFound);
  return detailFrom(found.row, found.reviews.map(toReviewJson), found.sessions, found.hadSessions);
}

/** A draft for the admin who fills it in; undefined when `id` names no draft. */
export async function getDraftDetail(ctx: ServiceContext, id: string): Promise<CourseDetail | undefined> {
  const row = await findCourse(ctx.database.db, id);
  return row?.isDraft ? courseDetailOf(ctx.database.db, row, ctx.clock.now()) : undefined;
}

/** How many drafts the admin's list shows (they are few: each ADD makes one until saved). */
export const DRAFTS_SHOWN = 100;

export async function getDrafts(ctx: ServiceContext): Promise<Course[]> {
  return (await listDrafts(ctx.database.db, DRAFTS_SHOWN)).map(toCourseJson);
}


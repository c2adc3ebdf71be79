import {
  MESSAGES,
  type Course,
  type CourseDetail,
  type CourseQuery,
  type Review,
  type CourseUpdate,
} from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceContext } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthUser } from '../../middleware/auth.js';
import { actorOf, changedFields, recordAuditEvents } from '../audit/audit.repository.js';
import { reviewsOfCourse, toReviewJson } from '../reviews/reviews.service.js';
import { categoryPriceCounts } from './catalogue-counts.js';
import { normalCourseQuery } from './catalogue-key.js';
import { courseChanged, type CatalogueVersion } from './catalogue-version.js';
import {
  deleteCourse,
  findCourse,
  findCourseDetail,
  insertCourse,
  listCourses,
  listDrafts,
  updateCourse,
  type CourseRow,
  type NewCourse,
} from './courses.repository.js';
import { courseHadSessions, upcomingSessionsOfCourse } from '../enrolment/seats/sessions.repository.js';
import { toSessionJson } from '../enrolment/sessions/sessions.service.js';

/** The image every new course starts with (shipped in apps/api/public). */
export const PLACEHOLDER_IMAGE = '/images/courses/placeholder.svg';

/**
 * What the admin's ADD button creates: a draft the admin fills in on the edit page. It stays out
 * of the catalogue (lists, its page, orders, sitemap) until the admin saves it.
 */
export const BLANK_COURSE: NewCourse = {
  isDraft: true,
  name: 'Sample name',
  price: 0,
  description: '',
  images: [PLACEHOLDER_IMAGE],
  category: [],
  sizes: [],
  availability: 0,
};

/**
 * A course as the contract shows it (details, drafts, writes). Catalogue cards have the same
 * fields written by PostgreSQL (listedCourseJson, decision 0379): a field added here is added
 * there too, or catalogue-json.test.ts fails.
 */
export function toCourseJson(row: Omit<CourseRow, 'searchText'>): Course {
  return {
    _id: row.id,
    name: row.name,
    price: row.price,
    description: row.description,
    nameFr: row.nameFr,
    nameAr: row.nameAr,
    descriptionFr: row.descriptionFr,
    descriptionAr: row.descriptionAr,
    images: row.images,
    category: row.category,
    sizes: row.sizes,
    availability: row.availability,
    taxRate: row.taxRate,
    rating: row.rating,
    numReviews: row.numReviews,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.isDraft ? { isDraft: true } : {}),
  };
}

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
async function detailOf(db: DbOrTx, row: CourseRow, now: Date): Promise<CourseDetail> {
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
  return row?.isDraft ? detailOf(ctx.database.db, row, ctx.clock.now()) : undefined;
}

/** How many drafts the admin's list shows (they are few: each ADD makes one until saved). */
export const DRAFTS_SHOWN = 100;

export async function getDrafts(ctx: ServiceContext): Promise<Course[]> {
  return (await listDrafts(ctx.database.db, DRAFTS_SHOWN)).map(toCourseJson);
}

/** What the audit trail keeps of a course's changes (admin-edited fields and the seats). */
const AUDITED_COURSE_FIELDS = ['name', 'price', 'description', 'images', 'category', 'sizes', 'availability', 'isDraft'] as const;

/** The audit record of an admin's write to a course, in the write's transaction. */
async function recordCourseWrite(
  tx: DbOrTx,
  ctx: ServiceContext,
  admin: AuthUser,
  action: 'created' | 'updated' | 'deleted',
  before: CourseRow | undefined,
  after: CourseRow | undefined,
): Promise<void> {
  const changes = changedFields(before, after, AUDITED_COURSE_FIELDS);
  const id = (after ?? before)?.id;
  // An edit that changed nothing is no change: it leaves no record.
  if (!id || (action === 'updated' && Object.keys(changes).length === 0)) return;
  await recordAuditEvents(tx, [{ entity: 'course', entityId: id, action, actor: actorOf(admin), changes, at: ctx.clock.now() }]);
}

export async function createBlankCourse(ctx: ServiceContext, admin: AuthUser): Promise<Course> {
  const row = await ctx.database.db.transaction(async (tx) => {
    const created = await insertCourse(tx, BLANK_COURSE);
    await recordCourseWrite(tx, ctx, admin, 'created', undefined, created);
    return created;
  });
  courseChanged(ctx);
  return toCourseJson(row);
}

export async function editCourse(
  ctx: ServiceContext,
  admin: AuthUser,
  id: string,
  changes: CourseUpdate,
): Promise<CourseDetail> {
  const outcome = await updateCourse(ctx.database.db, id, changes, ctx.clock.now(), (tx, before, after) =>
    recordCourseWrite(tx, ctx, admin, 'updated', before, after),
  );
  if ('notFound' in outcome) throw notFound(MESSAGES.courseNotFound);
  if ('seatsChanged' in outcome)
    throw new AppError(409, MESSAGES.seatsChanged, undefined, 'SEATS_CHANGED', { availability: outcome.seatsChanged });
  courseChanged(ctx);
  return detailOf(ctx.database.db, outcome.updated, ctx.clock.now());
}

export async function removeCourse(
  ctx: ServiceContext,
  admin: AuthUser,
  id: string,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const removed = await deleteCourse(tx, id);
    if (!removed) throw notFound(MESSAGES.courseNotFound);
    await recordCourseWrite(tx, ctx, admin, 'deleted', removed, undefined);
  });
  courseChanged(ctx);
}

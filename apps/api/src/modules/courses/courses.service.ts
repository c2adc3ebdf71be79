import { MESSAGES, type Course, type CourseUpdate } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceContext } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthUser } from '../../middleware/auth.js';
import { actorOf, changedFields, recordAuditEvents } from '../audit/audit.repository.js';
import { deleteCourse, insertCourse, updateCourse, type CourseRow, type NewCourse } from './courses.repository.js';

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
  const row = await ctx.events.transaction(ctx.database.db, async (tx, events) => {
    const created = await insertCourse(tx, BLANK_COURSE);
    await recordCourseWrite(tx, ctx, admin, 'created', undefined, created);
    events.record({ type: 'courseChanged' });
    return created;
  });
  return toCourseJson(row);
}

export async function editCourse(
  ctx: ServiceContext,
  admin: AuthUser,
  id: string,
  changes: CourseUpdate,
): Promise<CourseRow> {
  const outcome = await updateCourse(ctx.database.db, ctx.events, id, changes, ctx.clock.now(), (tx, before, after) =>
    recordCourseWrite(tx, ctx, admin, 'updated', before, after),
  );
  if ('notFound' in outcome) throw notFound(MESSAGES.courseNotFound);
  if ('seatsChanged' in outcome)
    throw new AppError(409, MESSAGES.seatsChanged, undefined, 'SEATS_CHANGED', { availability: outcome.seatsChanged });
  return outcome.updated;
}

export async function removeCourse(
  ctx: ServiceContext,
  admin: AuthUser,
  id: string,
): Promise<void> {
  await ctx.events.transaction(ctx.database.db, async (tx, events) => {
    const removed = await deleteCourse(tx, id);
    if (!removed) throw notFound(MESSAGES.courseNotFound);
    await recordCourseWrite(tx, ctx, admin, 'deleted', removed, undefined);
    events.record({ type: 'courseChanged' });
  });
}

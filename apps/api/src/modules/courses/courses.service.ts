import {
  MESSAGES,
  type Course,
  type CourseDetail,
  type CourseQuery,
  type CourseUpdate,
} from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { isId } from '../../lib/ids.js';
import { reviewsOfCourse } from '../reviews/reviews.service.js';
import {
  deleteCourse,
  findCourse,
  insertCourse,
  listCourses,
  updateCourse,
  type CourseRow,
  type NewCourse,
} from './courses.repository.js';

/** The image every new course starts with (shipped in apps/api/public). */
export const PLACEHOLDER_IMAGE = '/images/courses/placeholder.svg';

/** What the admin's ADD button creates: the admin fills it in on the edit page. */
export const BLANK_COURSE: NewCourse = {
  name: 'Sample name',
  price: 0,
  description: '',
  images: [PLACEHOLDER_IMAGE],
  category: [],
  sizes: [],
  availability: 0,
};

export function toCourseJson(row: CourseRow): Course {
  return {
    _id: row.id,
    name: row.name,
    price: row.price,
    description: row.description,
    images: row.images,
    category: row.category,
    sizes: row.sizes,
    availability: row.availability,
    rating: row.rating,
    numReviews: row.numReviews,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A catalogue page (without reviews: they belong to the detail) and the total of matches. */
export async function browseCourses(
  db: DbOrTx,
  query: CourseQuery,
  catalogueSize?: number,
): Promise<{ courses: Course[]; total: number }> {
  const { rows, total } = await listCourses(db, query, catalogueSize);
  return { courses: rows.map(toCourseJson), total };
}

/** What the detail page shows: the course and its reviews, newest first. */
async function detailOf(db: DbOrTx, row: CourseRow): Promise<CourseDetail> {
  return { ...toCourseJson(row), reviews: await reviewsOfCourse(db, row.id) };
}

export async function getCourseDetail(db: DbOrTx, id: string): Promise<CourseDetail> {
  const row = isId(id) ? await findCourse(db, id) : undefined;
  if (!row) throw notFound(MESSAGES.courseNotFound);
  return detailOf(db, row);
}

export async function createBlankCourse(db: DbOrTx): Promise<Course> {
  return toCourseJson(await insertCourse(db, BLANK_COURSE));
}

export async function editCourse(
  db: DbOrTx,
  id: string,
  changes: CourseUpdate,
  now: Date,
): Promise<CourseDetail> {
  const row = isId(id) ? await updateCourse(db, id, changes, now) : undefined;
  if (!row) throw notFound(MESSAGES.courseNotFound);
  return detailOf(db, row);
}

export async function removeCourse(db: DbOrTx, id: string): Promise<void> {
  if (!isId(id) || !(await deleteCourse(db, id))) throw notFound(MESSAGES.courseNotFound);
}

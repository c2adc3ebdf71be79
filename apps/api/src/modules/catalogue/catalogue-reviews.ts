/**
 * The catalogue's reading of reviews (the course page): reviews are written by the courses
 * module (reviews.repository.ts); what a page shows of them is read here, with the orders.
 */
import { desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Review } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { reviews } from '../courses/courses.schema.js';
import type { ReviewRow } from '../courses/reviews.repository.js';
import { orderItems, orders } from '../enrolment/tables/orders.schema.js';
import { users } from '../identity/identity.schema.js';

/** A review as shown: `name` is a child's first name only, `verified` read from the orders. */
export type ShownReview = ReviewRow & { verified: boolean };

/**
 * Reviews of a course, newest first (what a shopper wants to read first), in one statement:
 * each with `verified` (its author has a paid or learned order of the course: an index probe
 * of the author's orders and their lines per review, never a query per review), and a child
 * account's name cut to its first name (whatever was stored when the review was written).
 */
export function listReviews(db: DbOrTx, courseId: string | Placeholder) {
  // The builder itself (awaitable): the course page prepares it once with a placeholder (issue 55).
  return db
    .select({
      id: reviews.id,
      courseId: reviews.courseId,
      userId: reviews.userId,
      name: sql<string>`case when ${users.isKid} then split_part(btrim(${reviews.name}), ' ', 1) else ${reviews.name} end`,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      verified: sql<boolean>`exists (
        select 1 from ${orders} o join ${orderItems} i on i.order_id = o.id
         where o.user_id = ${reviews.userId} and i.course_id = ${reviews.courseId} and o.status in ('paid', 'learned'))`,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.courseId, courseId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

export function toReviewJson(row: ShownReview): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    user: row.userId,
    createdAt: row.createdAt.toISOString(),
    verified: row.verified,
  };
}

/** Reviews of a course for its detail page, newest first. */
export async function reviewsOfCourse(db: DbOrTx, courseId: string): Promise<Review[]> {
  return (await listReviews(db, courseId)).map(toReviewJson);
}

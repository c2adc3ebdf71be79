import { and, desc, eq, not, sql, type Placeholder } from 'drizzle-orm';
import { isUniqueViolation, type DbOrTx } from '../../db/client.js';
import { courses, reviews } from './courses.schema.js';
import { orderItems, orders } from '../enrolment/orders/orders.schema.js';
import { users } from '../identity/identity.schema.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = Pick<
  typeof reviews.$inferInsert,
  'courseId' | 'userId' | 'name' | 'rating' | 'comment'
>;

/** A review as shown: `name` is a child's first name only, `verified` read from the orders. */
export type ShownReview = ReviewRow & { verified: boolean };

/** The first word of a name ("Yasmine Ben Ali" → "Yasmine"): how a child account is shown. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

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

export type AddReviewOutcome = 'added' | 'course-missing' | 'already-reviewed';

/**
 * Adds a review and recomputes the course's `rating` (mean, two decimals) and `numReviews`
 * in one transaction. The course row is locked first, so two reviews arriving together are
 * counted one after the other: each aggregate sees every committed review.
 * A second review by the same user is refused by the unique index (also under a race).
 */
export async function addReview(db: DbOrTx, review: NewReview): Promise<AddReviewOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [course] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.id, review.courseId), not(courses.isDraft)))
        .for('update');
      if (!course) return 'course-missing' as const;
      await tx.insert(reviews).values(review);
      await tx
        .update(courses)
        .set({
          rating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.courseId} = ${review.courseId})`,
          numReviews: sql`(select count(*) from ${reviews} where ${reviews.courseId} = ${review.courseId})`,
        })
        .where(eq(courses.id, review.courseId));
      return 'added' as const;
    });
  } catch (err) {
    // Recovering on purpose: the unique index is the one guard against double reviews.
    if (isUniqueViolation(err)) return 'already-reviewed';
    throw err;
  }
}

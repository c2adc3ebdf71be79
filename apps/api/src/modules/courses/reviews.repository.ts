import { and, eq, not, sql } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../../db/client.js';
import type { DomainEvents } from '../../events/event-bus.js';
import { courses, reviews } from './courses.schema.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = Pick<
  typeof reviews.$inferInsert,
  'courseId' | 'userId' | 'name' | 'rating' | 'comment'
>;

/** The first word of a name ("Yasmine Ben Ali" → "Yasmine"): how a child account is shown. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

export type AddReviewOutcome = 'added' | 'course-missing' | 'already-reviewed';

/**
 * Adds a review and recomputes the course's `rating` (mean, two decimals) and `numReviews`
 * in one transaction. The course row is locked first, so two reviews arriving together are
 * counted one after the other: each aggregate sees every committed review.
 * A second review by the same user is refused by the unique index (also under a race).
 */
export async function addReview(db: Db, events: DomainEvents, review: NewReview): Promise<AddReviewOutcome> {
  try {
    // A refused second review rolls back (caught below): its events are dropped with it.
    return await events.transaction(db, async (tx, recorded) => {
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
      // The course's rating and review count changed.
      recorded.record({ type: 'courseChanged' });
      return 'added' as const;
    });
  } catch (err) {
    // Recovering on purpose: the unique index is the one guard against double reviews.
    if (isUniqueViolation(err)) return 'already-reviewed';
    throw err;
  }
}

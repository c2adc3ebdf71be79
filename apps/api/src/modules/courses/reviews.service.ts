import { MESSAGES, type Review, type ReviewBody } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceContext } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuthUser } from '../../middleware/auth.js';
import { addReview, firstNameOf, listReviews, type ShownReview } from './reviews.repository.js';

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

/**
 * A signed-in user reviews a course once; the course's rating and count follow. Anyone signed
 * in may review (the review shows `verified: false` without a paid or learned order of the
 * course, decision 0244); a child account's review keeps only its first name.
 */
export async function reviewCourse(
  ctx: ServiceContext,
  courseId: string,
  author: AuthUser,
  body: ReviewBody,
): Promise<void> {
  const outcome = await addReview(ctx.database.db, {
    courseId,
    userId: author.id,
    name: author.isKid ? firstNameOf(author.name) : author.name,
    rating: body.rating,
    comment: body.comment,
  });
  if (outcome === 'course-missing') throw notFound(MESSAGES.courseNotFound);
  if (outcome === 'already-reviewed') throw badRequest(MESSAGES.alreadyReviewed);
  // The course's rating and review count changed.
  ctx.courses.courseChanged();
}

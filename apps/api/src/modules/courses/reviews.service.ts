import { MESSAGES, type ReviewBody } from '@shop/shared';
import type { ServiceContext } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuthUser } from '../../middleware/auth.js';
import { addReview, firstNameOf } from './reviews.repository.js';

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
  const outcome = await addReview(ctx.database.db, ctx.events, {
    courseId,
    userId: author.id,
    name: author.isKid ? firstNameOf(author.name) : author.name,
    rating: body.rating,
    comment: body.comment,
  });
  if (outcome === 'course-missing') throw notFound(MESSAGES.courseNotFound);
  if (outcome === 'already-reviewed') throw badRequest(MESSAGES.alreadyReviewed);
}

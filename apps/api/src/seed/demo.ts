import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { reviews, users } from '../db/schema.js';
import { insertCourses } from '../modules/courses/courses.repository.js';
import { DEMO_COURSES, DEMO_REVIEWERS, demoImagesOf } from './catalogue.js';
import { DEMO_TRANSLATIONS } from './catalogue.translations.js';

/** The French and Arabic texts of a demo course (empty when it has none). */
function translationsOf(slug: string) {
  const [nameFr = '', nameAr = '', descriptionFr = '', descriptionAr = ''] =
    DEMO_TRANSLATIONS[slug] ?? [];
  return { nameFr, nameAr, descriptionFr, descriptionAr };
}

const HOUR_MS = 3_600_000;

/** Mean of the ratings to two decimals, as the review transaction stores it. */
function meanOf(ratings: number[]): number {
  if (ratings.length === 0) return 0;
  return Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
}

/** Spreads creation dates over the last weeks, in a fixed but mixed order, so "newest first" looks real. */
function ageInHours(index: number): number {
  return ((index * 37) % DEMO_COURSES.length) * 9 + 1;
}

/**
 * Loads the demo catalogue: its courses, the demo reviewers and their reviews, with each
 * course's rating and review count matching its reviews. Callers make sure the catalogue
 * is empty and hold the bootstrap lock (see bootstrap.ts).
 */
export async function loadDemoCatalogue(
  db: DbOrTx,
  now: Date,
  reviewerPasswordHash: string,
): Promise<number> {
  await db
    .insert(users)
    .values(
      DEMO_REVIEWERS.map((r) => ({ ...r, passwordHash: reviewerPasswordHash, isVerified: true })),
    )
    .onConflictDoNothing();
  const reviewerRows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_REVIEWERS.map((r) => r.email),
      ),
    );
  const reviewerByEmail = new Map(reviewerRows.map((r) => [r.email, r]));

  const rows = await insertCourses(
    db,
    DEMO_COURSES.map((course, index) => {
      const createdAt = new Date(now.getTime() - ageInHours(index) * HOUR_MS);
      return {
        name: course.name,
        price: course.price,
        description: course.description,
        ...translationsOf(course.slug),
        images: demoImagesOf(course),
        category: course.category,
        sizes: course.sizes,
        availability: course.availability,
        rating: meanOf((course.reviews ?? []).map(([, rating]) => rating)),
        numReviews: course.reviews?.length ?? 0,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );

  const reviewRows = DEMO_COURSES.flatMap((course, index) => {
    const row = rows[index];
    if (!row) throw new Error(`demo course ${course.slug} was not inserted`);
    return (course.reviews ?? []).map(([reviewer, rating, comment], n) => {
      const author = reviewerByEmail.get(DEMO_REVIEWERS[reviewer]?.email ?? '');
      if (!author) throw new Error(`demo reviewer ${reviewer} is missing`);
      return {
        courseId: row.id,
        userId: author.id,
        name: author.name,
        rating,
        comment,
        createdAt: new Date(row.createdAt.getTime() + (n + 1) * 5 * HOUR_MS),
      };
    });
  });
  if (reviewRows.length > 0) await db.insert(reviews).values(reviewRows);
  return rows.length;
}

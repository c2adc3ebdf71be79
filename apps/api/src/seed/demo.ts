import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { reviews } from '../modules/courses/courses.schema.js';
import { sessions } from '../modules/enrolment/tables/sessions.schema.js';
import { users } from '../modules/identity/identity.schema.js';
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
  const sessionRows = rows.flatMap((row, index) => demoSessionsOf(row.id, index, DEMO_COURSES[index]?.availability ?? 0, now));
  if (sessionRows.length > 0) await db.insert(sessions).values(sessionRows);
  return rows.length;
}

const DAY_MS = 24 * HOUR_MS;
const DEMO_SCHEDULES = ['Tue and Thu 18:00-20:00', 'Sat 09:00-12:00', 'Mon and Wed 17:30-19:30', 'Sun 10:00-13:00'];
const DEMO_PLACES = ['Tunis, Lac 2', 'Online', 'Sousse, centre ville', 'Tunis, Centre Urbain Nord'];

/** Midnight UTC of the day `days` after `now`, plus `hourUtc` hours (Tunis is UTC+1 all year). */
function dayAt(now: Date, days: number, hourUtc: number): Date {
  const day = new Date(now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hourUtc));
}

/**
 * The demo sessions of the course at `index` (issue 33), dated from the day the database is
 * created: four courses in five get two or three sessions, a few weeks apart, each running six
 * weeks; sold-out courses and every fifth course keep selling `availability` ("dates on
 * request"). Every fourth course's first session is nearly full (2 seats left), and the second
 * course's first session is full.
 */
export function demoSessionsOf(courseId: string, index: number, availability: number, now: Date) {
  if (availability === 0 || index % 5 === 4) return [];
  const count = 2 + (index % 2);
  return Array.from({ length: count }, (_, k) => {
    const startsAt = dayAt(now, 6 + (index % 9) + k * 35, 17);
    const endsAt = new Date(dayAt(now, 6 + (index % 9) + k * 35 + 42, 17).getTime() + 2 * HOUR_MS);
    const capacity = Math.max(availability, 8) + k * 2;
    const seatsLeft =
      k === 0 && index === 1 ? 0 : k === 0 && index % 4 === 0 ? Math.min(2, capacity) : capacity - ((index + k) % 4);
    return {
      courseId,
      startsAt,
      endsAt,
      schedule: DEMO_SCHEDULES[(index + k) % DEMO_SCHEDULES.length] ?? 'Tue and Thu 18:00-20:00',
      place: DEMO_PLACES[(index + 2 * k) % DEMO_PLACES.length] ?? 'Online',
      capacity,
      seatsLeft,
    };
  });
}

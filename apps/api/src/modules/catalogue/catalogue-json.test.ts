import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, type Course, type CourseDetail } from '@shop/shared';
import { courses } from '../courses/courses.schema.js';
import { sessions } from '../enrolment/tables/sessions.schema.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { insertCourses, type NewCourse } from '../courses/courses.repository.js';

/**
 * A catalogue page's courses are written as JSON by PostgreSQL (decision 0379), a course's
 * detail by the API (`toCourseJson`). A card must say what the course's page says: the same
 * fields, key for key and byte for byte, whatever the texts, prices, ratings and instants hold.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
/** Any text PostgreSQL keeps (no NUL): quotes, backslashes, control characters, emoji, Arabic, U+2028. */
const text = fc.string({ unit: 'binary', maxLength: 30 }).map((value) => value.replaceAll('\u0000', ''));
const money = (max: number) => fc.integer({ min: 0, max }).map((cents) => cents / 100);
/** An instant with microseconds (PostgreSQL keeps them; JSON shows milliseconds). */
const instant = fc.integer({ min: Date.UTC(2000, 0, 1) * 1000, max: Date.UTC(2040, 0, 1) * 1000 });

const courseArb = fc.record({
  name: text.filter((value) => value.trim().length > 0),
  description: text,
  nameFr: text,
  nameAr: text,
  descriptionFr: text,
  descriptionAr: text,
  price: money(99_999_999_999),
  rating: money(500),
  numReviews: fc.integer({ min: 0, max: 100_000 }),
  availability: fc.integer({ min: 0, max: 10_000 }),
  images: fc.array(text, { maxLength: 3 }),
  category: fc.subarray([...CATEGORIES], { maxLength: 3 }),
  sizes: fc.array(text, { maxLength: 3 }),
  createdMicros: instant,
  updatedMicros: instant,
  /** Sessions: hours from now to start, length, seats, cancelled. */
  sessions: fc.array(
    fc.record({
      startsIn: fc.integer({ min: -72, max: 2_000 }),
      hours: fc.integer({ min: 1, max: 100 }),
      capacity: fc.integer({ min: 1, max: 40 }),
      taken: fc.integer({ min: 0, max: 40 }),
      cancelled: fc.boolean(),
      startMicros: fc.integer({ min: 0, max: 999_999 }),
    }),
    { maxLength: 3 },
  ),
});

const micros = (value: number) => sql.raw(`to_timestamp(${Math.floor(value / 1_000_000)}) + interval '${value % 1_000_000} microseconds'`);

describe('catalogue pages written by PostgreSQL', () => {
  it('show every course exactly as its detail does: same fields, same order, same bytes', async () => {
    const db = ctx.database.db;
    const now = ctx.clock.now().getTime();
    const generated = fc.sample(courseArb, { numRuns: 40, seed: 38 });
    // Fixed corner cases beside the generated ones.
    generated.push(
      { ...generated[0]!, name: 'Quotes " \\ </script> \u2028 \n\t\u0001 é ع 🎓', price: 49.9, rating: 4.67, sessions: [] },
      { ...generated[1]!, name: 'Whole prices', price: 50, rating: 0, createdMicros: Date.UTC(2026, 0, 2, 3, 4, 5) * 1000 + 678_999, sessions: [] },
    );
    const rows: NewCourse[] = generated.map((course) => ({
      name: course.name,
      description: course.description,
      nameFr: course.nameFr,
      nameAr: course.nameAr,
      descriptionFr: course.descriptionFr,
      descriptionAr: course.descriptionAr,
      price: course.price,
      rating: course.rating,
      numReviews: course.numReviews,
      availability: course.availability,
      images: course.images,
      category: course.category,
      sizes: course.sizes,
    }));
    const inserted = await insertCourses(db, rows);
    for (const [i, row] of inserted.entries()) {
      const course = generated[i]!;
      await db.execute(
        sql`update ${courses} set created_at = ${micros(course.createdMicros)}, updated_at = ${micros(course.updatedMicros)} where id = ${row.id}`,
      );
      for (const session of course.sessions) {
        const start = now + session.startsIn * HOUR;
        await db.insert(sessions).values({
          courseId: row.id,
          // Microseconds in a session's start too.
          startsAt: micros(start * 1000 + session.startMicros),
          endsAt: new Date(start + session.hours * HOUR),
          schedule: 'Sat 09:00-12:00',
          place: 'Sfax',
          capacity: session.capacity,
          seatsLeft: Math.max(0, session.capacity - session.taken),
          status: session.cancelled ? 'cancelled' : 'open',
        });
      }
    }

    const listed: string[] = [];
    for (let page = 1; listed.length < inserted.length; page++) {
      const res = await request(ctx.app).get(`/api/courses?limit=24&page=${page}&sort=price_asc`).expect(200);
      expect(res.headers['x-total-count']).toBe(String(inserted.length));
      const cards = JSON.parse(res.text) as Course[];
      expect(cards.length).toBeGreaterThan(0);
      // Compact JSON, as JSON.stringify writes it.
      expect(res.text).toBe(JSON.stringify(cards));
      listed.push(...cards.map((card) => JSON.stringify(card)));
    }
    expect(listed).toHaveLength(inserted.length);

    let withNextSession = 0;
    for (const card of listed) {
      const { _id } = JSON.parse(card) as Course;
      const detail = (await request(ctx.app).get(`/api/courses/${_id}`).expect(200)).body as CourseDetail;
      const { reviews: _reviews, sessions: open, ...course } = detail;
      const next = open[0];
      if (next) withNextSession++;
      const expected: Course = {
        ...course,
        nextSession: next ? { _id: next._id, startsAt: next.startsAt, seatsLeft: next.seatsLeft } : null,
      };
      expect(card).toBe(JSON.stringify(expected));
    }
    // The sample covers courses with and without a next session.
    expect(withNextSession).toBeGreaterThan(0);
    expect(withNextSession).toBeLessThan(listed.length);

    // A keyword page and a category page (statements of their own) write the same cards.
    const byId = new Map(listed.map((card) => [(JSON.parse(card) as Course)._id, card]));
    for (const search of ['keyword=whole%20prices', 'keyword=QUOTES', 'Cg=Francais&limit=48', 'filter=Programming&sort=rating']) {
      const res = await request(ctx.app).get(`/api/courses?${search}`).expect(200);
      const cards = JSON.parse(res.text) as Course[];
      expect(cards.length, search).toBeGreaterThan(0);
      for (const card of cards) expect(JSON.stringify(card), search).toBe(byId.get(card._id));
    }
  });
});

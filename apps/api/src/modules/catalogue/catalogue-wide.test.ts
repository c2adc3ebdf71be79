import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, courseQuerySchema, MESSAGES, type CourseQuery, type CourseSort } from '@shop/shared';
import { courses, reviews } from '../courses/courses.schema.js';
import { sessions } from '../enrolment/tables/sessions.schema.js';
import { loadSyntheticCourses } from '../../seed/synthetic.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createUser, type UserFixture } from '../../test/factories.js';
import { reviewsOfCourse } from './catalogue-reviews.js';
import { courseHadSessions, upcomingSessionsOfCourse } from '../enrolment/seats/sessions.repository.js';
import { toSessionJson } from '../enrolment/sessions/sessions.service.js';
import { normalCourseQuery } from './catalogue-key.js';
import { readCatalogueVersion } from './catalogue-version.js';
import { countWithin, singleCategoryOf } from './catalogue-counts.js';
import { findCourse } from '../courses/courses.repository.js';
import { listCourses } from './catalogue.repository.js';
import { toCourseJson } from '../courses/courses.service.js';

/**
 * Issue 55: the wide category page counts its price window from the category's prices kept per
 * catalogue version, and a cold course page reads its rows in one wave of prepared statements.
 * Every answer must be what the statements before the change gave (the page with its count in
 * SQL, the detail from its four reads), on the synthetic catalogue, X-Total-Count exact.
 */
const COURSES = 1500;
let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;
const bearer = (fixture: UserFixture) => ({ Authorization: `Bearer ${fixture.token}` });

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  await loadSyntheticCourses(db, COURSES, { now: ctx.clock.now() });
  admin = await createAdmin(db, ctx.config);
  buyer = await createUser(db, ctx.config, { email: 'wide-reviewer@example.com' });
  // Reviews on a few courses, a cancelled and an ended session, a draft in a category: the detail's
  // and the count's edge cases.
  const some = await db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(6);
  for (const [i, { id }] of some.entries())
    await db.insert(reviews).values({ courseId: id, userId: buyer.user.id, name: `Reviewer ${i}`, rating: 1 + (i % 5), comment: `Review ${i}` });
  const [first, second] = some;
  if (first) await db.update(sessions).set({ status: 'cancelled' }).where(sql`${sessions.courseId} = ${first.id}`);
  if (second)
    await db
      .update(sessions)
      .set({ endsAt: new Date(ctx.clock.now().getTime() - 3_600_000), startsAt: new Date(ctx.clock.now().getTime() - 7_200_000) })
      .where(sql`${sessions.courseId} = ${second.id}`);
  await db.insert(courses).values({
    name: 'A draft',
    price: 100,
    category: ['Programming'],
    isDraft: true,
    description: '',
    images: [],
    sizes: [],
    availability: 5,
    searchText: 'a draft',
  });
}, 180_000);
afterAll(() => ctx.close());

/** The answer as the page statement before issue 55 gives it: its count in SQL, from the normal form. */
async function pageBefore(query: CourseQuery) {
  const version = await readCatalogueVersion(ctx.database.db, ctx.clock.now());
  const normal = normalCourseQuery(query, version);
  const { courses: cards, total } = await listCourses(ctx.database.db, normal, version.courses, ctx.clock.now());
  return { body: JSON.parse(`[${cards.join(',')}]`) as unknown, total: String(total) };
}

/** The detail as the four reads before issue 55 composed it. */
async function detailBefore(id: string) {
  const db = ctx.database.db;
  const row = await findCourse(db, id);
  if (!row || row.isDraft) return undefined;
  const [shown, upcoming, had] = await Promise.all([
    reviewsOfCourse(db, id),
    upcomingSessionsOfCourse(db, id, ctx.clock.now()),
    courseHadSessions(db, id),
  ]);
  const open = upcoming.map(toSessionJson);
  const seats = had ? { availability: open.reduce((sum, s) => sum + s.seatsLeft, 0) } : {};
  return { ...toCourseJson(row), ...seats, reviews: shown, sessions: open };
}

const query = (q: Record<string, string | number>) =>
  Object.entries(q)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** Issue 55's shape and its neighbours: one category by Cg or filter, windows with cents, every sort, pages. */
function wideQueries(): Record<string, string | number>[] {
  const queries: Record<string, string | number>[] = [];
  const sorts: CourseSort[] = ['price_asc', 'price_desc', 'date', 'rating'];
  for (const [i, category] of CATEGORIES.entries()) {
    const from = (31 + ((i * 713) % 6000) / 100).toFixed(2);
    const to = (840 + ((i * 389) % 5900) / 100).toFixed(2);
    const sort = sorts[i % sorts.length] as CourseSort;
    queries.push({ Cg: category, sort: 'price_asc', from, to, limit: 24 });
    queries.push({ filter: category, sort, from, limit: 24, page: 2 });
    queries.push({ Cg: category, filter: category, sort, to, limit: 48 });
    queries.push({ Cg: category, sort, from: 300, to: 300.5 });
    // Bounds equal to prices of the catalogue (synthetic prices are whole dinars): both included.
    queries.push({ Cg: category, sort: 'price_asc', from: 100 + i, to: 450 + i, limit: 24 });
    queries.push({ Cg: category, sort: 'price_asc', from, to, limit: 24, page: 400 });
    queries.push({ Cg: category, sort });
  }
  queries.push({ Cg: 'Programming', from: 100 });
  queries.push({ Cg: 'Programming', filter: 'Art', from: 100 });
  queries.push({ from: 45.5, to: 870.25, sort: 'price_asc' });
  return queries;
}

describe('a category page with a wide price window (issue 55)', () => {
  it('answers every query with the bytes and the exact X-Total-Count of the statement that counted in SQL', async () => {
    for (const q of wideQueries()) {
      const res = await request(ctx.app).get(`/api/courses?${query(q)}`);
      expect(res.status, query(q)).toBe(200);
      // The query as the route reads it (its schema), then the statement counting in SQL.
      const before = await pageBefore(courseQuerySchema.parse(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]))));
      expect(res.headers['x-total-count'], query(q)).toBe(before.total);
      expect(res.body, query(q)).toEqual(before.body);
    }
  });

  it('counts the window again after a price changes, a draft is published and a course is deleted', async () => {
    const window = { Cg: 'Programming', sort: 'price_asc', from: '200.01', to: '250.99', limit: 24 };
    const totalOf = async () => Number((await request(ctx.app).get(`/api/courses?${query(window)}`)).headers['x-total-count']);
    const start = await totalOf();
    const [inside] = await ctx.database.db
      .select({ id: courses.id })
      .from(courses)
      .where(sql`${courses.category} @> ARRAY['Programming']::text[] and ${courses.price} between 200.01 and 250.99 and not ${courses.isDraft}`)
      .limit(1);
    expect(inside).toBeDefined();
    const moved = await request(ctx.app).put(`/api/courses/${inside?.id}`).set(bearer(admin)).send({ price: 999 });
    expect(moved.status).toBe(200);
    expect(await totalOf()).toBe(start - 1);
    const back = await request(ctx.app).put(`/api/courses/${inside?.id}`).set(bearer(admin)).send({ price: 225.5 });
    expect(back.status).toBe(200);
    expect(await totalOf()).toBe(start);
    // The draft (100 TND) is outside this window; one published at 201 TND joins it.
    const draft = await request(ctx.app).post('/api/courses').set(bearer(admin));
    expect(await totalOf()).toBe(start);
    await request(ctx.app).put(`/api/courses/${draft.body._id}`).set(bearer(admin)).send({ price: 201, category: ['Programming'] });
    expect(await totalOf()).toBe(start + 1);
    await request(ctx.app).delete(`/api/courses/${draft.body._id}`).set(bearer(admin));
    expect(await totalOf()).toBe(start);
  });

  it('counts a sorted list within bounds as the SQL filter does (0 is no bound, both bounds included)', () => {
    const prices = [30, 30, 45.5, 45.51, 100, 870.25, 870.26, 900];
    expect(countWithin(prices)).toBe(8);
    expect(countWithin(prices, 45.5, 870.25)).toBe(4);
    expect(countWithin(prices, 0, 45.5)).toBe(3);
    expect(countWithin(prices, 45.51)).toBe(5);
    expect(countWithin(prices, 901)).toBe(0);
    expect(countWithin([], 1, 2)).toBe(0);
  });

  it('counts from the kept prices only one category without keyword', () => {
    expect(singleCategoryOf({ Cg: ['Art'] })).toBe('Art');
    expect(singleCategoryOf({ Cg: ['Art'], filter: ['Art'] })).toBe('Art');
    expect(singleCategoryOf({ Cg: ['Art'], filter: ['English'] })).toBeUndefined();
    expect(singleCategoryOf({ Cg: ['Art', 'English'] })).toBeUndefined();
    expect(singleCategoryOf({ Cg: ['Art'], keyword: 'paint' })).toBeUndefined();
    expect(singleCategoryOf({ from: 10 })).toBeUndefined();
  });
});

describe('a course page read cold (issue 55)', () => {
  it('answers every course, with reviews, sessions and seats, as the four reads before did', async () => {
    const ids = (await ctx.database.db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(200)).map((r) => r.id);
    for (const id of ids) {
      const res = await request(ctx.app).get(`/api/courses/${id}`);
      const before = await detailBefore(id);
      expect(res.status, id).toBe(before ? 200 : 404);
      expect(res.body, id).toEqual(before ?? expect.objectContaining({ message: MESSAGES.courseNotFound }));
    }
  });

  it('answers 404 for a draft or an unknown course', async () => {
    const [draft] = await ctx.database.db.select({ id: courses.id }).from(courses).where(sql`${courses.isDraft}`).limit(1);
    expect((await request(ctx.app).get(`/api/courses/${draft?.id}`)).status).toBe(404);
    expect((await request(ctx.app).get('/api/courses/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

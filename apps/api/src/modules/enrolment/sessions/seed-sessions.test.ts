import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, CourseDetail } from '@shop/shared';
import { sessions } from '../tables/sessions.schema.js';
import { loadDemoCatalogue } from '../../../seed/demo.js';
import { DEMO_COURSES } from '../../../seed/catalogue.js';
import { loadSyntheticCourses } from '../../../seed/synthetic.js';
import { createTestContext, type TestContext } from '../../../test/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('sessions of the demo and synthetic catalogues', () => {
  it('gives most demo courses two or three upcoming sessions, some nearly full and one full', async () => {
    const now = new Date();
    await loadDemoCatalogue(ctx.database.db, now, 'x'.repeat(60));
    const rows = await ctx.database.db.select().from(sessions);
    const perCourse = new Map<string, number>();
    for (const row of rows) perCourse.set(row.courseId, (perCourse.get(row.courseId) ?? 0) + 1);
    expect(perCourse.size).toBeGreaterThan(DEMO_COURSES.length / 2);
    expect([...perCourse.values()].every((n) => n === 2 || n === 3)).toBe(true);
    expect(rows.every((s) => s.startsAt > now && s.endsAt > s.startsAt && s.status === 'open')).toBe(true);
    expect(rows.filter((s) => s.seatsLeft === 0)).toHaveLength(1);
    expect(rows.filter((s) => s.seatsLeft > 0 && s.seatsLeft <= 2).length).toBeGreaterThanOrEqual(2);

    // The storefront shows them: cards with a next start, pages with the sessions.
    const list = (await request(ctx.app).get('/api/courses?limit=100')).body as Course[];
    const dated = list.filter((c) => c.nextSession);
    expect(dated.length).toBe(perCourse.size);
    const [someId] = perCourse.keys();
    const page = (await request(ctx.app).get(`/api/courses/${someId}`)).body as CourseDetail;
    expect(page.sessions.length).toBe(perCourse.get(someId ?? ''));
  });

  it('loads 3 sessions per synthetic course by default', async () => {
    await ctx.database.db.execute(sql`truncate sessions cascade`);
    await loadSyntheticCourses(ctx.database.db, 25, { batchSize: 10, now: new Date(Date.now() + 365 * 86_400_000) });
    const result = (await ctx.database.db.execute(
      sql`select count(*)::int as n, count(distinct course_id)::int as courses from sessions`,
    )) as unknown as { rows: { n: number; courses: number }[] };
    const counted = result.rows[0];
    expect(counted).toEqual({ n: 75, courses: 25 });
  });
});

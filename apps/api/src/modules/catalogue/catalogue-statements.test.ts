import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATEGORIES, COURSE_SORTS, type Course, type CourseQuery } from '@shop/shared';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.schema.js';
import { loadSyntheticCourses } from '../../seed/synthetic.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { CATALOGUE_NAMED_STATEMENTS_MAX } from './catalogue.repository.js';
import type * as Repository from './catalogue.repository.js';

/**
 * Catalogue statements prepared under a name on the PostgreSQL server (decision 0378): parsed
 * once per connection, planned once when PostgreSQL finds that no dearer, a bounded number of
 * them. PGlite (the embedded database) has no named statements to look at.
 */
const COURSES = 1500;
let ctx: TestContext;
/**
 * The repository as a process that has named no statement yet: names are counted per process,
 * and the files before this one in the worker (isolate: false) may have taken some.
 */
let repository: typeof Repository;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The catalogue statements prepared on this transaction's connection. */
async function prepared(tx: Tx) {
  return rowsOf<{ name: string; statement: string; generic_plans: number; custom_plans: number }>(
    await tx.execute(
      sql`select name, statement, generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'catalogue\_%'`,
    ),
  );
}

/** The courses a catalogue page of one category and price range must count, by a plain query. */
async function listedCount(tx: Tx, category: string, from = 0, to = 1e9): Promise<number | undefined> {
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .where(sql`not ${courses.isDraft} and ${courses.category} @> array[${category}]::text[] and ${courses.price} between ${from} and ${to}`);
  return counted?.n;
}

describe.runIf(process.env['TEST_DATABASE_URL'])('catalogue statements on PostgreSQL', () => {
  beforeAll(async () => {
    vi.resetModules();
    repository = await import('./catalogue.repository.js');
    ctx = await createTestContext();
    await loadSyntheticCourses(ctx.database.db, COURSES);
    await ctx.database.db.execute(sql`vacuum analyze courses`);
  }, 120_000);
  afterAll(() => ctx.close());

  it('prepares a category page once, names the category in it, and plans it with that category’s price index for every range', async () => {
    const at = new Date();
    await ctx.database.db.transaction(async (tx) => {
      const ranges = [
        [100, 200],
        [150, 400],
        [30, 90],
        [300, 600],
        [200, 260],
        [50, 500],
        [120, 130],
        [400, 450],
      ] as const;
      for (const [from, to] of ranges) {
        const query: CourseQuery = { Cg: ['Programming'], sort: 'price_asc', from, to, limit: 12 };
        const { courses, total } = await repository.listCourses(tx, query, undefined, at);
        const rows = courses.map((text) => JSON.parse(text) as Course);
        // Each run answers for its own range.
        expect(total).toBe(await listedCount(tx, 'Programming', from, to));
        expect(rows.length).toBe(Math.min(12, total));
        for (const row of rows) {
          expect(row.category).toContain('Programming');
          expect(row.price).toBeGreaterThanOrEqual(from);
          expect(row.price).toBeLessThanOrEqual(to);
        }
        expect(rows.map((row) => row.price)).toEqual([...rows.map((row) => row.price)].sort((a, b) => a - b));
      }
      const statements = await prepared(tx);
      // One statement, prepared once and run for every range; the category is in its text.
      expect(statements).toHaveLength(1);
      const [statement] = statements;
      expect(statement?.statement).toContain(`ARRAY['Programming']::text[]`);
      expect((statement?.generic_plans ?? 0) + (statement?.custom_plans ?? 0)).toBe(ranges.length);

      // The one plan PostgreSQL may keep for every range still walks the category's own price index.
      const { page } = repository.catalogueQueries(tx, { Cg: ['Programming'], sort: 'price_asc', from: 1, to: 2, limit: 12 }, at, (name) =>
        sql.placeholder(name),
      );
      const values: Record<string, unknown> = { from: 100, to: 300, limit: 12, offset: 0, at: at.toISOString() };
      // EXECUTE takes its values written out, in the statement's order of placeholders.
      const args = page.toSQL().params.map((param) => sql.raw(`'${String(values[(param as { name: string }).name])}'`));
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const plan = rowsOf<Record<string, string>>(
        await tx.execute(sql`explain (costs off) execute ${sql.identifier(statement?.name ?? '')}(${sql.join(args, sql`, `)})`),
      )
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(plan).toMatch(/Index (Only )?Scan using courses_programming_price_idx/);
      expect(plan).not.toMatch(/courses_category_gin/);
    });
  });

  it(`names at most ${CATALOGUE_NAMED_STATEMENTS_MAX} shapes; the others still answer, unnamed`, async () => {
    await ctx.database.db.transaction(async (tx) => {
      let shapes = 0;
      for (const category of CATEGORIES) {
        for (const sort of COURSE_SORTS) {
          for (const bounds of [{}, { from: 100 }, { to: 300 }, { from: 100, to: 300 }]) {
            const query: CourseQuery = { Cg: [category], sort, ...bounds, limit: 6 };
            const { courses, total } = await repository.listCourses(tx, query, COURSES);
            const rows = courses.map((text) => JSON.parse(text) as Course);
            expect(total, `${category} ${sort} ${JSON.stringify(bounds)}`).toBe(await listedCount(tx, category, bounds.from, bounds.to));
            expect(rows.every((row) => row.category.includes(category))).toBe(true);
            shapes++;
          }
        }
      }
      expect(shapes).toBeGreaterThan(CATALOGUE_NAMED_STATEMENTS_MAX);
      const statements = await prepared(tx);
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.length).toBeLessThanOrEqual(CATALOGUE_NAMED_STATEMENTS_MAX);
    });
  });
});

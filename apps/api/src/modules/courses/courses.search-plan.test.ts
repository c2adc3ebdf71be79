import { inArray, sql, type SQL } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  COURSE_SORTS,
  type Category,
  type CourseQuery,
  type CourseSort,
} from '@shop/shared';
import type { Db } from '../../db/client.js';
import { categorySlug, courses } from './courses.schema.js';
import { loadSyntheticCourses, SYNTHETIC_TOPICS } from '../../seed/synthetic.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { catalogueQueries, categoryPricesQuery, courseDetailQueries } from '../catalogue/catalogue.repository.js';

/**
 * The catalogue's statements must stay fast on a large catalogue: a keyword is answered from
 * the trigram index on search_text, reading the matches once for the page and the count; one
 * category is counted from that category's partial price index without reading a course.
 */
const COURSES = 4000;
let ctx: TestContext;

async function explain(db: Db, query: SQL): Promise<string> {
  const result = (await db.execute(sql`explain ${query}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

/**
 * EXPLAIN with sequential scans ruled out (and, with `bitmap: false`, bitmap scans too). On a
 * few thousand rows a scan is honestly the cheapest plan; this shows the index CAN answer the
 * query, which is what keeps it fast on a big catalogue (`pnpm bench` EXPLAINs the
 * measured catalogue queries on 100 000 courses, where the planner picks such plans by itself).
 */
async function explainWithoutSeqScan(
  db: Db,
  query: (tx: Db) => SQL,
  { bitmap = true }: { bitmap?: boolean } = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (!bitmap) await tx.execute(sql`set local enable_bitmapscan = off`);
    return explain(tx as unknown as Db, query(tx as unknown as Db));
  });
}

const occurrences = (text: string, pattern: RegExp) =>
  text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

beforeAll(async () => {
  ctx = await createTestContext();
  await loadSyntheticCourses(ctx.database.db, COURSES);
  // What autovacuum does soon after a load: index-only scans need the all-visible heap.
  await ctx.database.db.execute(sql`vacuum analyze courses`);
}, 120_000);
afterAll(() => ctx.close());

describe('keyword search plan', () => {
  it('reads the trigram index and the matches once for the page and the count', async () => {
    const db = ctx.database.db;
    for (const sort of [undefined, ...COURSE_SORTS]) {
      const query = { keyword: 'Photoshop', sort, page: 2, limit: 12 };
      const pagePlan = await explainWithoutSeqScan(db, (tx) =>
        catalogueQueries(tx, query).page.getSQL(),
      );
      expect(occurrences(pagePlan, /Bitmap Index Scan on courses_search_trgm/), pagePlan).toBe(1);
      // The count and the page's ids both come from the matches read once.
      expect(occurrences(pagePlan, /CTE Scan on matches/), pagePlan).toBe(2);
      // Never a walk along a sort index, filtering every course it passes.
      expect(pagePlan).not.toMatch(/courses_(created_at|rating|price)_idx/);
      expect(pagePlan).not.toMatch(/Seq Scan/);
    }
    // The separate count (for a page past the last match) uses the trigram index too.
    const countPlan = await explainWithoutSeqScan(db, (tx) =>
      catalogueQueries(tx, { keyword: 'Photoshop' }).total.getSQL(),
    );
    expect(countPlan).toMatch(/Bitmap Index Scan on courses_search_trgm/);
    expect(countPlan).not.toMatch(/Seq Scan/);
  });

  it('can use an index for a keyword combined with a category and a price range', async () => {
    const query: CourseQuery = { keyword: 'pottery', Cg: ['Art'], from: 50, to: 500 };
    for (const statement of ['page', 'total'] as const) {
      const plan = await explainWithoutSeqScan(ctx.database.db, (tx) =>
        catalogueQueries(tx, query)[statement].getSQL(),
      );
      expect(plan).toMatch(/courses_search_trgm|courses_category_gin|courses_art_price_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it('answers the same courses as a plain scan would', async () => {
    const res = await request(ctx.app)
      .get('/api/courses')
      .query({ keyword: 'photoshop', limit: '100' });
    const expected = Math.ceil(
      (COURSES - SYNTHETIC_TOPICS.indexOf('photoshop')) / SYNTHETIC_TOPICS.length,
    );
    expect(res.headers['x-total-count']).toBe(String(expected));
    for (const course of res.body as { name: string }[])
      expect(course.name.toLowerCase()).toContain('photoshop');
  });
});

describe('category browsing plan', () => {
  it('has the partial price index of every category of the table', async () => {
    const result = (await ctx.database.db.execute(
      sql`select indexname from pg_indexes where tablename = 'courses'`,
    )) as unknown as { rows: { indexname: string }[] };
    const names = new Set(result.rows.map((row) => row.indexname));
    for (const category of CATEGORIES)
      expect(names, category).toContain(`courses_${categorySlug(category)}_price_idx`);
  });

  it('counts one category in a price range from its price index alone', async () => {
    for (const category of CATEGORIES) {
      const plan = await explainWithoutSeqScan(
        ctx.database.db,
        (tx) => catalogueQueries(tx, { Cg: [category], from: 100, to: 400 }).total.getSQL(),
        { bitmap: false },
      );
      expect(plan, category).toMatch(
        new RegExp(`Index Only Scan using courses_${categorySlug(category)}_price_idx`),
      );
    }
  });

  it('reads a category’s prices for its window counts from its price index alone, in order (issue 55)', async () => {
    for (const category of CATEGORIES) {
      const plan = await explainWithoutSeqScan(ctx.database.db, (tx) => categoryPricesQuery(tx, category).getSQL(), {
        bitmap: false,
      });
      expect(plan, category).toMatch(new RegExp(`Index Only Scan using courses_${categorySlug(category)}_price_idx`));
      expect(plan, category).not.toMatch(/Sort Key/);
    }
  });

  it('pages one category’s window without counting when the count is known (issue 55)', async () => {
    const plan = await explainWithoutSeqScan(
      ctx.database.db,
      (tx) => catalogueQueries(tx, { Cg: ['Art'], sort: 'price_asc', from: 31.5, to: 889.25, limit: 24 }).rowsOnly?.getSQL() ?? sql``,
      { bitmap: false },
    );
    expect(plan).toMatch(/Index Scan using courses_art_price_idx/);
    expect(plan).not.toMatch(/Aggregate|Sort Key/);
  });

  it('reads a course page’s course, reviews and sessions each from an index (issue 55)', async () => {
    const [course] = await ctx.database.db.select({ id: courses.id }).from(courses).limit(1);
    const statements = courseDetailQueries(ctx.database.db, course?.id ?? '', new Date());
    const plans = {
      course: await explainWithoutSeqScan(ctx.database.db, () => statements.course.getSQL()),
      reviews: await explainWithoutSeqScan(ctx.database.db, () => statements.reviews.getSQL()),
      sessions: await explainWithoutSeqScan(ctx.database.db, () => statements.sessions.getSQL()),
    };
    expect(plans.course).toMatch(/Index Scan using courses_pkey/);
    expect(plans.course).toMatch(/(using|on) sessions_course_idx/);
    expect(plans.reviews).toMatch(/reviews_course_created_idx/);
    expect(plans.sessions).toMatch(/(using|on) sessions_course/);
    for (const plan of Object.values(plans)) expect(plan).not.toMatch(/Seq Scan/);
  });

  it('counts in the statement of the page, from the price index, once', async () => {
    const plan = await explainWithoutSeqScan(
      ctx.database.db,
      (tx) => catalogueQueries(tx, { Cg: ['Art'], sort: 'rating', from: 100, to: 400 }).page.getSQL(),
      { bitmap: false },
    );
    expect(plan).toMatch(/InitPlan/);
    expect(occurrences(plan, /Index Only Scan using courses_art_price_idx/), plan).toBe(1);
    expect(plan).toMatch(/Index Scan using courses_rating_idx/);
  });

  it('walks the index of the sort, by price within the category only', async () => {
    for (const category of ['Art', 'Programming Kids', 'Soft skills'] as Category[])
      for (const sort of ['price_asc', 'price_desc'] as const) {
        const plan = await explainWithoutSeqScan(
          ctx.database.db,
          (tx) =>
            catalogueQueries(tx, {
              Cg: [category],
              sort,
              from: 100,
              to: 400,
              page: 2,
              limit: 12,
            }).page.getSQL(),
          { bitmap: false },
        );
        const index = `courses_${categorySlug(category)}_price_idx`;
        expect(plan, `${category} ${sort}`).toMatch(new RegExp(`Index Scan.* using ${index}`));
        expect(plan, `${category} ${sort}`).not.toMatch(/Sort Key/);
      }
  });

  it('checks the price range inside the date and rating indexes', async () => {
    const indexOfSort = { date: 'courses_created_at_idx', rating: 'courses_rating_idx' };
    for (const [sort, index] of Object.entries(indexOfSort) as ['date' | 'rating', string][]) {
      const plan = await explainWithoutSeqScan(
        ctx.database.db,
        (tx) =>
          catalogueQueries(tx, {
            Cg: ['Art'],
            sort,
            from: 100,
            to: 400,
            page: 2,
            limit: 12,
          }).page.getSQL(),
        { bitmap: false },
      );
      expect(plan, sort).toMatch(new RegExp(`Index Scan using ${index}`));
      // An index condition, not a filter on the row: courses out of range are never read.
      expect(plan, sort).toMatch(/Index Cond: \(\(price >= /);
      expect(plan, sort).not.toMatch(/Sort Key/);
    }
  });
});

describe('catalogue answers on a large catalogue', () => {
  interface Listed {
    _id: string;
  }
  type Row = typeof courses.$inferSelect;
  let all: Row[] = [];
  beforeAll(async () => {
    all = await ctx.database.db.select().from(courses);
  });

  /** What GET /api/courses must answer, computed in JavaScript from every course. */
  function expected(params: {
    keyword?: string;
    Cg?: string;
    from?: number;
    to?: number;
    sort?: CourseSort;
    page: number;
    limit: number;
  }): { ids: string[]; total: number } {
    const words = (params.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const groups: Record<string, string[]> = { Language: ['English', 'Francais'] };
    const wanted = params.Cg ? (groups[params.Cg] ?? [params.Cg]) : undefined;
    const matches = all.filter(
      (c) =>
        words.every((w) => c.searchText.includes(w)) &&
        (!wanted || wanted.some((cat) => c.category.includes(cat))) &&
        (!params.from || c.price >= params.from) &&
        (!params.to || c.price <= params.to),
    );
    const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const compare: Record<CourseSort, (a: Row, b: Row) => number> = {
      date: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a),
      rating: (a, b) => b.rating - a.rating || byId(b, a),
      price_asc: (a, b) => a.price - b.price || byId(a, b),
      price_desc: (a, b) => b.price - a.price || byId(b, a),
    };
    matches.sort(compare[params.sort ?? 'date']);
    const start = (params.page - 1) * params.limit;
    return {
      ids: matches.slice(start, start + params.limit).map((c) => c.id),
      total: matches.length,
    };
  }

  it('pages keyword, category and price queries in every sort, counting every match', async () => {
    // A deterministic spread of queries: rare and common words, two words, no match; one
    // category, a group, none; price ranges; every sort; first, later and past-the-end pages.
    const keywords = [
      undefined,
      'photoshop',
      'baking',
      'advanced',
      'learn',
      'weekend piano',
      'zzz',
    ];
    const categories = [undefined, 'Art', 'Programming Kids', 'Language'];
    const ranges: [number?, number?][] = [[], [100, 400], [0, 90], [500]];
    let seed = 7;
    const pick = <T>(values: readonly T[]): T => {
      seed = (seed * 48_271) % 2_147_483_647;
      return values[seed % values.length] as T;
    };
    let pastTheEnd = 0;
    for (let n = 0; n < 120; n++) {
      const keyword = pick(keywords);
      const Cg = pick(categories);
      const [from, to] = pick(ranges);
      const sort = pick([undefined, ...COURSE_SORTS]);
      const limit = pick([12, 30, 48]);
      const page = pick([1, 2, 3, 40]);
      const want = expected({ keyword, Cg, from, to, sort, page, limit });
      if (want.ids.length === 0 && page > 1 && want.total > 0) pastTheEnd++;
      const query: Record<string, string> = { page: String(page), limit: String(limit) };
      if (keyword) query['keyword'] = keyword;
      if (Cg) query['Cg'] = Cg;
      if (from) query['from'] = String(from);
      if (to) query['to'] = String(to);
      if (sort) query['sort'] = sort;
      const res = await request(ctx.app).get('/api/courses').query(query);
      const label = JSON.stringify(query);
      expect(res.status, label).toBe(200);
      expect(
        (res.body as Listed[]).map((c) => c._id),
        label,
      ).toEqual(want.ids);
      expect(res.headers['x-total-count'], label).toBe(String(want.total));
    }
    // The spread did reach the count that runs alone, past the last match.
    expect(pastTheEnd).toBeGreaterThan(0);
  }, 120_000);

  it('pages a price window sorted by price with the courses priced exactly at its bounds, as a plain filter does (issue 55)', async () => {
    // A course priced at a bound, whatever its id, is in; the page boundaries fall inside runs
    // of equal prices, where only the id orders the courses.
    const inCategory = all.filter((c) => !c.isDraft && c.category.includes('Programming')).sort((a, b) => a.price - b.price);
    // Runs of equal prices across the page boundaries and at the window's bounds (ids in any order).
    const runs = [
      { price: 120, ids: inCategory.slice(40, 70).map((c) => c.id) },
      { price: 640, ids: inCategory.slice(300, 310).map((c) => c.id) },
    ];
    for (const run of runs)
      await ctx.database.db.update(courses).set({ price: run.price }).where(inArray(courses.id, run.ids));
    all = await ctx.database.db.select().from(courses);
    const prices = all
      .filter((c) => !c.isDraft && c.category.includes('Programming'))
      .map((c) => c.price)
      .sort((a, b) => a - b);
    const tied = prices.filter((price, i) => prices.indexOf(price) !== i);
    expect(tied.length).toBeGreaterThan(30);
    const at = (share: number) => prices[Math.floor(prices.length * share)] as number;
    const windows: [number, number][] = [
      [at(0.05), at(0.95)],
      [120, 640],
      [120, 120],
      [at(0.5), at(0.5)],
      [31.5, 889.25],
    ];
    for (const [from, to] of windows)
      for (const sort of ['price_asc', 'price_desc'] as const)
        for (const page of [1, 2, 7]) {
          const want = expected({ Cg: 'Programming', from, to, sort, page, limit: 24 });
          const query = { Cg: 'Programming', from: String(from), to: String(to), sort, page: String(page), limit: '24' };
          const res = await request(ctx.app).get('/api/courses').query(query);
          const label = JSON.stringify(query);
          expect(res.status, label).toBe(200);
          expect((res.body as Listed[]).map((c) => c._id), label).toEqual(want.ids);
          expect(res.headers['x-total-count'], label).toBe(String(want.total));
        }
  }, 120_000);
});

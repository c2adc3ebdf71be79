import { sql, type SQL } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { loadSyntheticCourses, SYNTHETIC_TOPICS } from '../../db/seed/synthetic.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { catalogueQueries } from './courses.repository.js';

/**
 * Keyword search must stay fast on a large catalogue: the planner must be able to answer a
 * keyword query from the trigram index on search_text instead of reading every course.
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
 * EXPLAIN with sequential scans ruled out. On a few thousand rows a scan is honestly the
 * cheapest plan; this shows the index CAN answer the query, which is what keeps it fast on
 * a big catalogue (scripts/seed-synthetic.ts shows the natural plan on 100 000 courses).
 */
async function explainWithoutSeqScan(db: Db, query: (tx: Db) => SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // Nor walking the sort index and filtering (cheap on a few thousand rows too, since the
    // ORDER BY matches courses_created_at_idx); on 100 000 courses the planner picks the
    // trigram index by itself (`pnpm bench` EXPLAINs every catalogue query).
    await tx.execute(sql`set local enable_indexscan = off`);
    return explain(tx as unknown as Db, query(tx as unknown as Db));
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  await loadSyntheticCourses(ctx.database.db, COURSES);
}, 120_000);
afterAll(() => ctx.close());

describe('keyword search plan', () => {
  it('finds a keyword through the trigram index, for the page and for the count', async () => {
    const db = ctx.database.db;
    const pagePlan = await explainWithoutSeqScan(db, (tx) =>
      catalogueQueries(tx, { keyword: 'Photoshop' }).page.getSQL(),
    );
    const countPlan = await explainWithoutSeqScan(db, (tx) =>
      catalogueQueries(tx, { keyword: 'Photoshop' }).total.getSQL(),
    );
    expect(pagePlan).toMatch(/Bitmap Index Scan on courses_search_trgm/);
    expect(countPlan).toMatch(/Bitmap Index Scan on courses_search_trgm/);
    expect(pagePlan).not.toMatch(/Seq Scan/);
    expect(countPlan).not.toMatch(/Seq Scan/);
  });

  it('can use an index for a keyword combined with a category and a price range', async () => {
    const plan = await explainWithoutSeqScan(ctx.database.db, (tx) =>
      catalogueQueries(tx, { keyword: 'pottery', Cg: ['Art'], from: 50, to: 500 }).total.getSQL(),
    );
    expect(plan).toMatch(/courses_search_trgm|courses_category_gin/);
    expect(plan).not.toMatch(/Seq Scan/);
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

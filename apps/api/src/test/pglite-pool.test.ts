import { count, sql, sum, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogueVersions, courses } from '../modules/courses/courses.schema.js';
import { openTestDatabase } from './context.js';
import { createCourse } from './factories.js';

// The PGlite instances test files share within a worker (test/pglite-pool.ts): what one file
// leaves must not reach the next.
describe.skipIf(Boolean(process.env['TEST_DATABASE_URL']))('a PGlite test database handed back', () => {
  it('comes back to the next file as the migrations left it, and the old handle fails', async () => {
    const first = await openTestDatabase();
    const fresh = await first.database.db.select({ changes: sum(catalogueVersions.changes), slots: count() }).from(catalogueVersions);
    await createCourse(first.database.db);
    await first.database.db.execute(sql`analyze courses`);
    await first.database.db.execute(sql`set statement_timeout = 1234`);
    await first.drop();
    const late = await first.database.db.select().from(courses).catch((err: Error) => err.cause);
    expect(late).toEqual(new Error('test database used after its file closed it (query)'));

    const second = await openTestDatabase();
    try {
      expect(await second.database.db.select({ n: count() }).from(courses)).toEqual([{ n: 0 }]);
      // The 64 version slots the migrations wrote are back, with their counts (the course written above is not counted).
      expect(
        await second.database.db.select({ changes: sum(catalogueVersions.changes), slots: count() }).from(catalogueVersions),
      ).toEqual(fresh);
      expect(await second.database.db.select({ courses: sum(catalogueVersions.courses) }).from(catalogueVersions)).toEqual([
        { courses: '0' },
      ]);
      const rowsOf = async (query: SQL) => ((await second.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
      // No planner statistics from the ANALYZE above, no setting of the first file's session.
      expect(await rowsOf(sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'courses'`)).toEqual([
        { n: 0 },
      ]);
      expect(await rowsOf(sql`show statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
      await createCourse(second.database.db);
      expect(await second.database.db.select({ courses: sum(catalogueVersions.courses) }).from(catalogueVersions)).toEqual([
        { courses: '1' },
      ]);
    } finally {
      await second.drop();
    }
  });
});

/**
 * Loads N synthetic courses into a PostgreSQL database (migrations first), then shows that a
 * keyword query is answered from the trigram index instead of a scan of the whole table: by
 * PostgreSQL's own choice from INDEX_CHOICE_FROM (100 000) courses on; on a smaller table,
 * where a scan may rightly cost less, with scans disabled (the index can answer).
 *
 *   pnpm seed:synthetic [count] [database-url]
 *   SEED_COUNT=100000 SEED_DATABASE_URL=postgres://… pnpm seed:synthetic
 *
 * Defaults: 100 000 courses into postgres://postgres@127.0.0.1:5432/test.
 * The benchmark reuses `seedSynthetic` and `SYNTHETIC_TOPICS`.
 */
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/api/src/db/client.js';
import {
  explainKeywordQuery,
  INDEX_CHOICE_FROM,
  loadSyntheticCourses,
} from '../apps/api/src/seed/synthetic.js';
import { countCourses } from '../apps/api/src/modules/courses/courses.repository.js';

export { SYNTHETIC_TOPICS } from '../apps/api/src/seed/synthetic.js';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_COUNT = 100_000;

export interface SeedSyntheticOptions {
  url?: string;
  count?: number;
  /** Rows per multi-row INSERT. */
  batchSize?: number;
  /** Called after each batch with the number of courses loaded so far. */
  onBatch?: (loaded: number) => void;
  /** Dated sessions per course (issue 33); default 3, 0 for none. */
  sessionsPerCourse?: number;
}

/**
 * Migrates the database of `url`, appends `count` synthetic courses (numbered after the
 * courses already there) and runs ANALYZE. Returns the number of courses in the table.
 */
export async function seedSynthetic(options: SeedSyntheticOptions = {}): Promise<number> {
  const database = await openDatabase({
    kind: 'postgres',
    url: options.url ?? DEFAULT_DATABASE_URL,
    poolSize: 2,
  });
  try {
    const { db } = database;
    const before = await countCourses(db);
    await loadSyntheticCourses(db, options.count ?? DEFAULT_COUNT, {
      start: before,
      batchSize: options.batchSize ?? 1000,
      onBatch: options.onBatch,
      ...(options.sessionsPerCourse === undefined
        ? {}
        : { sessionsPerCourse: options.sessionsPerCourse }),
    });
    return await countCourses(db);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? process.env['SEED_COUNT'] ?? DEFAULT_COUNT);
  const url = process.argv[3] ?? process.env['SEED_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`count must be a whole number (got ${process.argv[2]})`);
  const started = performance.now();
  let lastShown = 0;
  const total = await seedSynthetic({
    url,
    count,
    onBatch: (loaded) => {
      if (loaded - lastShown >= 10_000 || loaded === count) {
        lastShown = loaded;
        process.stdout.write(`\r  loaded ${loaded} / ${count}`);
      }
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\nLoaded ${count} synthetic courses in ${seconds} s; the catalogue now has ${total} courses.`,
  );

  // Two connections: openDatabase holds one for its migration lock while migrating on another.
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    const keyword = 'photoshop';
    // The size of the table checked, not of this load: courses already there count too.
    const planned = total >= INDEX_CHOICE_FROM;
    const plans = await explainKeywordQuery(database.db, keyword, { scansOff: !planned });
    const how = planned ? '' : ' with sequential scans disabled';
    console.log(`\nEXPLAIN ANALYZE${how} of GET /api/courses?keyword=${keyword} (page):\n${plans.page}`);
    console.log(
      `\nEXPLAIN ANALYZE${how} of GET /api/courses?keyword=${keyword} (count):\n${plans.count}`,
    );
    const scans = /Seq Scan on courses/.test(plans.page) || /Seq Scan on courses/.test(plans.count);
    const usesIndex = /courses_search_trgm/.test(plans.page) && /courses_search_trgm/.test(plans.count);
    if (scans || (!planned && !usesIndex)) {
      console.error(
        planned
          ? `\nFAIL: at ${total} courses the keyword query scans the whole courses table.`
          : `\nFAIL: the trigram index cannot answer the keyword query (the plan scans courses even with scans disabled).`,
      );
      process.exitCode = 1;
    } else if (planned) {
      console.log('\nOK: no sequential scan of courses; the keyword is answered from the trigram index.');
    } else {
      console.log(
        `\nOK: the trigram index answers the keyword. At ${total} courses (under ${INDEX_CHOICE_FROM}) PostgreSQL may rightly ` +
          'prefer a scan of the whole table, cheaper on a table this small: checked with scans disabled.',
      );
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

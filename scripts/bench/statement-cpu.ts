/**
 * PostgreSQL's CPU for one statement of the wide category page (issue 55), as two builds write
 * it, measured on the server backend that runs it: the backend's own CPU time (/proc, the
 * server on this host) over N runs of the named prepared statement, the builds alternating,
 * so other work on a shared host hardly enters the figure. Also shows which plan each build's
 * statement runs on after its first runs (PostgreSQL keeps a generic plan after five) and that
 * plan's EXPLAIN ANALYZE.
 *
 *   BENCH_AB_BEFORE=/path/to/checkout BENCH_DATABASE_URL=postgres://… tsx bench/statement-cpu.ts
 *
 * BENCH_AB_AFTER (default this checkout), BENCH_STATEMENT_RUNS (400 a turn), BENCH_AB_ROUNDS (5).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type * as Client from '../../apps/api/src/db/client.js';
import type * as Repository from '../../apps/api/src/modules/catalogue/catalogue.repository.js';
import type { CourseQuery } from '../../packages/shared/src/index.js';
import { ROOT } from '../child-process.js';
import { WIDE_CATEGORY } from './wide.js';

const BEFORE = process.env['BENCH_AB_BEFORE'];
const AFTER = process.env['BENCH_AB_AFTER'] ?? ROOT;
const URL = process.env['BENCH_DATABASE_URL'];
const RUNS = Number(process.env['BENCH_STATEMENT_RUNS'] ?? 400);
const ROUNDS = Number(process.env['BENCH_AB_ROUNDS'] ?? 5);

interface Built {
  text: string;
  names: string[];
}

/** The wide page's statement without its count (the one the API runs, decision 0455), as `root`'s repository builds it. */
async function wideStatement(root: string, url: string): Promise<Built> {
  const api = path.join(root, 'apps/api/src');
  const client = (await import(path.join(api, 'db/client.ts'))) as typeof Client;
  // The catalogue's read side has its own module since issue 50; older checkouts kept it in courses.
  const moved = path.join(api, 'modules/catalogue/catalogue.repository.ts');
  const repository = (await import(existsSync(moved) ? moved : path.join(api, 'modules/courses/courses.repository.ts'))) as typeof Repository;
  const database = await client.openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    const query: CourseQuery = { Cg: [WIDE_CATEGORY], sort: 'price_asc', from: 31.5, to: 889.25, limit: 24 };
    const statement = repository.catalogueQueries(database.db, query, new Date(), (name) => sql.placeholder(name)).rowsOnly;
    if (!statement) throw new Error('no statement without count');
    const built = statement.toSQL();
    return { text: built.sql, names: built.params.map((param) => (param as { name: string }).name) };
  } finally {
    await database.close();
  }
}

const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
const values = (names: string[]): unknown[] => {
  const by: Record<string, unknown> = {
    from: (between(3100, 9000) / 100).toFixed(2),
    to: (between(84000, 89900) / 100).toFixed(2),
    limit: 24,
    offset: 0,
    at: new Date().toISOString(),
  };
  return names.map((name) => by[name]);
};

async function main(): Promise<void> {
  if (!BEFORE || !URL) throw new Error('BENCH_AB_BEFORE and BENCH_DATABASE_URL are needed');
  const builds = { before: await wideStatement(BEFORE, URL), after: await wideStatement(AFTER, URL) };
  const client = new pg.Client({ connectionString: URL });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]?.pid;
  // utime + stime of the backend, in clock ticks (100 a second).
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  };
  const perRun: Record<string, number[]> = { before: [], after: [] };
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const build of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
        const { text, names } = builds[build];
        const start = ticks();
        for (let i = 0; i < RUNS; i++) await client.query({ name: `wide_${build}`, text, values: values(names) });
        perRun[build]?.push(((ticks() - start) * 10) / RUNS);
      }
    const plans = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
      `select name, generic_plans, custom_plans from pg_prepared_statements where name like 'wide\\_%' order by name`,
    );
    for (const build of ['before', 'after'] as const) {
      const list = perRun[build] ?? [];
      const median = [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
      console.log(`${build}: PostgreSQL CPU per run ${list.map((ms) => ms.toFixed(3)).join(' ')} ms (median ${median.toFixed(3)})`);
    }
    for (const row of plans.rows) console.log(`${row.name}: ${row.custom_plans} custom plans, ${row.generic_plans} generic`);
    await client.query('set plan_cache_mode = force_generic_plan');
    for (const build of ['before', 'after'] as const) {
      const args = values(builds[build].names).map((value) => `'${String(value)}'`);
      const explained = await client.query(`explain (analyze, buffers) execute wide_${build}(${args.join(', ')})`);
      console.log(`\n${build}, generic plan:\n${explained.rows.map((row) => Object.values(row)[0]).join('\n')}`);
    }
  } finally {
    await client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

/**
 * Two builds of the API measured side by side on one database, with bare `node:http` measured at
 * the start of every round: on a host shared with other work, only figures taken moments apart
 * compare (issue 55). Each round starts both builds afresh (caches empty, so course pages are
 * cold again) and measures every row on both as before, after, after, before (the next round
 * after, before, before, after), so a pair is seconds apart; a build's figure in a round is its
 * two slices together.
 *
 *   BENCH_AB_BEFORE=/path/to/checkout pnpm --filter @shop/scripts exec tsx bench/ab.ts
 *
 * BENCH_AB_BEFORE: the checkout of the build before (its `apps/api` with dependencies; e.g.
 * `git archive main | tar -x -C DIR` plus links to this checkout's node_modules).
 * BENCH_AB_AFTER: the build after (default: this checkout). BENCH_DATABASE_URL: a database to
 * use as it is, else `shop_bench_ab` is made afresh with BENCH_COURSES (10 000) courses of the
 * synthetic generator, 3 sessions each. BENCH_AB_ROUNDS (3), BENCH_CONNECTIONS (32),
 * BENCH_WARMUP (2 s), BENCH_DURATION (8 s), BENCH_COLD_DURATION (2 s, no warm-up: each build's
 * slice of cold course pages asks half the ids, each once), BENCH_AB_ROWS (a semicolon-separated
 * list of the rows to measure, by name; all by default). Prints each round's requests/s, share of bare and the
 * API's CPU per request for both builds (PostgreSQL's column counts every backend of the
 * server, other databases' too), and writes them to results/ab-*.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { signIn } from './client.js';
import { insertBuyers, loadCourses, prepareDatabase, prepareOrderCourses, type OrderCourses } from './database.js';
import { measure, type LoadFigures, type LoadOptions } from './load.js';
import { startApi, startBareServer } from './processes.js';
import { FILTER_PATH, shuffled, wideWindowQuery } from './wide.js';
import { ROOT } from '../child-process.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BEFORE = process.env['BENCH_AB_BEFORE'];
const AFTER = process.env['BENCH_AB_AFTER'] ?? ROOT;
const COURSES = env('BENCH_COURSES', 10_000);
const ROUNDS = env('BENCH_AB_ROUNDS', 3);
const CONNECTIONS = env('BENCH_CONNECTIONS', 32);
const WARMUP = env('BENCH_WARMUP', 2);
const DURATION = env('BENCH_DURATION', 8);
const COLD_DURATION = env('BENCH_COLD_DURATION', 2);
const ONLY_ROWS = process.env['BENCH_AB_ROWS']?.split(';').map((name) => name.trim());
const RESULTS = path.join(import.meta.dirname, 'results');

interface Measured {
  requestsPerS: number;
  share: number;
  /** CPU per request, ms: the API's process tree and PostgreSQL's. */
  apiMs?: number;
  postgresMs?: number;
  statuses: Record<string, number>;
}

function figures(load: LoadFigures, bare: number): Measured {
  const perRequest = (cores: number | undefined) =>
    cores === undefined || load.requestsPerS === 0 ? undefined : Number(((cores * 1000) / load.requestsPerS).toFixed(3));
  const apiMs = perRequest(load.cpu?.server);
  const postgresMs = perRequest(load.cpu?.postgres);
  return {
    requestsPerS: load.requestsPerS,
    share: load.requestsPerS / bare,
    ...(apiMs === undefined ? {} : { apiMs }),
    ...(postgresMs === undefined ? {} : { postgresMs }),
    statuses: load.statuses,
  };
}

/** A measured row: one load against one build, given the slice's own course ids for the cold row. */
type RowLoad = (load: (rest: Partial<LoadOptions> & { path?: string }) => Promise<LoadFigures>, slice: Slice) => Promise<LoadFigures>;

interface Slice {
  /** Course ids this build has never been asked for (the cold row). */
  ids: string[];
  tokens: string[];
  orderCourses: OrderCourses;
  keyPrefix: string;
}

const ROWS: Record<string, RowLoad> = {
  'cached default page': (load) => load({ path: '/api/courses' }),
  'cached filtered page': (load) => load({ path: FILTER_PATH }),
  'wide category page, uncached': (load) => load({ request: () => ({ path: `/api/courses?${wideWindowQuery()}` }) }),
  'course details, cold': (load, slice) => {
    let asked = 0;
    // No warm-up and a short measure: a fast build would otherwise run out of ids never asked.
    return load({ warmupS: 0, durationS: COLD_DURATION, request: () => ({ path: `/api/courses/${slice.ids[asked++ % slice.ids.length] ?? ''}` }) }).then((figures) => {
      if (asked > slice.ids.length) figures.statuses['ids ran out'] = asked - slice.ids.length;
      return figures;
    });
  },
  'POST /api/orders': (load, slice) => {
    let i = 0;
    return load({
      request: () => {
        i += 1;
        const course = slice.orderCourses.plenty[i % slice.orderCourses.plenty.length] ?? '';
        const session = slice.orderCourses.sessions[course];
        return {
          path: '/api/orders',
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${slice.tokens[i % slice.tokens.length] ?? ''}`,
            'Idempotency-Key': `${slice.keyPrefix}${i}`,
          },
          body: JSON.stringify({
            orderItems: [{ course, qty: 1 + (i % 2), ...(session ? { session } : {}) }],
            shippingAddress: { address: '1 Bench Street', city: 'Tunis', postalCode: '1000', country: 'France' },
            paymentMethod: 'In Place',
          }),
        };
      },
    });
  },
};

/** Sums two loads of one build (its two slices of a round) into one figure. */
function combined(a: LoadFigures, b: LoadFigures): LoadFigures {
  const statuses: Record<string, number> = { ...a.statuses };
  for (const [code, n] of Object.entries(b.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const server = a.cpu && b.cpu ? (a.cpu.server + b.cpu.server) / 2 : undefined;
  const postgres = a.cpu && b.cpu ? (a.cpu.postgres + b.cpu.postgres) / 2 : undefined;
  return {
    ...a,
    requestsPerS: (a.requestsPerS + b.requestsPerS) / 2,
    requests: a.requests + b.requests,
    statuses,
    ...(a.cpu && server !== undefined && postgres !== undefined ? { cpu: { ...a.cpu, server, postgres } } : {}),
  };
}

async function main(): Promise<void> {
  if (!BEFORE) throw new Error('BENCH_AB_BEFORE must name the checkout of the build before');
  const started = Date.now();
  const url = await prepareDatabase(process.env['BENCH_DATABASE_URL'], 'shop_bench_ab');
  if (!process.env['BENCH_DATABASE_URL']) await loadCourses(url, COURSES, 3);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const builds = { before: BEFORE, after: AFTER };
  const rounds: { bare: number; builds: Record<string, Record<string, Measured>>; load: number[] }[] = [];
  try {
    // Buyers and the order run's courses once; the buyers' tokens hold for both builds (same secret).
    const { rows: existing } = await pool.query<{ n: number }>(`select count(*)::int as n from users where email like 'bench-buyer-%'`);
    const buyers = (existing[0]?.n ?? 0) > 0 ? [] : await insertBuyers(pool, 200);
    const orderCourses = await prepareOrderCourses(pool, 60, 0);
    const ids = shuffled((await pool.query<{ id: string }>('select id from courses where not is_draft')).rows.map((r) => r.id));
    let tokens: string[] = [];
    // Both builds run for the whole round; each row is measured before, after, after, before
    // (then after, before, before, after the next round), so the two figures of a pair are
    // seconds apart rather than minutes.
    let slice = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const apis = { before: await startApi(url, {}, builds.before), after: await startApi(url, {}, builds.after) };
      try {
        if (tokens.length === 0)
          tokens = await signIn(
            apis.before.url,
            buyers.length > 0 ? buyers : Array.from({ length: 200 }, (_, n) => ({ email: `bench-buyer-${n}@example.com` })),
          );
        const page = await fetch(`${apis.before.url}/api/courses`);
        mkdirSync(RESULTS, { recursive: true });
        const bodyFile = path.join(RESULTS, 'ab-catalogue-page.json');
        writeFileSync(bodyFile, Buffer.from(await page.arrayBuffer()));
        const bareServer = await startBareServer('node', bodyFile, page.headers.get('x-total-count') ?? '0');
        const bare = await measure({
          url: `${bareServer.url}/api/courses`,
          connections: CONNECTIONS,
          durationS: DURATION,
          warmupS: WARMUP,
          ...(bareServer.process.pid !== undefined ? { serverPid: bareServer.process.pid } : {}),
        }).finally(() => bareServer.stop());
        const order = round % 2 === 1 ? (['before', 'after', 'after', 'before'] as const) : (['after', 'before', 'before', 'after'] as const);
        const measured: Record<string, Record<string, Measured>> = { before: {}, after: {} };
        for (const [name, row] of Object.entries(ROWS).filter(([rowName]) => !ONLY_ROWS || ONLY_ROWS.includes(rowName))) {
          const loads: Record<string, LoadFigures[]> = { before: [], after: [] };
          for (const build of order) {
            const api = apis[build];
            const load = (rest: Partial<LoadOptions> & { path?: string }) => {
              const { path: fixedPath, ...options } = rest;
              return measure({
                url: `${api.url}${fixedPath ?? ''}`,
                connections: CONNECTIONS,
                durationS: DURATION,
                warmupS: WARMUP,
                ...(api.process.pid !== undefined ? { serverPid: api.process.pid } : {}),
                ...options,
              });
            };
            // The cold row's two slices of a build in a round each ask their own half of the ids:
            // never asked of that build before (each build starts afresh every round; the two
            // builds have caches of their own, so both may ask the same ids).
            const half = Math.floor(ids.length / 2);
            const occurrence = loads[build]?.length ?? 0;
            const sliceIds = ids.slice(occurrence * half, (occurrence + 1) * half);
            slice += 1;
            loads[build]?.push(await row(load, { ids: sliceIds, tokens, orderCourses, keyPrefix: `ab-${started}-${round}-${name.length}-${build}-${slice}-` }));
          }
          for (const build of ['before', 'after'] as const) {
            const [a, b] = loads[build] ?? [];
            if (a && b) (measured[build] ??= {})[name] = figures(combined(a, b), bare.requestsPerS);
          }
        }
        const loadAverage = (await import('node:os')).loadavg();
        rounds.push({ bare: bare.requestsPerS, builds: measured, load: loadAverage });
        printRound(round, rounds[rounds.length - 1]!, order);
      } finally {
        await apis.before.stop();
        await apis.after.stop();
      }
    }
  } finally {
    await pool.end();
  }
  mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `ab-${new Date(started).toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(file, JSON.stringify({ before: BEFORE, after: AFTER, courses: COURSES, connections: CONNECTIONS, rounds }, null, 2));
  console.log(`\nwritten to ${file}`);
}

function printRound(
  round: number,
  result: { bare: number; builds: Record<string, Record<string, Measured>>; load: number[] },
  order: readonly string[],
): void {
  const pct = (share: number) => `${(share * 100).toFixed(2)} %`;
  const cpu = (m: Measured) => `${m.apiMs?.toFixed(2) ?? '?'} / ${m.postgresMs?.toFixed(2) ?? '?'}`;
  console.log(
    `\nround ${round} (${order.join(', ')}): bare node:http ${result.bare} req/s; load average ${result.load.map((n) => n.toFixed(1)).join(' ')}`,
  );
  console.log('| row | before req/s (share of bare; API / PostgreSQL ms CPU a request) | after | after ÷ before |');
  console.log('|---|---|---|---|');
  const before = result.builds['before'] ?? {};
  const after = result.builds['after'] ?? {};
  for (const name of Object.keys(before)) {
    const b = before[name];
    const a = after[name];
    if (!b || !a) continue;
    const odd = (m: Measured) => {
      const other = Object.entries(m.statuses).filter(([code]) => code !== '200' && code !== '201');
      return other.length > 0 ? ` [${other.map(([code, n]) => `${code}: ${n}`).join(', ')}]` : '';
    };
    console.log(
      `| ${name} | ${b.requestsPerS} (${pct(b.share)}; ${cpu(b)})${odd(b)} | ${a.requestsPerS} (${pct(a.share)}; ${cpu(a)})${odd(a)} | ${(a.requestsPerS / Math.max(1, b.requestsPerS)).toFixed(2)}× |`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

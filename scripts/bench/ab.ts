/**
 * Two builds of the API measured side by side on one database, alternating, with bare
 * `node:http` measured at the start of every round: on a host shared with other work, only
 * figures of the same round compare (issue 55). Each round starts each build afresh (its caches
 * empty, so the cold course pages are cold again), measures the same rows on it, and stops it;
 * which build goes first alternates.
 *
 *   BENCH_AB_BEFORE=/path/to/checkout pnpm --filter @shop/scripts exec tsx bench/ab.ts
 *
 * BENCH_AB_BEFORE: the checkout of the build before (its `apps/api` with dependencies; e.g.
 * `git archive main apps packages | tar -x -C DIR` plus links to this checkout's node_modules).
 * BENCH_AB_AFTER: the build after (default: this checkout). BENCH_DATABASE_URL: a database to
 * use as it is, else `shop_bench_ab` is made afresh with BENCH_COURSES (10 000) courses of the
 * synthetic generator, 3 sessions each. BENCH_AB_ROUNDS (3), BENCH_CONNECTIONS (32),
 * BENCH_WARMUP (2 s), BENCH_DURATION (8 s). Prints each round's requests/s, share of bare and
 * CPU per request (API, PostgreSQL) for both builds, and writes them to results/ab-*.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { signIn } from './client.js';
import { insertBuyers, loadCourses, prepareDatabase, prepareOrderCourses, type OrderCourses } from './database.js';
import { measure, type LoadFigures, type LoadOptions } from './load.js';
import { startApi, startBareServer, type Child } from './processes.js';
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

/** The rows measured on one build, in this order, each against the round's bare figure. */
async function measureBuild(
  api: Child,
  bare: number,
  ids: string[],
  tokens: string[],
  orderCourses: OrderCourses,
  keyPrefix: string,
): Promise<Record<string, Measured>> {
  const load = (rest: Partial<LoadOptions>) =>
    measure({
      url: api.url,
      connections: CONNECTIONS,
      durationS: DURATION,
      warmupS: WARMUP,
      ...(api.process.pid !== undefined ? { serverPid: api.process.pid } : {}),
      ...rest,
    });
  const rows: Record<string, Measured> = {};
  rows['cached default page'] = figures(await load({ url: `${api.url}/api/courses` }), bare);
  rows['cached filtered page'] = figures(await load({ url: `${api.url}${FILTER_PATH}` }), bare);
  rows['wide category page, uncached'] = figures(
    await load({ request: () => ({ path: `/api/courses?${wideWindowQuery()}` }) }),
    bare,
  );
  // This build started with an empty cache: every id is asked once (the warm-up's too).
  const coldIds = shuffled([...ids]);
  let asked = 0;
  rows['course details, cold'] = figures(
    await load({ request: () => ({ path: `/api/courses/${coldIds[asked++ % coldIds.length] ?? ''}` }) }),
    bare,
  );
  if (asked > coldIds.length) rows['course details, cold']!.statuses['ids ran out'] = asked - coldIds.length;
  let i = 0;
  rows['POST /api/orders'] = figures(
    await load({
      request: () => {
        i += 1;
        const course = orderCourses.plenty[i % orderCourses.plenty.length] ?? '';
        const session = orderCourses.sessions[course];
        return {
          path: '/api/orders',
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${tokens[i % tokens.length] ?? ''}`,
            'Idempotency-Key': `${keyPrefix}${i}`,
          },
          body: JSON.stringify({
            orderItems: [{ course, qty: 1 + (i % 2), ...(session ? { session } : {}) }],
            shippingAddress: { address: '1 Bench Street', city: 'Tunis', postalCode: '1000', country: 'France' },
            paymentMethod: 'In Place',
          }),
        };
      },
    }),
    bare,
  );
  return rows;
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
    const ids = (await pool.query<{ id: string }>('select id from courses where not is_draft')).rows.map((r) => r.id);
    let tokens: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const first = await startApi(url, {}, builds.before);
      if (tokens.length === 0) tokens = await signIn(first.url, buyers.length > 0 ? buyers : Array.from({ length: 200 }, (_, n) => ({ email: `bench-buyer-${n}@example.com` })));
      const page = await fetch(`${first.url}/api/courses`);
      mkdirSync(RESULTS, { recursive: true });
      const bodyFile = path.join(RESULTS, 'ab-catalogue-page.json');
      writeFileSync(bodyFile, Buffer.from(await page.arrayBuffer()));
      await first.stop();
      const bareServer = await startBareServer('node', bodyFile, page.headers.get('x-total-count') ?? '0');
      const bare = await measure({
        url: `${bareServer.url}/api/courses`,
        connections: CONNECTIONS,
        durationS: DURATION,
        warmupS: WARMUP,
        ...(bareServer.process.pid !== undefined ? { serverPid: bareServer.process.pid } : {}),
      }).finally(() => bareServer.stop());
      const order = round % 2 === 1 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      const measured: Record<string, Record<string, Measured>> = {};
      for (const build of order) {
        const api = await startApi(url, {}, builds[build]);
        try {
          measured[build] = await measureBuild(api, bare.requestsPerS, ids, tokens, orderCourses, `ab-${started}-${round}-${build}-`);
        } finally {
          await api.stop();
        }
      }
      const loadAverage = (await import('node:os')).loadavg();
      rounds.push({ bare: bare.requestsPerS, builds: measured, load: loadAverage });
      printRound(round, rounds[rounds.length - 1]!, order);
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
    `\nround ${round} (${order.join(' first, then ')}): bare node:http ${result.bare} req/s; load average ${result.load.map((n) => n.toFixed(1)).join(' ')}`,
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

/**
 * `pnpm bench:soak`: mixed load (catalogue pages, searches, course details, sign-ins, orders)
 * for SOAK_MINUTES (10) at SOAK_CONNECTIONS (32) against the API in production mode on the
 * PostgreSQL server, printing per minute the requests/s, p99, 5xx count and the API's RSS.
 *
 * Targets (issue 22): no 5xx and no socket error in any minute, RSS after the last minute within
 * 15 % of the 2nd minute's, p99 of the last minute within 1.5x of the 2nd's. Exit 1 when one
 * is missed or a seat is oversold.
 *
 * Environment: BENCH_DATABASE_URL (default: a fresh `shop_soak` on the local server),
 * SOAK_MINUTES (10), SOAK_CONNECTIONS (32), SOAK_COURSES (20000), SOAK_BUYERS (200).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CATEGORIES, COURSE_SORTS } from '../../packages/shared/src/index.js';
import { SYNTHETIC_TOPICS } from '../seed-synthetic.js';
import { signIn } from './client.js';
import { treeRssBytes } from './cpu.js';
import {
  BENCH_PASSWORD,
  checkSeats,
  insertBuyers,
  loadCourses,
  prepareDatabase,
  prepareOrderCourses,
  seatsOf,
} from './database.js';
import { measure, type LoadFigures, type LoadOptions } from './load.js';
import { startApi, type Child } from './processes.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MINUTES = env('SOAK_MINUTES', 10);
const CONNECTIONS = env('SOAK_CONNECTIONS', 32);
const COURSES = env('SOAK_COURSES', 20_000);
const BUYERS = env('SOAK_BUYERS', 200);
const RESULTS = path.join(import.meta.dirname, 'results');

interface Minute {
  minute: number;
  figures: LoadFigures;
  fiveXx: number;
  rssMb: number | undefined;
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** Out of 20 requests: 6 catalogue pages, 3 searches, 2 filtered pages, 6 details, 1 sign-in, 2 orders. */
const MIX = [
  ...Array<'page'>(6).fill('page'),
  ...Array<'search'>(3).fill('search'),
  ...Array<'filter'>(2).fill('filter'),
  ...Array<'detail'>(6).fill('detail'),
  'signin' as const,
  ...Array<'order'>(2).fill('order'),
];

async function main(): Promise<void> {
  const started = Date.now();
  console.log(
    `Soak: ${MINUTES} min of mixed load at ${CONNECTIONS} connections on ${COURSES} courses`,
  );
  const url = await prepareDatabase(process.env['BENCH_DATABASE_URL'], 'shop_soak');
  await loadCourses(url, COURSES);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let api: Child | undefined;
  try {
    const buyers = await insertBuyers(pool, BUYERS);
    const { plenty } = await prepareOrderCourses(pool, 60, 0);
    const detailIds = (
      await pool.query<{ id: string }>('select id from courses tablesample system (10) limit 2000')
    ).rows.map((r) => r.id);
    const seatsBefore = await seatsOf(pool, plenty);
    api = await startApi(url);
    const tokens = await signIn(api.url, buyers);
    const keyPrefix = `soak-${started}-`;

    let n = 0;
    const request = (): ReturnType<NonNullable<LoadOptions['request']>> => {
      n += 1;
      const kind = MIX[n % MIX.length];
      switch (kind) {
        case 'page':
          return { path: `/api/courses?page=${between(1, 5)}` };
        case 'search':
          return {
            path: `/api/courses?keyword=${pick(SYNTHETIC_TOPICS)}&limit=${between(12, 48)}&page=${between(1, 3)}`,
          };
        case 'filter': {
          const from = between(30, 600);
          return {
            path: `/api/courses?Cg=${encodeURIComponent(pick(CATEGORIES))}&sort=${pick(COURSE_SORTS)}&from=${from}&to=${from + between(50, 300)}`,
          };
        }
        case 'detail':
          return { path: `/api/courses/${pick(detailIds)}` };
        case 'signin':
          return {
            path: '/api/users/login',
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: pick(buyers).email, password: BENCH_PASSWORD }),
          };
        default:
          return {
            path: '/api/orders',
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${tokens[n % tokens.length]}`,
              'Idempotency-Key': `${keyPrefix}${n}`,
            },
            body: JSON.stringify({
              orderItems: [{ course: plenty[n % plenty.length], qty: 1 }],
              shippingAddress: {
                address: '1 Soak Street',
                city: 'Tunis',
                postalCode: '1000',
                country: 'France',
              },
              paymentMethod: 'Card',
            }),
          };
      }
    };

    const minutes: Minute[] = [];
    console.log('\nminute  req/s   p99 ms   5xx  errors  API RSS MB');
    for (let minute = 1; minute <= MINUTES; minute++) {
      const figures = await measure({
        url: api.url,
        connections: CONNECTIONS,
        durationS: 60,
        warmupS: 0,
        request,
        ...(api.process.pid !== undefined ? { serverPid: api.process.pid } : {}),
      });
      const fiveXx = Object.entries(figures.statuses)
        .filter(([code]) => code.startsWith('5'))
        .reduce((sum, [, count]) => sum + count, 0);
      const rss = api.process.pid !== undefined ? treeRssBytes(api.process.pid) : undefined;
      const row: Minute = {
        minute,
        figures,
        fiveXx,
        rssMb: rss === undefined ? undefined : Math.round(rss / 1024 / 1024),
      };
      minutes.push(row);
      console.log(
        `${String(minute).padStart(6)}  ${String(figures.requestsPerS).padStart(5)}  ${figures.p99Ms.toFixed(1).padStart(7)}  ${String(fiveXx).padStart(4)}  ${String(figures.errors + figures.timeouts).padStart(6)}  ${String(row.rssMb ?? '?').padStart(10)}`,
      );
    }

    const seats = await checkSeats(pool, seatsBefore, keyPrefix);
    const second = minutes[Math.min(1, minutes.length - 1)];
    const last = minutes[minutes.length - 1];
    const failures: string[] = [];
    const faults = minutes.reduce(
      (sum, m) => sum + m.fiveXx + m.figures.errors + m.figures.timeouts,
      0,
    );
    if (faults > 0) failures.push(`${faults} answers were 5xx, socket errors or time-outs`);
    if (second && last && second.rssMb && last.rssMb && last.rssMb > second.rssMb * 1.15)
      failures.push(
        `RSS grew from ${second.rssMb} MB (minute ${second.minute}) to ${last.rssMb} MB`,
      );
    if (second && last && last.figures.p99Ms > second.figures.p99Ms * 1.5)
      failures.push(`p99 grew from ${second.figures.p99Ms.toFixed(1)} ms to ${last.figures.p99Ms.toFixed(1)} ms`);
    if (!seats.ok)
      failures.push(
        `seats: ${seats.seatsTaken} taken for ${seats.seatsOrdered} ordered, ${seats.negativeCourses} below 0`,
      );
    console.log(
      `\n${seats.orders} orders placed, seats consistent: ${seats.ok ? 'yes' : 'NO'}; statuses of the last minute: ${JSON.stringify(last?.figures.statuses ?? {})}`,
    );
    console.log(failures.length ? `MISSED: ${failures.join('; ')}` : 'All soak targets met.');

    mkdirSync(RESULTS, { recursive: true });
    const file = path.join(
      RESULTS,
      `soak-${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`,
    );
    writeFileSync(
      file,
      JSON.stringify(
        {
          startedAt: new Date(started).toISOString(),
          connections: CONNECTIONS,
          courses: COURSES,
          minutes,
          seats,
          failures,
        },
        null,
        2,
      ),
    );
    console.log(`Results written to ${path.relative(process.cwd(), file)}`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await api?.stop();
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

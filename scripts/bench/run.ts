/**
 * `pnpm bench`: loads a large synthetic catalogue into PostgreSQL, starts the API in
 * production mode against it, and measures the catalogue and order paths with autocannon,
 * next to a bare node:http server measured in the same run (figures on a shared machine
 * drift; ratios to the bare server do not drift as much).
 *
 * Environment: BENCH_DATABASE_URL (default: a fresh `shop_bench` on the local server),
 * BENCH_COURSES (100000), BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_CONNECTIONS (32),
 * BENCH_BUYERS (400), BENCH_STRICT=1 (exit 1 when a target is missed, not only on a fault),
 * BENCH_ONLY=orders (only the bare server and the order measures), BENCH_ONLY=admin (only the
 * bare server and the back office on BENCH_ORDERS (100000) orders, BENCH_ADMIN_CONNECTIONS (8)),
 * BENCH_ONLY=search (only the bare servers and the catalogue: cached, rotation, mix, uncached),
 * BENCH_ONLY=wide (issue 55: the wide category page and cold course details, with the rows they
 * are compared with), BENCH_ONLY=sessions (issue 33's comparison: the bare server, the cached default page, the
 * uncached keyword and filtered pages and the two order runs), BENCH_SESSIONS (3 dated sessions
 * per course, 0 for none: each order line then names its course's soonest session).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  CATEGORIES,
  COURSE_SORTS,
  PAGE_LIMIT_DEFAULT,
  type CourseQuery,
} from '../../packages/shared/src/index.js';
import { SYNTHETIC_TOPICS } from '../seed-synthetic.js';
import {
  checkCancelledSeats,
  checkSeats,
  insertBuyers,
  installGlobalVersionRow,
  loadCourses,
  prepareDatabase,
  prepareOrderCourses,
  seatsOf,
  setScarceSeats,
  type SeatCheck,
} from './database.js';
import { insertAdmin, insertOrders, lastDays } from './back-office.js';
import { explainCatalogue } from './explain.js';
import { measure, type LoadFigures, type LoadOptions } from './load.js';
import { startApi, startBareServer, type Child } from './processes.js';
import { printReport, type Row, type Target } from './report.js';
import { signIn, fetchEtag } from './client.js';
import { FILTER_PATH, shuffled, WIDE_CATEGORY, wideWindowQuery } from './wide.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const COURSES = env('BENCH_COURSES', 100_000);
const DURATION = env('BENCH_DURATION', 10);
const WARMUP = env('BENCH_WARMUP', 2);
const CONNECTIONS = env('BENCH_CONNECTIONS', 32);
const BUYERS = env('BENCH_BUYERS', 400);
const ONLY = process.env['BENCH_ONLY'];
const ONLY_ORDERS = ONLY === 'orders';
/** Only the back office (after the bare server): the stats call and the filtered order list. */
const ONLY_ADMIN = ONLY === 'admin';
/** Issue 33's before/after (BENCH_SESSIONS=0 against 3): the rows the issue compares, nothing else. */
const ONLY_SESSIONS = ONLY === 'sessions';
/** Only the catalogue rows (the cache and the database's search work), no back office, no orders. */
const ONLY_SEARCH = ONLY === 'search';
/**
 * Issue 55's two paths a cache cannot serve, with the rows they are compared with: the bare
 * servers, the cached pages and details, the uncached filtered page, the wide category page and
 * cold course details.
 */
const ONLY_WIDE = ONLY === 'wide';
const SESSIONS = env('BENCH_SESSIONS', 3);
const ORDERS = env('BENCH_ORDERS', 100_000);
const ADMIN_CONNECTIONS = env('BENCH_ADMIN_CONNECTIONS', 8);
const RESULTS = path.join(import.meta.dirname, 'results');

/*
 * Targets (issue 38): each a share of another scenario measured in the same run, never
 * milliseconds, so a slower machine does not fail a fast shop nor a faster one hide a slow
 * one. The shares of bare node:http come from the absolute targets of issue 20 on the machine
 * they were set on (bare node:http then about 45 000 req/s at 32 connections).
 */
const BARE = 'bare node:http, catalogue bytes from memory';
/** The same ceiling measured again after the last scenario: how far the host's speed moved during the run. */
const BARE_AT_END = 'bare node:http again, after the last scenario';
/** Issue 20: a cached catalogue page or course detail at least half of bare node:http. */
const CATALOGUE_TARGET: Target = { minShare: 0.5 };
/** A cached search or filtered page: a tenth of bare node:http. */
const SEARCH_TARGET: Target = { minShare: 0.1 };
/** Issue 38: every spelling of a cached question is served as the question itself. */
const SPELLING_TARGET = (of: string): Target => ({ minShare: 0.8, of });
/** A page missing the cache (a different query each request), as a share of the same path cached. */
const UNCACHED_TARGET = (of: string): Target => ({ minShare: 0.05, of });
/**
 * Issue 38: the popular requests of a load with 10 % one-off queries, against the popular ones
 * alone. The one-off queries' own work (each a database query) slows everything on 2 cores:
 * kept popular answers measured 89 % (10 000 courses); flushed ones would run at the uncached
 * speed (under 10 %).
 */
const POPULAR_IN_MIX_TARGET = (of: string): Target => ({ minShare: 0.5, of, by: 'latency' });
/**
 * Issue 38, decision 0380: popular requests asked at a fixed rate keep that rate beside a flood
 * of one-off queries (answered at 78–88 % of it before catalogue builds took turns, 100 % after).
 */
const STEADY_BESIDE_FLOOD_TARGET = (of: string): Target => ({ minShare: 0.95, of });
/**
 * Issue 55: a category page whose price window keeps most of the category, drawn anew each
 * request (10x Vendure's 0.59 % of bare), and course details with an empty cache (10x Vendure's
 * 0.82 %, rounded up).
 */
const WIDE_TARGET: Target = { minShare: 0.06 };
const COLD_DETAIL_TARGET: Target = { minShare: 0.085 };
/** Placing an order, and cancelling one (the seats go back): one guarded statement each (was p99 <= 100 ms). */
const ORDER_TARGET: Target = { minShare: 0.015 };
/** The back office at 8 connections (was p99 < 200 ms). */
const ADMIN_TARGET: Target = { minShare: 0.002 };


/** The catalogue query shapes measured (and EXPLAINed). */
const SHAPES: Record<string, CourseQuery> = {
  'default page': {},
  'keyword search': { keyword: 'photoshop' },
  'category + sort + price range': { Cg: ['Programming'], sort: 'price_asc', from: 100, to: 400 },
  // Issue 55: a window keeping most of the category, 24 a page.
  'one category, wide price window': { Cg: [WIDE_CATEGORY], sort: 'price_asc', from: 31.5, to: 889.25, limit: 24 },
};
const KEYWORD_PATH = '/api/courses?keyword=photoshop';

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** A keyword page drawn at random (tens of thousands of combinations: nearly always a miss). */
const oneOffKeywordPage = () => ({
  path: `/api/courses?keyword=${pick(SYNTHETIC_TOPICS)}&limit=${between(12, 48)}&page=${between(1, 4)}`,
});

/** A filtered page drawn at random (nearly always a miss). */
function randomFilterQuery(): string {
  const from = between(30, 600);
  const query = `Cg=${encodeURIComponent(pick(CATEGORIES))}&sort=${pick(COURSE_SORTS)}&from=${from}&to=${from + between(50, 300)}`;
  return `${query}&limit=${between(12, 48)}&page=${between(1, 3)}`;
}

/**
 * `keyword=<topic>` spelled as a customer or a junk generator might: random letter case,
 * spaces around, defaults written out, parameters in another order, a price bound above every
 * price (synthetic prices stay under 1 000), an unknown parameter. The same question each time.
 */
function respelled(topic: string): string {
  const cased = [...topic].map((c) => (Math.random() < 0.5 ? c.toUpperCase() : c)).join('');
  const parts = [`keyword=${encodeURIComponent(`${' '.repeat(between(0, 2))}${cased}${' '.repeat(between(0, 2))}`)}`];
  if (Math.random() < 0.5) parts.push('sort=date');
  if (Math.random() < 0.5) parts.push('page=1');
  if (Math.random() < 0.5) parts.push(`limit=${PAGE_LIMIT_DEFAULT}`);
  if (Math.random() < 0.5) parts.push(`to=${between(1_000, 99_999)}`);
  if (Math.random() < 0.5) parts.push('from=0');
  if (Math.random() < 0.5) parts.push(`utm_source=${between(1, 1_000_000)}`);
  return parts.sort(() => Math.random() - 0.5).join('&');
}

/** How many spellings the spelled-differently row cycles through. */
const SPELLINGS = 100_000;

function rotating<T>(values: readonly T[]): () => T {
  let i = 0;
  return () => values[i++ % values.length] as T;
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(
    `Benchmark: ${COURSES} courses (${SESSIONS} sessions each), ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per measure`,
  );
  const url = await prepareDatabase(process.env['BENCH_DATABASE_URL']);
  const total = await loadCourses(url, COURSES, SESSIONS);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const rows: Row[] = [];
  let api: Child | undefined;
  let seatChecks: Record<string, SeatCheck> = {};
  try {
    const buyers = await insertBuyers(pool, BUYERS);
    const adminUser = await insertAdmin(pool);
    const orderCourses = await prepareOrderCourses(pool, 60, 4);
    const detailIds = (
      await pool.query<{ id: string }>('select id from courses tablesample system (5) limit 2000')
    ).rows.map((r) => r.id);
    const plans = await explainCatalogue(
      url,
      SHAPES,
      detailIds[0] ?? '00000000-0000-0000-0000-000000000000',
      [orderCourses.plenty[0] ?? '', orderCourses.plenty[1] ?? ''],
    );

    api = await startApi(url);
    const tokens = await signIn(api.url, buyers);
    const load = (rest: Partial<LoadOptions> & Pick<LoadOptions, 'url'>): Promise<LoadFigures> =>
      measure({
        connections: CONNECTIONS,
        durationS: DURATION,
        warmupS: WARMUP,
        ...(api?.process.pid !== undefined ? { serverPid: api.process.pid } : {}),
        ...rest,
      });

    // The ceiling: the same bytes as the default page, from memory.
    const page = await fetch(`${api.url}/api/courses`);
    const pageBytes = Buffer.from(await page.arrayBuffer());
    mkdirSync(RESULTS, { recursive: true });
    const bodyFile = path.join(RESULTS, 'catalogue-page.json');
    writeFileSync(bodyFile, pageBytes);
    const ceiling = async (kind: 'node' | 'express') => {
      const server = await startBareServer(
        kind,
        bodyFile,
        page.headers.get('x-total-count') ?? '0',
      );
      return load({
        url: `${server.url}/api/courses`,
        ...(server.process.pid !== undefined ? { serverPid: server.process.pid } : {}),
      }).finally(() => server.stop());
    };
    const row = (
      name: string,
      figures: LoadFigures,
      target?: Target,
      note?: string,
      expect?: readonly string[],
      part?: boolean,
    ) =>
      rows.push({
        name,
        figures,
        ...(target ? { target } : {}),
        ...(note ? { note } : {}),
        ...(expect ? { expect } : {}),
        ...(part ? { part } : {}),
      });
    /** A group of requests of the load just measured, as a row of its own (a part of the previous row). */
    const partRow = (name: string, figures: LoadFigures, group: string, target?: Target) => {
      const part = figures.groups?.[group];
      if (!part) return;
      row(
        name,
        { ...part, statuses: {}, errors: 0, timeouts: 0 },
        target,
        `${((part.requests / Math.max(1, figures.requests)) * 100).toFixed(0)}% of the answers`,
        undefined,
        true,
      );
    };
    row(BARE, await ceiling('node'));

    if (!ONLY_ORDERS && !ONLY_SESSIONS && !ONLY_SEARCH && !ONLY_WIDE) {
      // The back office on ORDERS orders (before the order runs add their own).
      await insertOrders(pool, ORDERS);
      const [adminToken] = await signIn(api.url, [adminUser]);
      const adminLoad = (path: string) =>
        load({
          url: `${api?.url ?? ''}${path}`,
          connections: ADMIN_CONNECTIONS,
          headers: { Authorization: `Bearer ${adminToken ?? ''}` },
        });
      const month = lastDays(30);
      row(
        `GET /api/admin/stats (30 days by day, ${ORDERS} orders, ${ADMIN_CONNECTIONS} conn.)`,
        await adminLoad(`/api/admin/stats?from=${month.from}&to=${month.to}`),
        ADMIN_TARGET,
      );
      const year = lastDays(365);
      row(
        `GET /api/admin/stats (a year by month, ${ADMIN_CONNECTIONS} conn.)`,
        await adminLoad(`/api/admin/stats?from=${year.from}&to=${year.to}&interval=month`),
        undefined,
        'for information',
      );
      row(
        `GET /api/orders?paid=false&paymentMethod=In Place (${ADMIN_CONNECTIONS} conn.)`,
        await adminLoad('/api/orders?paid=false&paymentMethod=In%20Place&page=3&limit=20'),
        ADMIN_TARGET,
      );
      row(
        `GET /api/orders?q=buyer-12 (customer search, ${ADMIN_CONNECTIONS} conn.)`,
        await adminLoad('/api/orders?q=bench-buyer-12%40&limit=20'),
        ADMIN_TARGET,
      );
    }

    if (!ONLY_ORDERS && !ONLY_ADMIN) {
      if (!ONLY_SESSIONS && !ONLY_WIDE) row('bare Express 5, one route, same bytes', await ceiling('express'));
      row(
        'GET /api/courses (default page)',
        await load({ url: `${api.url}/api/courses` }),
        CATALOGUE_TARGET,
      );
      // A phone asks for Brotli: the kept answer's compressed bytes, no compression work per hit (issue 23).
      if (!ONLY_SESSIONS && !ONLY_WIDE)
        row(
          'GET /api/courses (default page), Accept-Encoding: br',
          await load({ url: `${api.url}/api/courses`, headers: { 'Accept-Encoding': 'br' } }),
          CATALOGUE_TARGET,
        );
      const cachedKeyword = 'GET /api/courses?keyword=photoshop';
      row(cachedKeyword, await load({ url: `${api.url}${KEYWORD_PATH}` }), SEARCH_TARGET);
      const cachedFilter = 'GET /api/courses?Cg&sort&from&to';
      row(cachedFilter, await load({ url: `${api.url}${FILTER_PATH}` }), SEARCH_TARGET);

      // Issue 38: the keywords customers type, in rotation (each answer kept after its first
      // ask), then the same questions spelled differently: letter case, spaces, parameter
      // order, defaults written out, a bound above every price, an unknown parameter.
      if (!ONLY_SESSIONS && !ONLY_WIDE) {
        const topics = SYNTHETIC_TOPICS.map((topic) => `keyword=${topic}`);
        const nextTopic = rotating(topics);
        const popular = () => ({ path: `/api/courses?${nextTopic()}` });
        const rotation = `keywords in rotation (${topics.length}, cached)`;
        const rotationFigures = await load({ url: api.url, request: popular });
        row(rotation, rotationFigures, SEARCH_TARGET);
        // Spelled before the run, as the rotation's questions are: building a spelling (about
        // 5 µs) would otherwise be load-generator work on the cores the API runs on. The shop
        // remembers no spelling it answers from its key (catalogue-cache.ts, peek), so one met
        // again costs what a new one does.
        const spellings = Array.from({ length: SPELLINGS }, () => `/api/courses?${respelled(pick(SYNTHETIC_TOPICS))}`);
        const nextSpelling = rotating(spellings);
        row(
          'the same keywords, spelled differently each time',
          await load({ url: api.url, request: () => ({ path: nextSpelling() }) }),
          SPELLING_TARGET(rotation),
        );
        // 9 requests in 10 from the rotation, 1 a one-off query: the popular answers stay kept.
        const mixed = await load({
          url: api.url,
          request: () =>
            Math.random() < 0.9 ? { ...popular(), group: 'popular' } : { ...oneOffKeywordPage(), group: 'one-off' },
        });
        row('90 % keywords in rotation + 10 % one-off queries', mixed);
        partRow('the keywords in rotation', mixed, 'popular', POPULAR_IN_MIX_TARGET(rotation));
        partRow('the one-off queries', mixed, 'one-off');
        // The popular keywords asked at a fixed rate (a fifth of the rotation's speed alone), alone
        // and then beside a flood of one-off pages: a fixed rate asks on whatever the answers' speed,
        // where the closed loop above waits (decision 0380).
        const rate = Math.max(100, Math.round(rotationFigures.requestsPerS / 5));
        const steady = `keywords in rotation at ${rate} req/s`;
        row(steady, await load({ url: api.url, rate, request: popular }));
        const [beside, flood] = await Promise.all([
          load({ url: api.url, rate, request: popular }),
          load({ url: api.url, request: oneOffKeywordPage }),
        ]);
        row(`${steady}, beside a flood of one-off queries`, beside, STEADY_BESIDE_FLOOD_TARGET(steady));
        row(`the flood: one-off queries at ${CONNECTIONS} connections`, flood);
      }
      const nextDetail = rotating(detailIds);
      row(
        `GET /api/courses/:id (${detailIds.length} ids)`,
        await load({ url: api.url, request: () => ({ path: `/api/courses/${nextDetail()}` }) }),
        CATALOGUE_TARGET,
      );

      const listEtag = ONLY_SESSIONS || ONLY_WIDE ? undefined : await fetchEtag(`${api.url}/api/courses`);
      if (listEtag) {
        row(
          'GET /api/courses, If-None-Match (304)',
          await load({ url: `${api.url}/api/courses`, headers: { 'If-None-Match': listEtag } }),
          undefined,
          undefined,
          ['304'],
        );
      }
      const detailEtags: [string, string][] = [];
      for (const id of ONLY_SESSIONS || ONLY_WIDE ? [] : detailIds.slice(0, 200)) {
        const etag = await fetchEtag(`${api.url}/api/courses/${id}`);
        if (etag) detailEtags.push([id, etag]);
      }
      if (detailEtags.length > 0) {
        const nextDetailEtag = rotating(detailEtags);
        row(
          'GET /api/courses/:id, If-None-Match (304)',
          await load({
            url: api.url,
            request: () => {
              const [id, etag] = nextDetailEtag();
              return { path: `/api/courses/${id}`, headers: { 'If-None-Match': etag } };
            },
          }),
          undefined,
          undefined,
          ['304'],
        );
      }

      // The same shapes with a query drawn at random each time (page size and page vary too,
      // tens of thousands of combinations): nearly every request misses the cache and reaches
      // the database.
      if (!ONLY_WIDE)
        row(
          'keyword search, random queries (uncached)',
          await load({ url: api.url, request: oneOffKeywordPage }),
          UNCACHED_TARGET(cachedKeyword),
        );
      row(
        'filtered page, random queries (uncached)',
        await load({ url: api.url, request: () => ({ path: `/api/courses?${randomFilterQuery()}` }) }),
        UNCACHED_TARGET(cachedFilter),
      );
      // Issue 55: the two paths a cache cannot serve, as shares of bare node:http.
      if (!ONLY_SESSIONS) {
        row(
          `one category, price window ~30-900 drawn each request, by price, 24 a page (uncached)`,
          await load({ url: api.url, request: () => ({ path: `/api/courses?${wideWindowQuery()}` }) }),
          WIDE_TARGET,
        );
        // Every id asked once, never before (the warm detail row's ids left out): each answer is built.
        const unasked = new Set(detailIds);
        const coldIds = shuffled(
          (await pool.query<{ id: string }>('select id from courses where not is_draft')).rows
            .map((r) => r.id)
            .filter((id) => !unasked.has(id)),
        );
        let asked = 0;
        const cold = await load({
          url: api.url,
          request: () => ({ path: `/api/courses/${coldIds[asked++ % Math.max(1, coldIds.length)] ?? ''}` }),
        });
        row(
          `GET /api/courses/:id, each id asked once (cold cache)`,
          cold,
          COLD_DETAIL_TARGET,
          asked > coldIds.length
            ? `ran out of ids (${coldIds.length}) after ${coldIds.length} requests: the rest were cached; load more courses`
            : `${asked} of ${coldIds.length} ids asked`,
        );
      }
    }

    // Orders: a different buyer and Idempotency-Key each time; 1 line in 10 goes to a course
    // with few seats, except in the "plenty" run (the issue's pool of courses with plenty of seats).
    const allOrderCourses = [...orderCourses.plenty, ...orderCourses.scarce];
    const keyPrefix = (tag: string) => `bench-${tag}-${started}-`;
    const orderLoad = (tag: string, scarceLines = true) => {
      const prefix = keyPrefix(tag);
      let i = 0;
      return load({
        url: api?.url ?? '',
        request: () => {
          i += 1;
          const course =
            scarceLines && i % 10 === 0
              ? orderCourses.scarce[i % orderCourses.scarce.length]
              : orderCourses.plenty[i % orderCourses.plenty.length];
          return {
            path: '/api/orders',
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${tokens[i % tokens.length]}`,
              'Idempotency-Key': `${prefix}${i}`,
            },
            body: JSON.stringify({
              orderItems: [
                {
                  course,
                  qty: 1 + (i % 2),
                  ...(course && orderCourses.sessions[course]
                    ? { session: orderCourses.sessions[course] }
                    : {}),
                },
              ],
              shippingAddress: {
                address: '1 Bench Street',
                city: 'Tunis',
                postalCode: '1000',
                country: 'France',
              },
              // Paid on site: a production shop without a payment provider refuses Card (issue 17).
              paymentMethod: 'In Place',
            }),
          };
        },
      });
    };
    if (ONLY_ADMIN || ONLY_SEARCH || ONLY_WIDE) {
      row(BARE_AT_END, await ceiling('node'), undefined, 'for information');
      const outcome = printReport({
        rows,
        plans,
        seatChecks,
        courses: total,
        strict: process.env['BENCH_STRICT'] === '1',
      });
      process.exitCode = outcome.ok ? 0 : 1;
      return;
    }
    let before = await seatsOf(pool, allOrderCourses);
    row(
      'POST /api/orders (60 courses, plenty of seats)',
      await orderLoad('plenty', false),
      ORDER_TARGET,
      undefined,
      ['201'],
    );
    seatChecks = { 'plenty of seats': await checkSeats(pool, before, keyPrefix('plenty')) };

    before = await seatsOf(pool, allOrderCourses);
    row(
      'POST /api/orders (64 courses, 1 in 10 sells out)',
      await orderLoad('slots'),
      ORDER_TARGET,
      '409 = sold out',
      ['201', '409'],
    );
    seatChecks['version slots'] = await checkSeats(pool, before, keyPrefix('slots'));

    if (!ONLY_SESSIONS) {
      // Cancelling: each request cancels another pending order of the two runs above, by its owner.
      const placed = await pool.query<{ id: string; email: string }>(
        `select o.id, u.email from orders o join users u on u.id = o.user_id
        where o.idempotency_key like $1 or o.idempotency_key like $2 order by o.created_at`,
        [`${keyPrefix('plenty')}%`, `${keyPrefix('slots')}%`],
      );
      const tokenOf = new Map(buyers.map((b, i) => [b.email, tokens[i] ?? '']));
      const toCancel = placed.rows.map((o) => ({ id: o.id, token: tokenOf.get(o.email) ?? '' }));
      let cancelled = 0;
      before = await seatsOf(pool, allOrderCourses);
      row(
        `POST /api/orders/:id/cancel (owner, ${toCancel.length} pending orders)`,
        await load({
          url: api.url,
          request: () => {
            // Past the last order, the first ones again: those answer 409 (already cancelled).
            const order = toCancel[cancelled++ % Math.max(1, toCancel.length)];
            return {
              path: `/api/orders/${order?.id ?? ''}/cancel`,
              method: 'POST',
              headers: { Authorization: `Bearer ${order?.token ?? ''}` },
            };
          },
        }),
        ORDER_TARGET,
        cancelled > toCancel.length ? 'ran out of orders: 409 = already cancelled' : undefined,
        cancelled > toCancel.length ? ['200', '409'] : ['200'],
      );
      seatChecks['cancel'] = await checkCancelledSeats(pool, before, [
        keyPrefix('plenty'),
        keyPrefix('slots'),
      ]);

      await setScarceSeats(pool, orderCourses);
      before = await seatsOf(pool, allOrderCourses);
      const removeGlobalRow = await installGlobalVersionRow(pool);
      row(
        'POST /api/orders, one global version row',
        await orderLoad('global').finally(removeGlobalRow),
        undefined,
        'rejected design',
        ['201', '409'],
      );
      seatChecks['one global version row'] = await checkSeats(pool, before, keyPrefix('global'));
    }

    row(BARE_AT_END, await ceiling('node'), undefined, 'for information');
    const outcome = printReport({
      rows,
      plans,
      seatChecks,
      courses: total,
      strict: process.env['BENCH_STRICT'] === '1',
    });
    const file = path.join(
      RESULTS,
      `bench-${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`,
    );
    writeFileSync(
      file,
      JSON.stringify(
        {
          startedAt: new Date(started).toISOString(),
          courses: total,
          connections: CONNECTIONS,
          durationS: DURATION,
          warmupS: WARMUP,
          rows,
          plans,
          seatChecks,
        },
        null,
        2,
      ),
    );
    console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
    process.exitCode = outcome.ok ? 0 : 1;
  } finally {
    await api?.stop();
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

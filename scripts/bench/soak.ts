/**
 * `pnpm bench:soak`: mixed load (catalogue pages, searches, course details, sign-ins, orders
 * placed with their session, cancels, and payments through the built-in test gateway) for
 * SOAK_MINUTES (10) at SOAK_CONNECTIONS (32) against the API on the PostgreSQL server, printing
 * per minute the requests/s, p99, 5xx count and the API's RSS.
 *
 * Targets (issue 22): no 5xx and no socket error in any minute, RSS after the last minute within
 * 15 % of the 2nd minute's, p99 of the last minute within 1.5x of the 2nd's. Exit 1 when one
 * is missed, when a seat is oversold or lost (issue 49: every session's taken seats equal the
 * seats of its pending and paid orders), or when the run placed, cancelled or paid nothing.
 *
 * The API runs with NODE_ENV=development, the only mode with the test gateway (decision 0411);
 * bcrypt, the database and everything the load touches are as in production.
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

/**
 * Out of 20 requests: 6 catalogue pages, 3 searches, 1 filtered page, 4 details, 1 sign-in,
 * 2 orders (one Card, one In Place, each naming its course's session as the web client does),
 * 1 owner's cancel of an In Place order placed earlier, 1 payment page opened for a Card order
 * placed earlier and 1 payment completed on the test gateway's page (its webhook pays the order).
 * A cancel or payment with no order waiting yet asks for a course detail instead.
 */
const MIX = [
  ...Array<'page'>(6).fill('page'),
  ...Array<'search'>(3).fill('search'),
  'filter' as const,
  ...Array<'detail'>(4).fill('detail'),
  'signin' as const,
  'order' as const,
  'cancel' as const,
  'order' as const,
  'pay' as const,
  'complete' as const,
];

/** An order the load placed, with its owner's token, waiting to be cancelled or paid. */
interface Placed {
  id: string;
  token: string;
}

/** What the soak did to orders (counted from the answers), checked against the database at the end. */
interface Work {
  placed: number;
  cancelled: number;
  paymentsOpened: number;
  paymentsCompleted: number;
}

/** Each open session's seats left, of the order courses, before the run. */
async function sessionSeats(pool: pg.Pool, courses: string[]): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ id: string; seats_left: number }>(
    `select id, seats_left from sessions where course_id = any($1::uuid[]) and status = 'open'`,
    [courses],
  );
  return new Map(rows.map((r) => [r.id, r.seats_left]));
}

/**
 * Seats consistent after a soak (issue 49): no session or course below 0; for every session of
 * the order courses, the seats it gave during the run equal the seats in its lines of the run's
 * orders still holding them (pending, paid, learned: the cancelled ones gave theirs back); for
 * the courses, the same in total. Waits first until the orders' states stop moving (cancels and
 * webhooks still in flight when the load stopped).
 */
async function checkSoakSeats(
  pool: pg.Pool,
  courses: string[],
  before: { courses: Map<string, number>; sessions: Map<string, number> },
  keyPrefix: string,
) {
  const states = async () =>
    (
      await pool.query<{ state: string }>(
        `select string_agg(status || ':' || n, ',' order by status) as state
           from (select status, count(*) as n from orders where idempotency_key like $1 group by status) s`,
        [`${keyPrefix}%`],
      )
    ).rows[0]?.state ?? '';
  let state = await states();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await states();
    if (now === state) break;
    state = now;
  }
  const byStatus = Object.fromEntries(
    state
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.split(':')[0] ?? '', Number(pair.split(':')[1])]),
  ) as Record<string, number>;
  const after = await seatsOf(pool, courses);
  const seatsTaken = courses.reduce((sum, id) => sum + (before.courses.get(id) ?? 0) - (after.get(id) ?? 0), 0);
  const [sessionsAfter, heldBySession] = await Promise.all([
    sessionSeats(pool, courses),
    pool.query<{ session_id: string; qty: string }>(
      `select i.session_id, sum(i.qty) as qty from order_items i join orders o on o.id = i.order_id
        where o.idempotency_key like $1 and o.status in ('pending', 'paid', 'learned') group by i.session_id`,
      [`${keyPrefix}%`],
    ),
  ]);
  const heldIn = new Map(heldBySession.rows.map((r) => [r.session_id, Number(r.qty)]));
  const sessionsInconsistent = [...before.sessions].filter(
    ([id, seats]) => seats - (sessionsAfter.get(id) ?? seats) !== (heldIn.get(id) ?? 0),
  ).length;
  const [held, negative] = await Promise.all([
    pool.query<{ qty: string | null }>(
      `select sum(i.qty) as qty from order_items i join orders o on o.id = i.order_id
        where o.idempotency_key like $2 and i.course_id = any($1::uuid[]) and o.status in ('pending', 'paid', 'learned')`,
      [courses, `${keyPrefix}%`],
    ),
    pool.query<{ n: string }>(
      `select (select count(*) from courses where availability < 0) + (select count(*) from sessions where seats_left < 0) as n`,
    ),
  ]);
  const seatsHeld = Number(held.rows[0]?.qty ?? 0);
  const negativeRows = Number(negative.rows[0]?.n ?? 0);
  return {
    ok: negativeRows === 0 && sessionsInconsistent === 0 && seatsTaken === seatsHeld,
    seatsTaken,
    seatsHeld,
    sessionsInconsistent,
    negativeRows,
    orders: byStatus,
  };
}

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
    const { plenty, sessions } = await prepareOrderCourses(pool, 60, 0);
    if (plenty.some((id) => !sessions[id])) throw new Error('every order course must have an open session (loadCourses gives 3)');
    const detailIds = (
      await pool.query<{ id: string }>('select id from courses tablesample system (10) limit 2000')
    ).rows.map((r) => r.id);
    const seatsBefore = { courses: await seatsOf(pool, plenty), sessions: await sessionSeats(pool, plenty) };
    // The test gateway exists only outside production (decision 0411); nothing else the load touches changes.
    api = await startApi(url, { NODE_ENV: 'development', SEED_DEMO: 'false' });
    // The API's warning and error lines (the first 10), printed at the end.
    const apiErrors: string[] = [];
    const keepErrors = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n'))
        if (/\b(WARN|ERROR|FATAL)\b|"level":(40|50|60)/.test(line) && apiErrors.length < 10) apiErrors.push(line.slice(0, 600));
    };
    api.process.stdout?.on('data', keepErrors);
    api.process.stderr?.on('data', keepErrors);
    const tokens = await signIn(api.url, buyers);
    const keyPrefix = `soak-${started}-`;
    const work: Work = { placed: 0, cancelled: 0, paymentsOpened: 0, paymentsCompleted: 0 };
    const toCancel: Placed[] = [];
    const toPay: Placed[] = [];
    const toComplete: string[] = [];
    const json = { 'Content-Type': 'application/json' };
    const detail = () => ({ path: `/api/courses/${pick(detailIds)}` });

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
          return detail();
        case 'cancel': {
          const order = toCancel.shift();
          if (!order) return detail();
          return {
            path: `/api/orders/${order.id}/cancel`,
            method: 'POST',
            headers: { ...json, Authorization: `Bearer ${order.token}` },
            body: '{}',
            onAnswer: (status) => {
              if (status === 200) work.cancelled++;
            },
          };
        }
        case 'pay': {
          const order = toPay.shift();
          if (!order) return detail();
          return {
            path: `/api/orders/${order.id}/payment`,
            method: 'POST',
            headers: { ...json, Authorization: `Bearer ${order.token}` },
            body: '{}',
            onAnswer: (status, body) => {
              if (status !== 200) return;
              work.paymentsOpened++;
              const { payUrl } = JSON.parse(body) as { payUrl: string };
              toComplete.push(new URL(payUrl).pathname);
            },
          };
        }
        case 'complete': {
          const page = toComplete.shift();
          if (!page) return detail();
          return {
            path: `${page}/complete`,
            method: 'POST',
            onAnswer: (status) => {
              if (status === 303) work.paymentsCompleted++;
            },
          };
        }
        case 'signin':
          return {
            path: '/api/users/login',
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: pick(buyers).email, password: BENCH_PASSWORD }),
          };
        default: {
          // Each line names its course's session, as the web client's checkout does (issue 33).
          const course = plenty[n % plenty.length] ?? '';
          const token = tokens[n % tokens.length] ?? '';
          // The first order slot places Card orders (paid later), the second In Place ones (cancelled later).
          const paymentMethod = n % MIX.length === MIX.indexOf('order') ? 'Card' : 'In Place';
          return {
            path: '/api/orders',
            method: 'POST',
            headers: { ...json, Authorization: `Bearer ${token}`, 'Idempotency-Key': `${keyPrefix}${n}` },
            body: JSON.stringify({
              orderItems: [{ course, qty: 1, session: sessions[course] }],
              shippingAddress: {
                address: '1 Soak Street',
                city: 'Tunis',
                postalCode: '1000',
                country: 'France',
              },
              paymentMethod,
            }),
            onAnswer: (status, body) => {
              if (status !== 201) return;
              work.placed++;
              const order = { id: (JSON.parse(body) as { _id: string })._id, token };
              // Bounded queues: a slow minute never lets them grow without end.
              const queue = paymentMethod === 'Card' ? toPay : toCancel;
              if (queue.length < 5_000) queue.push(order);
            },
          };
        }
      }
    };
    // Which kind of request each 5xx answered, so a miss names its route.
    const fiveXxByKind: Record<string, number> = {};
    const counted = (): ReturnType<NonNullable<LoadOptions['request']>> => {
      const kind = MIX[(n + 1) % MIX.length] ?? 'detail';
      const next = request();
      const onAnswer = next.onAnswer;
      return {
        ...next,
        onAnswer: (status, body) => {
          if (status >= 500) fiveXxByKind[kind] = (fiveXxByKind[kind] ?? 0) + 1;
          onAnswer?.(status, body);
        },
      };
    };

    const minutes: Minute[] = [];
    console.log('\nminute  req/s   p99 ms   5xx  errors  API RSS MB');
    for (let minute = 1; minute <= MINUTES; minute++) {
      const figures = await measure({
        url: api.url,
        connections: CONNECTIONS,
        durationS: 60,
        warmupS: 0,
        request: counted,
        readAnswers: true,
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

    const seats = await checkSoakSeats(pool, plenty, seatsBefore, keyPrefix);
    const second = minutes[Math.min(1, minutes.length - 1)];
    const last = minutes[minutes.length - 1];
    const failures: string[] = [];
    const faults = minutes.reduce(
      (sum, m) => sum + m.fiveXx + m.figures.errors + m.figures.timeouts,
      0,
    );
    if (faults > 0) failures.push(`${faults} answers were 5xx, socket errors or time-outs`);
    if (Object.keys(fiveXxByKind).length > 0) console.log(`\n5xx by request kind: ${JSON.stringify(fiveXxByKind)}`);
    if (apiErrors.length > 0) console.log(`\nThe API's first errors:\n${apiErrors.join('\n')}`);
    if (second && last && second.rssMb && last.rssMb && last.rssMb > second.rssMb * 1.15)
      failures.push(
        `RSS grew from ${second.rssMb} MB (minute ${second.minute}) to ${last.rssMb} MB`,
      );
    if (second && last && last.figures.p99Ms > second.figures.p99Ms * 1.5)
      failures.push(`p99 grew from ${second.figures.p99Ms.toFixed(1)} ms to ${last.figures.p99Ms.toFixed(1)} ms`);
    if (!seats.ok)
      failures.push(
        `seats: ${seats.seatsTaken} taken for ${seats.seatsHeld} held by pending and paid orders, ${seats.sessionsInconsistent} sessions off, ${seats.negativeRows} below 0`,
      );
    // A run that placed, cancelled or paid nothing proves nothing (e.g. every order refused).
    const paid = seats.orders['paid'] ?? 0;
    const cancelled = seats.orders['cancelled'] ?? 0;
    if (work.placed === 0 || cancelled === 0 || paid === 0)
      failures.push(`orders: ${work.placed} placed, ${cancelled} cancelled, ${paid} paid (each must be above 0)`);
    console.log(
      `\nOrders: ${work.placed} placed, ${work.cancelled} cancelled, ${work.paymentsOpened} payment pages opened, ${work.paymentsCompleted} paid on the test gateway; in the database ${JSON.stringify(seats.orders)}`,
    );
    console.log(
      `Seats consistent: ${seats.ok ? 'yes' : 'NO'} (${seats.seatsTaken} taken, ${seats.seatsHeld} held by pending and paid orders); statuses of the last minute: ${JSON.stringify(last?.figures.statuses ?? {})}`,
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
          work,
          fiveXxByKind,
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

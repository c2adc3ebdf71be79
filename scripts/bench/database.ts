/** The benchmark's database: created fresh each run, loaded, and checked after the order run. */
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { seedSynthetic } from '../seed-synthetic.js';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432';
export const BENCH_DATABASE = 'shop_bench';
export const BENCH_PASSWORD = 'bench-password-1';

/**
 * BENCH_DATABASE_URL, used as it is; otherwise `shop_bench` on the local server,
 * dropped and created again so every run starts from the same state.
 */
export async function prepareDatabase(
  explicitUrl: string | undefined,
  name = BENCH_DATABASE,
): Promise<string> {
  if (explicitUrl) return explicitUrl;
  const admin = new pg.Client({ connectionString: `${DEFAULT_SERVER_URL}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return `${DEFAULT_SERVER_URL}/${name}`;
}

/** Loads `count` synthetic courses with `sessionsPerCourse` dated sessions each (issue 33; 0 for none). */
export async function loadCourses(
  url: string,
  count: number,
  sessionsPerCourse = 3,
): Promise<number> {
  let shown = 0;
  const total = await seedSynthetic({
    url,
    count,
    sessionsPerCourse,
    onBatch: (loaded) => {
      if (loaded - shown >= 20_000 || loaded === count) {
        shown = loaded;
        process.stdout.write(`\r  loaded ${loaded} / ${count} courses`);
      }
    },
  });
  process.stdout.write('\n');
  // What autovacuum does shortly after a bulk load: the GIN indexes' pending lists are merged
  // (until then the planner prices the trigram and category indexes too high) and the
  // visibility map lets counts use index-only scans.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze) courses');
    await client.query('vacuum (analyze) sessions');
  } finally {
    await client.end();
  }
  return total;
}

export interface Buyer {
  email: string;
}

/** Verified buyers inserted directly (one bcrypt hash shared by all: they sign in through the API). */
export async function insertBuyers(pool: pg.Pool, count: number): Promise<Buyer[]> {
  const hash = await bcrypt.hash(BENCH_PASSWORD, 6);
  const emails = Array.from({ length: count }, (_, i) => `bench-buyer-${i}@example.com`);
  await pool.query(
    `insert into users (name, email, password_hash, is_verified)
     select 'Buyer ' || n, e, $2, true from unnest($1::text[]) with ordinality as t(e, n)`,
    [emails, hash],
  );
  return emails.map((email) => ({ email }));
}

export interface OrderCourses {
  /** Courses with plenty of seats: every order for them succeeds. */
  plenty: string[];
  /** Courses with few seats: they sell out during the run, then answer 409. */
  scarce: string[];
  /**
   * The session each order line names, by course (issue 33): the course's soonest open session,
   * which gets the seats above; empty when the catalogue was loaded without sessions.
   */
  sessions: Record<string, string>;
}

/** Picks courses for the order run and sets their seats; remembers the seats before the run. */
export async function prepareOrderCourses(
  pool: pg.Pool,
  plentyCount: number,
  scarceCount: number,
): Promise<OrderCourses> {
  const { rows } = await pool.query<{ id: string }>(
    `select id from courses order by created_at desc, id desc offset 500 limit $1`,
    [plentyCount + scarceCount],
  );
  const ids = rows.map((r) => r.id);
  const plenty = ids.slice(0, plentyCount);
  const scarce = ids.slice(plentyCount);
  await pool.query(`update courses set availability = 1000000 where id = any($1::uuid[])`, [
    plenty,
  ]);
  await pool.query(`update courses set availability = 40 where id = any($1::uuid[])`, [scarce]);
  const found = await pool.query<{ course_id: string; id: string }>(
    `select distinct on (course_id) course_id, id from sessions
      where course_id = any($1::uuid[]) and status = 'open' order by course_id, starts_at, id`,
    [ids],
  );
  const sessions = Object.fromEntries(found.rows.map((r) => [r.course_id, r.id]));
  const sessionsOf = (courses: string[]) =>
    courses.flatMap((id) => (sessions[id] ? [sessions[id]] : []));
  await pool.query(
    `update sessions set capacity = 1000000, seats_left = 1000000 where id = any($1::uuid[])`,
    [sessionsOf(plenty)],
  );
  await setScarceSeats(pool, { plenty, scarce, sessions });
  return { plenty, scarce, sessions };
}

/** The scarce courses back to 40 seats (their session's, when they have one). */
export async function setScarceSeats(pool: pg.Pool, courses: OrderCourses): Promise<void> {
  await pool.query(`update courses set availability = 40 where id = any($1::uuid[])`, [
    courses.scarce,
  ]);
  const ids = courses.scarce.flatMap((id) => (courses.sessions[id] ? [courses.sessions[id]] : []));
  await pool.query(
    `update sessions set capacity = greatest(capacity, 40), seats_left = 40 where id = any($1::uuid[])`,
    [ids],
  );
}

/** The seats left of each course: across its open sessions when it has some (issue 33), else its own. */
export async function seatsOf(pool: pg.Pool, ids: string[]): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ id: string; seats: number }>(
    `select c.id, coalesce((select sum(s.seats_left)::integer from sessions s where s.course_id = c.id and s.status = 'open'),
       c.availability) as seats
       from courses c where c.id = any($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.seats]));
}

/**
 * A count once it stops moving (requests still in flight when the load stopped finish within
 * a few hundred ms): read every 300 ms, at most 15 s.
 */
async function settled(count: () => Promise<number>): Promise<number> {
  let seen = await count();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await count();
    if (now === seen) break;
    seen = now;
  }
  return seen;
}

export interface SeatCheck {
  ok: boolean;
  negativeCourses: number;
  seatsTaken: number;
  seatsOrdered: number;
  orders: number;
}

/**
 * Never an oversold seat: no course below 0, and the seats the run took from its courses
 * equal the seats in the lines of the orders it placed (Idempotency-Key starting with
 * `keyPrefix`). Waits first for requests still in flight when the load generator stopped.
 */
export async function checkSeats(
  pool: pg.Pool,
  before: Map<string, number>,
  keyPrefix: string,
): Promise<SeatCheck> {
  const ids = [...before.keys()];
  const ordersPlaced = async () =>
    Number(
      (
        await pool.query<{ n: string }>(
          `select count(*) as n from orders where idempotency_key like $1`,
          [`${keyPrefix}%`],
        )
      ).rows[0]?.n ?? 0,
    );
  const placed = await settled(ordersPlaced);
  const after = await seatsOf(pool, ids);
  const seatsTaken = ids.reduce((sum, id) => sum + (before.get(id) ?? 0) - (after.get(id) ?? 0), 0);
  const [negative, ordered] = await Promise.all([
    pool.query<{ n: string }>(
      `select (select count(*) from courses where availability < 0) + (select count(*) from sessions where seats_left < 0) as n`,
    ),
    pool.query<{ qty: string | null }>(
      `select sum(i.qty) as qty from order_items i join orders o on o.id = i.order_id
        where o.idempotency_key like $2 and i.course_id = any($1::uuid[])`,
      [ids, `${keyPrefix}%`],
    ),
  ]);
  const negativeCourses = Number(negative.rows[0]?.n ?? 0);
  const seatsOrdered = Number(ordered.rows[0]?.qty ?? 0);
  return {
    // A run that placed nothing proves nothing (every order refused).
    ok: negativeCourses === 0 && seatsTaken === seatsOrdered && placed > 0,
    negativeCourses,
    seatsTaken,
    seatsOrdered,
    orders: placed,
  };
}

/**
 * The rejected design, for comparison: one global version row bumped by every write to
 * courses, so every order transaction queues behind the previous one for that row.
 */
export async function installGlobalVersionRow(pool: pg.Pool): Promise<() => Promise<void>> {
  await pool.query(`
    create table bench_global_version (id int primary key, n bigint not null);
    insert into bench_global_version values (1, 0);
    create function bench_global_bump() returns trigger language plpgsql as $$
    begin update bench_global_version set n = n + 1 where id = 1; return null; end $$;
    create trigger bench_global_bump after update on courses for each statement execute function bench_global_bump();
  `);
  return async () => {
    await pool.query(`
      drop trigger bench_global_bump on courses;
      drop function bench_global_bump();
      drop table bench_global_version;
    `);
  };
}

/**
 * After the cancel run: the seats given back to the courses equal the seats of the orders
 * (of these runs) now cancelled, and no course went above where it was before the orders.
 */
export async function checkCancelledSeats(
  pool: pg.Pool,
  before: Map<string, number>,
  keyPrefixes: string[],
): Promise<SeatCheck> {
  const ids = [...before.keys()];
  const patterns = keyPrefixes.map((p) => `${p}%`);
  // Cancels still in flight when the load stopped: wait until the count stops moving.
  const cancelledCount = async () =>
    Number(
      (
        await pool.query<{ n: string }>(
          `select count(*) as n from orders where status = 'cancelled' and idempotency_key like any($1::text[])`,
          [patterns],
        )
      ).rows[0]?.n ?? 0,
    );
  await settled(cancelledCount);
  const after = await seatsOf(pool, ids);
  const seatsReturned = ids.reduce((sum, id) => sum + (after.get(id) ?? 0) - (before.get(id) ?? 0), 0);
  const { rows } = await pool.query<{ orders: string; qty: string | null }>(
    `select count(distinct o.id) as orders, sum(i.qty) as qty
       from orders o join order_items i on i.order_id = o.id
      where o.status = 'cancelled' and o.idempotency_key like any($2::text[]) and i.course_id = any($1::uuid[])`,
    [ids, patterns],
  );
  const seatsCancelled = Number(rows[0]?.qty ?? 0);
  const cancelled = Number(rows[0]?.orders ?? 0);
  const negative = await pool.query<{ n: string }>(
    `select (select count(*) from courses where availability < 0) + (select count(*) from sessions where seats_left < 0) as n`,
  );
  const negativeCourses = Number(negative.rows[0]?.n ?? 0);
  return {
    ok: negativeCourses === 0 && seatsReturned === seatsCancelled && cancelled > 0,
    negativeCourses,
    seatsTaken: -seatsReturned,
    seatsOrdered: -seatsCancelled,
    orders: cancelled,
  };
}

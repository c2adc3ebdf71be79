/**
 * The back office's measures (issue 19): `BENCH_ORDERS` (100 000) synthetic orders are
 * loaded, then `GET /api/admin/stats` and the filtered admin order list are measured at
 * `BENCH_ADMIN_CONNECTIONS` (8) connections, target p99 under 200 ms each.
 */
import type pg from 'pg';
import { BENCH_PASSWORD } from './database.js';
import bcrypt from 'bcryptjs';

export const ADMIN_EMAIL = 'bench-admin@example.com';

/**
 * Inserts `count` orders of the buyers (one or two lines each, on courses of the catalogue)
 * in batches of 10 000: placed over the last year; 4 in 10 paid, 1 learned, 2 pending (those
 * placed more than 3 days ago, their hold ended, expired), 2 cancelled, 1 expired; 1 in 3 paid
 * "In Place". Amounts follow the shop's rules.
 */
export async function insertOrders(pool: pg.Pool, count: number): Promise<void> {
  const { rows: courses } = await pool.query<{ id: string }>(
    `select id from courses order by created_at desc, id desc offset 1000 limit 400`,
  );
  const courseIds = courses.map((c) => c.id);
  for (let start = 0; start < count; start += 10_000) {
    const size = Math.min(10_000, count - start);
    await pool.query(
      `with buyers as (select array_agg(id order by email) as ids from users where email like 'bench-buyer-%'),
      spec as (
        select gen_random_uuid() as id, n,
          (select ids from buyers)[1 + n % (select cardinality(ids) from buyers)] as user_id,
          $2::uuid[] as courses,
          (20 + n % 180)::numeric as price, 1 + n % 2 as qty, 1 + (n / 7) % 2 as lines,
          case n % 10 when 0 then 'paid' when 1 then 'paid' when 2 then 'paid' when 3 then 'paid'
            when 4 then 'learned' when 5 then 'pending' when 6 then 'pending'
            when 7 then 'cancelled' when 8 then 'cancelled' else 'expired' end as placed_as,
          case when n % 3 = 0 then 'In Place' else 'Card' end as payment_method,
          now() - make_interval(days => n % 365, mins => (n * 37) % 1440) as created_at
        from generate_series($1::int, $1::int + $3::int - 1) as n
      ),
      priced as (
        -- A pending order whose hold (3 days) has ended is expired, as the shop's sweeper
        -- would have done within 30 s: left pending, the API under test would spend the
        -- measures expiring them (and clearing the visibility map of every orders page).
        select spec.*, price * qty * lines as items,
          case when placed_as = 'pending' and created_at + interval '3 days' <= now() then 'expired'
            else placed_as end as status
        from spec
      ),
      new_orders as (
        insert into orders (id, user_id, user_name, user_email, address, city, postal_code, country,
          payment_method, items_price, shipping_price, tax_price, total_price, is_paid, paid_at,
          is_learned, learned_at, status, hold_expires_at, cancelled_at, refunded_at, created_at)
        select p.id, p.user_id, u.name, u.email, '1 Bench Street', 'Tunis', '1000', 'France',
          p.payment_method, p.items, case when p.items > 100 then 0 else 100 end, round(p.items * 0.15, 2),
          p.items + case when p.items > 100 then 0 else 100 end + round(p.items * 0.15, 2),
          p.status in ('paid', 'learned') or (p.status = 'cancelled' and p.n % 20 = 7),
          case when p.status in ('paid', 'learned') or (p.status = 'cancelled' and p.n % 20 = 7) then p.created_at + interval '2 hours' end,
          p.status = 'learned', case when p.status = 'learned' then p.created_at + interval '3 days' end,
          p.status,
          p.created_at + interval '3 days',
          case when p.status = 'cancelled' then p.created_at + interval '1 day' end,
          case when p.status = 'cancelled' and p.n % 20 = 7 then p.created_at + interval '1 day' end,
          p.created_at
        from priced p join users u on u.id = p.user_id
        returning id
      )
      insert into order_items (order_id, course_id, name, qty, price, image, position)
      select p.id, p.courses[1 + (p.n + l) % cardinality(p.courses)], 'Bench course ' || ((p.n + l) % cardinality(p.courses)),
        p.qty, p.price, '', l
      from priced p cross join lateral generate_series(0, p.lines - 1) as l
      where p.id in (select id from new_orders)`,
      [start, courseIds, size],
    );
    process.stdout.write(`\r  loaded ${start + size} / ${count} orders`);
  }
  process.stdout.write('\n');
  await pool.query('vacuum (analyze) orders, order_items');
}

/** The admin who signs in to measure the back office. */
export async function insertAdmin(pool: pg.Pool): Promise<{ email: string }> {
  const hash = await bcrypt.hash(BENCH_PASSWORD, 6);
  await pool.query(
    `insert into users (name, email, password_hash, is_verified, is_admin) values ('Bench Admin', $1, $2, true, true)
     on conflict do nothing`,
    [ADMIN_EMAIL, hash],
  );
  return { email: ADMIN_EMAIL };
}

/** Tunis-day strings for the stats period: the last `days` days. */
export function lastDays(days: number): { from: string; to: string } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const now = new Date();
  return { from: day(new Date(now.getTime() - (days - 1) * 86_400_000)), to: day(now) };
}

import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus, type PaymentMethod, type StatsInterval } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { courses } from '../courses/courses.schema.js';
import { orderSalesDaily, orders } from '../enrolment/tables/orders.schema.js';
import { users } from '../identity/identity.schema.js';
import { dayEnd, dayStart, seatsOnSale, SHOP_TIME_ZONE } from '../../db/sql-helpers.js';

/** A period of Tunis days, inclusive, and the revenue buckets. */
export interface StatsPeriod {
  from: string;
  to: string;
  interval: StatsInterval;
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

const DAY_MS = 86_400_000;

/**
 * How many buckets the period spans (weeks from Monday, calendar months). The bucket series is
 * numbered in SQL from this count, a constant the planner reads: a series of dates would be
 * estimated at 1000 rows, and a year's revenue priced high enough to be JIT-compiled (tens of
 * milliseconds for a statement that takes a few).
 */
export function bucketCount({ from, to, interval }: StatsPeriod): number {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (interval === 'month')
    return (
      end.getUTCFullYear() * 12 +
      end.getUTCMonth() -
      (start.getUTCFullYear() * 12 + start.getUTCMonth()) +
      1
    );
  if (interval === 'week') {
    const monday = start.getTime() - ((start.getUTCDay() + 6) % 7) * DAY_MS;
    return Math.floor((end.getTime() - monday) / (7 * DAY_MS)) + 1;
  }
  return Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
}

/**
 * Money that came in per bucket (Tunis days, weeks from Monday, months), empty buckets
 * included: orders paid in the period and not refunded since. Each bucket is one range of
 * orders_paid_at_idx (paid and not refunded, with the amount): an index-only sum, and no time
 * zone conversion per order (the buckets' bounds are converted, not the orders' instants). The
 * first and last buckets are cut to the period (a week or month may start before `from`).
 */
export async function revenueByPeriod(db: DbOrTx, period: StatsPeriod) {
  const unit = sql.raw(`'${period.interval}'`);
  const step = sql.raw(`'1 ${period.interval}'`);
  const rows = await rowsOf<{ period: string; revenue: string | number; orders: string | number }>(
    db,
    sql`
      with buckets as (
        select (date_trunc(${unit}, ${period.from}::date) + n * ${step}::interval)::date as period
        from generate_series(0, ${sql.raw(String(bucketCount(period) - 1))}) as n
      )
      select to_char(buckets.period, 'YYYY-MM-DD') as period, coalesce(paid.revenue, 0) as revenue, paid.orders
      from buckets cross join lateral (
        select sum(${orders.totalPrice}) as revenue, count(*) as orders
        from ${orders}
        where ${orders.paidAt} >= greatest(buckets.period::timestamp at time zone ${SHOP_TIME_ZONE}, ${dayStart(period.from)})
          and ${orders.paidAt} < least((buckets.period + ${step}::interval) at time zone ${SHOP_TIME_ZONE}, ${dayEnd(period.to)})
          and ${orders.refundedAt} is null
      ) as paid
      order by buckets.period`,
  );
  return rows.map((r) => ({
    period: r.period,
    revenue: Number(r.revenue),
    orders: Number(r.orders),
  }));
}

/**
 * Orders placed in the period, by their status now: one count per status, each a range of
 * orders_status_created_idx read from the index alone; statuses without orders are left out.
 */
export async function ordersByStatus(db: DbOrTx, period: StatsPeriod) {
  const statuses = sql.raw(`array[${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')}]::text[]`);
  const rows = await rowsOf<{ status: OrderStatus; orders: string | number }>(
    db,
    sql`
      select known.status, placed.orders
      from unnest(${statuses}) with ordinality as known (status, position)
      cross join lateral (
        select count(*) as orders from ${orders}
        where ${orders.status} = known.status
          and ${orders.createdAt} >= ${dayStart(period.from)} and ${orders.createdAt} < ${dayEnd(period.to)}
      ) as placed
      where placed.orders > 0
      order by known.position`,
  );
  return rows.map((r) => ({ status: r.status, orders: Number(r.orders) }));
}

/**
 * Per course, the seats sold and the money of paid or learned orders placed in the period,
 * and its seats on sale now (in its open sessions for a course sold by session, issue 54): the 10 most sold and the 5 best earning, ranked by PostgreSQL
 * (only those rows come back, however many courses sold). Read from order_sales_daily (the
 * lines of those orders summed per Tunis day, course and line name, kept by triggers): a
 * course counts when one of its lines does (`lines` > 0), and a deleted course is named by
 * the smallest name of its counted lines, as a query of the lines themselves answers.
 */
export async function courseSales(db: DbOrTx, period: StatsPeriod, now: Date) {
  const rows = await rowsOf<RankedSalesRow>(
    db,
    sql`
      with sold as (
        select ${orderSalesDaily.courseId} as course,
          min(${orderSalesDaily.name}) filter (where ${orderSalesDaily.lines} > 0) as name,
          sum(${orderSalesDaily.seats}) as seats, sum(${orderSalesDaily.revenue}) as revenue
        from ${orderSalesDaily}
        where ${orderSalesDaily.day} >= ${period.from}::date and ${orderSalesDaily.day} <= ${period.to}::date
        group by ${orderSalesDaily.courseId}
        having sum(${orderSalesDaily.lines}) > 0
      ),
      ranked as (
        select sold.*,
          row_number() over (order by seats desc, course) as by_seats,
          row_number() over (order by revenue desc, course) as by_revenue
        from sold
      )
      select ranked.course, coalesce(${courses.name}, ranked.name) as name, ranked.seats, ranked.revenue,
        ${seatsOnSale('courses', now)} as "left", ranked.by_seats, ranked.by_revenue
      from ranked left join ${courses} on ${courses.id} = ranked.course
      where ranked.by_seats <= 10 or ranked.by_revenue <= 5`,
  );
  return rankedSales(rows);
}

/** A row of the course sales ranking, as PostgreSQL answers it (numbers may come as text). */
export interface RankedSalesRow {
  course: string | null;
  name: string;
  seats: string | number;
  revenue: string | number;
  left: string | number | null;
  by_seats: string | number;
  by_revenue: string | number;
}

/** The ranked rows as the dashboard shows them: the 10 most sold, the 5 best earning. */
export function rankedSales(rows: readonly RankedSalesRow[]) {
  const sales = rows.map((r) => ({
    course: r.course,
    name: r.name,
    seats: Number(r.seats),
    revenue: Number(r.revenue),
    left: r.left === null ? null : Number(r.left),
    bySeats: Number(r.by_seats),
    byRevenue: Number(r.by_revenue),
  }));
  return {
    seats: sales
      .filter((s) => s.bySeats <= 10)
      .sort((a, b) => a.bySeats - b.bySeats)
      .map((s) => ({ course: s.course, name: s.name, sold: s.seats, left: s.left })),
    topCourses: sales
      .filter((s) => s.byRevenue <= 5)
      .sort((a, b) => a.byRevenue - b.byRevenue)
      .map((s) => ({ course: s.course, name: s.name, revenue: s.revenue, seats: s.seats })),
  };
}

/**
 * The customers to call: unpaid In Place and Transfer orders whose hold ends within a day of
 * `now` (orders_hold_expiry_idx), and Transfer orders whose proof of payment waits for a check
 * (issue 36, orders_proof_submitted_idx), soonest hold end first.
 */
export async function holdsEnding(db: DbOrTx, now: Date, limit = 50) {
  const rows = await rowsOf<{
    id: string;
    user_id: string | null;
    name: string;
    email: string;
    total: string | number;
    hold_expires_at: string | Date;
    payment_method: string;
    proof_status: string | null;
  }>(
    db,
    sql`
      select ${orders.id} as id, ${orders.userId} as user_id,
        coalesce(${users.name}, ${orders.userName}) as name, coalesce(${users.email}, ${orders.userEmail}) as email,
        ${orders.totalPrice} as total, ${orders.holdExpiresAt} as hold_expires_at,
        ${orders.paymentMethod} as payment_method, ${orders.proofStatus} as proof_status
      from ${orders} left join ${users} on ${users.id} = ${orders.userId}
      where ${orders.status} = 'pending' and (
        (${orders.paymentMethod} in ('In Place', 'Transfer')
          and ${orders.holdExpiresAt} >= ${now.toISOString()}::timestamptz
          and ${orders.holdExpiresAt} < ${now.toISOString()}::timestamptz + interval '24 hours')
        or ${orders.proofStatus} = 'submitted')
      order by ${orders.holdExpiresAt}, ${orders.id}
      limit ${limit}`,
  );
  return rows.map((r) => ({
    _id: r.id,
    user: { _id: r.user_id, name: r.name, email: r.email },
    totalPrice: Number(r.total),
    holdExpiresAt: new Date(r.hold_expires_at).toISOString(),
    paymentMethod: r.payment_method as PaymentMethod,
    proofWaiting: r.proof_status === 'submitted',
  }));
}

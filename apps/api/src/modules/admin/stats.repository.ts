import { sql } from 'drizzle-orm';
import type { OrderStatus, StatsInterval } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { courses, orderItems, orders, users } from '../../db/schema.js';
import { dayEnd, dayStart, SHOP_TIME_ZONE } from '../../db/sql-helpers.js';

/** A period of Tunis days, inclusive, and the revenue buckets. */
export interface StatsPeriod {
  from: string;
  to: string;
  interval: StatsInterval;
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Money that came in per bucket (Tunis days, weeks from Monday, months), empty buckets
 * included: orders paid in the period and not refunded since. orders_paid_at_idx gives the
 * range of paid instants; the sums are PostgreSQL's.
 */
export async function revenueByPeriod(db: DbOrTx, period: StatsPeriod) {
  const unit = sql.raw(`'${period.interval}'`);
  const rows = await rowsOf<{ period: string; revenue: string | number; orders: string | number }>(
    db,
    sql`
      with buckets as (
        select generate_series(date_trunc(${unit}, ${period.from}::date), ${period.to}::date, ${sql.raw(`'1 ${period.interval}'`)}::interval)::date as period
      ),
      paid as (
        select date_trunc(${unit}, ${orders.paidAt} at time zone ${SHOP_TIME_ZONE})::date as period,
          sum(${orders.totalPrice}) as revenue, count(*) as orders
        from ${orders}
        where ${orders.paidAt} >= ${dayStart(period.from)} and ${orders.paidAt} < ${dayEnd(period.to)}
          and ${orders.refundedAt} is null
        group by 1
      )
      select to_char(buckets.period, 'YYYY-MM-DD') as period, coalesce(paid.revenue, 0) as revenue, coalesce(paid.orders, 0) as orders
      from buckets left join paid on paid.period = buckets.period
      order by buckets.period`,
  );
  return rows.map((r) => ({
    period: r.period,
    revenue: Number(r.revenue),
    orders: Number(r.orders),
  }));
}

/** Orders placed in the period, by their status now (orders_created_at_idx range). */
export async function ordersByStatus(db: DbOrTx, period: StatsPeriod) {
  const rows = await rowsOf<{ status: OrderStatus; orders: string | number }>(
    db,
    sql`
      select ${orders.status} as status, count(*) as orders from ${orders}
      where ${orders.createdAt} >= ${dayStart(period.from)} and ${orders.createdAt} < ${dayEnd(period.to)}
      group by ${orders.status}`,
  );
  return rows.map((r) => ({ status: r.status, orders: Number(r.orders) }));
}

/**
 * Per course, the seats sold and the money of paid or learned orders placed in the period,
 * and its seats left now: the 10 most sold and the 5 best earning, ranked by PostgreSQL
 * (only those rows come back, however many courses sold).
 */
export async function courseSales(db: DbOrTx, period: StatsPeriod) {
  const rows = await rowsOf<{
    course: string | null;
    name: string;
    seats: string | number;
    revenue: string | number;
    left: number | null;
    by_seats: string | number;
    by_revenue: string | number;
  }>(
    db,
    sql`
      with sold as (
        select ${orderItems.courseId} as course, min(${orderItems.name}) as name,
          sum(${orderItems.qty}) as seats, sum(${orderItems.qty} * ${orderItems.price}) as revenue
        from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
        where ${orders.createdAt} >= ${dayStart(period.from)} and ${orders.createdAt} < ${dayEnd(period.to)}
          and ${orders.status} in ('paid', 'learned')
        group by ${orderItems.courseId}
      ),
      ranked as (
        select sold.*,
          row_number() over (order by seats desc, course) as by_seats,
          row_number() over (order by revenue desc, course) as by_revenue
        from sold
      )
      select ranked.course, coalesce(${courses.name}, ranked.name) as name, ranked.seats, ranked.revenue,
        ${courses.availability} as "left", ranked.by_seats, ranked.by_revenue
      from ranked left join ${courses} on ${courses.id} = ranked.course
      where ranked.by_seats <= 10 or ranked.by_revenue <= 5`,
  );
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

/** Unpaid In Place orders whose hold ends within a day of `now`, soonest first (orders_hold_expiry_idx). */
export async function holdsEnding(db: DbOrTx, now: Date, limit = 50) {
  const rows = await rowsOf<{
    id: string;
    user_id: string | null;
    name: string;
    email: string;
    total: string | number;
    hold_expires_at: string | Date;
  }>(
    db,
    sql`
      select ${orders.id} as id, ${orders.userId} as user_id,
        coalesce(${users.name}, ${orders.userName}) as name, coalesce(${users.email}, ${orders.userEmail}) as email,
        ${orders.totalPrice} as total, ${orders.holdExpiresAt} as hold_expires_at
      from ${orders} left join ${users} on ${users.id} = ${orders.userId}
      where ${orders.status} = 'pending' and ${orders.paymentMethod} = 'In Place'
        and ${orders.holdExpiresAt} >= ${now.toISOString()}::timestamptz
        and ${orders.holdExpiresAt} < ${now.toISOString()}::timestamptz + interval '24 hours'
      order by ${orders.holdExpiresAt}, ${orders.id}
      limit ${limit}`,
  );
  return rows.map((r) => ({
    _id: r.id,
    user: { _id: r.user_id, name: r.name, email: r.email },
    totalPrice: Number(r.total),
    holdExpiresAt: new Date(r.hold_expires_at).toISOString(),
  }));
}

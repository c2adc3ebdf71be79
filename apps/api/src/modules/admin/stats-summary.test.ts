/**
 * The dashboard's course sales come from order_sales_daily, kept by triggers (migration 0013).
 * These tests move orders through every path that changes what counts (place, pay, learn,
 * cancel, refund, expire, pay after expiry, placed-at moved, lines written after a paid order,
 * a line changed, an order deleted, a course renamed or deleted) and compare, after each
 * step, the summary and the dashboard's answer with a ground truth computed from the orders
 * and their lines themselves.
 */
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '@shop/shared';
import { courses } from '../courses/courses.schema.js';
import { orderItems, orders } from '../enrolment/tables/orders.schema.js';
import type { ServiceContext } from '../../deps.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { adminOrderAction, placeTestOrder } from '../../test/orders.js';
import { sweepExpiredHolds } from '../enrolment/orders/order-states.service.js';
import { bucketCount, rankedSales, type RankedSalesRow } from './stats.repository.js';

const HOLD_MINUTES = 60;
let ctx: TestContext;
let admin: UserFixture;
let buyer: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext({ SEAT_HOLD_MINUTES: String(HOLD_MINUTES) });
  admin = await createAdmin(ctx.database.db, ctx.config);
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Amel Trabelsi' });
});
afterAll(() => ctx.close());

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await ctx.database.db.execute(query)) as unknown as Rows<T>).rows;

interface SummaryRow {
  day: string;
  course: string | null;
  name: string;
  lines: number;
  seats: number;
  revenue: number;
}

const normalise = (rows: Record<string, unknown>[]): SummaryRow[] =>
  rows
    .map((r) => ({
      day: String(r['day']),
      course: (r['course'] as string | null) ?? null,
      name: String(r['name']),
      lines: Number(r['lines']),
      seats: Number(r['seats']),
      revenue: Number(r['revenue']),
    }))
    .sort((a, b) =>
      `${a.day}|${a.course ?? ''}|${a.name}`.localeCompare(`${b.day}|${b.course ?? ''}|${b.name}`),
    );

/** The lines of paid or learned orders per Tunis day of placing, course and name: the truth. */
const truth = async () =>
  normalise(
    await rowsOf(sql`
      select to_char((o.created_at at time zone 'Africa/Tunis')::date, 'YYYY-MM-DD') as day,
        i.course_id as course, i.name, count(*) as lines, sum(i.qty) as seats, sum(i.qty * i.price) as revenue
      from orders o join order_items i on i.order_id = o.id
      where o.status in ('paid', 'learned')
      group by 1, 2, 3`),
  );

/** The summary's rows that count (a row at 0 lines must also be at 0 seats and 0 money). */
const summary = async () => {
  const rows = normalise(
    await rowsOf(sql`
      select to_char(day, 'YYYY-MM-DD') as day, course_id as course, name, lines, seats, revenue
      from order_sales_daily`),
  );
  for (const row of rows.filter((r) => r.lines === 0))
    expect(row, 'an emptied summary row').toMatchObject({ seats: 0, revenue: 0 });
  return rows.filter((r) => r.lines !== 0);
};

/** The dashboard's seats and top courses as the lines themselves give them (the query before the summary). */
async function salesFromLines(from: string, to: string) {
  const rows = await rowsOf<RankedSalesRow>(sql`
    with sold as (
      select i.course_id as course, min(i.name) as name, sum(i.qty) as seats, sum(i.qty * i.price) as revenue
      from orders o join order_items i on i.order_id = o.id
      where o.created_at >= ((${from}::date)::timestamp at time zone 'Africa/Tunis')
        and o.created_at < (((${to}::date + 1))::timestamp at time zone 'Africa/Tunis')
        and o.status in ('paid', 'learned')
      group by i.course_id
    ),
    ranked as (
      select sold.*, row_number() over (order by seats desc, course) as by_seats,
        row_number() over (order by revenue desc, course) as by_revenue
      from sold
    )
    select ranked.course, coalesce(c.name, ranked.name) as name, ranked.seats, ranked.revenue,
      c.availability as "left", ranked.by_seats, ranked.by_revenue
    from ranked left join courses c on c.id = ranked.course
    where ranked.by_seats <= 10 or ranked.by_revenue <= 5`);
  return rankedSales(rows);
}

const PERIOD = { from: '2026-03-01', to: '2026-04-30' };

async function expectNoDrift(step: string) {
  expect(await summary(), `summary after: ${step}`).toEqual(await truth());
  const stats = (
    await request(ctx.app)
      .get(`/api/admin/stats?from=${PERIOD.from}&to=${PERIOD.to}&interval=week`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200)
  ).body as Stats;
  const expected = await salesFromLines(PERIOD.from, PERIOD.to);
  expect({ seats: stats.seats, topCourses: stats.topCourses }, `dashboard after: ${step}`).toEqual(
    expected,
  );
  return stats;
}

const instance = (): ServiceContext => ({ ...ctx.deps, events: ctx.app.events });
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

describe('order_sales_daily follows every change of an order', () => {
  it('counts paid and learned orders once, on the Tunis day they were placed, whatever path changed them', async () => {
    const a = await createCourse(ctx.database.db, {
      name: 'Arduino club',
      price: 40,
      availability: 50,
    });
    const b = await createCourse(ctx.database.db, { name: 'Ballet', price: 75, availability: 50 });
    const c = await createCourse(ctx.database.db, { name: 'Chess', price: 20, availability: 50 });
    await expectNoDrift('nothing sold');

    // Placed: pending orders count nothing.
    const first = await placeTestOrder(
      ctx,
      buyer,
      [
        { course: a.id, qty: 2 },
        { course: b.id, qty: 1 },
      ],
      {
        createdAt: at('2026-04-02'),
      },
    );
    const second = await placeTestOrder(ctx, buyer, [{ course: a.id, qty: 1 }], {
      createdAt: at('2026-04-02'),
    });
    // 23:30 UTC on 1 April is 00:30 on 2 April in Tunis: the Tunis day.
    const late = await placeTestOrder(ctx, buyer, [{ course: c.id, qty: 3 }], {
      createdAt: new Date('2026-04-01T23:30:00Z'),
    });
    expect(await summary()).toEqual([]);
    await expectNoDrift('placed');

    await adminOrderAction(ctx, admin, first._id, 'pay');
    await adminOrderAction(ctx, admin, second._id, 'pay');
    await adminOrderAction(ctx, admin, late._id, 'pay');
    const paid = await expectNoDrift('paid');
    // (Arduino club and Chess tie at 3: PostgreSQL breaks the tie by course id.)
    expect(Object.fromEntries(paid.seats.map((s) => [s.name, s.sold]))).toEqual({
      'Arduino club': 3,
      Chess: 3,
      Ballet: 1,
    });
    expect(paid.seats[2]?.name).toBe('Ballet');
    expect((await summary()).map((r) => r.day)).toEqual(['2026-04-02', '2026-04-02', '2026-04-02']);

    // Learned: still counted, once.
    await adminOrderAction(ctx, admin, first._id, 'learn');
    await expectNoDrift('learned');

    // Cancelled after payment: refunded, no longer sold; the row stays at zero.
    await adminOrderAction(ctx, admin, second._id, 'cancel');
    const refunded = await expectNoDrift('refunded');
    expect(refunded.seats.find((s) => s.name === 'Arduino club')?.sold).toBe(2);

    // A pending order cancelled, and another expired by the sweeper: never counted.
    const cancelled = await placeTestOrder(ctx, buyer, [{ course: b.id, qty: 4 }], {
      createdAt: at('2026-04-03'),
    });
    await adminOrderAction(ctx, admin, cancelled._id, 'cancel');
    const expiring = await placeTestOrder(ctx, buyer, [{ course: c.id, qty: 2 }], {
      paymentMethod: 'In Place',
      createdAt: at('2026-04-05'),
    });
    ctx.clock.advance((HOLD_MINUTES + 5) * 60_000);
    await sweepExpiredHolds(instance());
    const [expired] = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, expiring._id));
    expect(expired?.status).toBe('expired');
    await expectNoDrift('cancelled and expired');

    // An expired order paid after all (its seats taken again): counted from then on.
    await adminOrderAction(ctx, admin, expiring._id, 'pay');
    await expectNoDrift('paid after expiry');

    // Placed-at moved while counted: the lines move to the new day.
    await ctx.database.db
      .update(orders)
      .set({ createdAt: at('2026-03-15') })
      .where(eq(orders.id, late._id));
    await expectNoDrift('placed-at moved');
    // …and while not counted: nothing changes.
    await ctx.database.db
      .update(orders)
      .set({ createdAt: at('2026-03-16') })
      .where(eq(orders.id, cancelled._id));
    await expectNoDrift('placed-at of a cancelled order moved');

    // Another writer: a status changed by a plain UPDATE, and back.
    await ctx.database.db
      .update(orders)
      .set({ status: 'cancelled', refundedAt: new Date() })
      .where(eq(orders.id, first._id));
    await expectNoDrift('learned order cancelled by hand');
    await ctx.database.db
      .update(orders)
      .set({ status: 'learned', refundedAt: null })
      .where(eq(orders.id, first._id));
    await expectNoDrift('set back to learned by hand');

    // An order inserted already paid, its lines after it (as the benchmark loads orders),
    // one of them without a course and one a renamed course's old name.
    const [direct] = await ctx.database.db
      .insert(orders)
      .values({
        userId: buyer.user.id,
        userName: 'Amel Trabelsi',
        userEmail: 'amel@example.tn',
        address: '1 Rue',
        city: 'Tunis',
        postalCode: '1000',
        country: 'Tunisia',
        paymentMethod: 'In Place',
        itemsPrice: 190,
        shippingPrice: 0,
        taxPrice: 0,
        totalPrice: 190,
        isPaid: true,
        paidAt: at('2026-04-02', 12),
        status: 'paid',
        createdAt: at('2026-04-02', 11),
      })
      .returning({ id: orders.id });
    if (!direct) throw new Error('no order');
    await ctx.database.db.insert(orderItems).values([
      { orderId: direct.id, courseId: a.id, name: 'Arduino club (old name)', qty: 1, price: 40 },
      {
        orderId: direct.id,
        courseId: null,
        name: 'A course that never existed',
        qty: 2,
        price: 55,
      },
      {
        orderId: direct.id,
        courseId: null,
        name: 'A course that never existed',
        qty: 1,
        price: 40,
      },
    ]);
    await expectNoDrift('paid order, lines after');

    // A line changed, then deleted, while its order counts.
    await ctx.database.db
      .update(orderItems)
      .set({ qty: 5 })
      .where(sql`${orderItems.orderId} = ${direct.id} and ${orderItems.courseId} = ${a.id}`);
    await expectNoDrift('line changed');
    await ctx.database.db
      .delete(orderItems)
      .where(sql`${orderItems.orderId} = ${direct.id} and ${orderItems.qty} = 1`);
    await expectNoDrift('line deleted');

    // A deleted course is named by the smallest name of its counted lines.
    await ctx.database.db.delete(courses).where(eq(courses.id, a.id));
    const deleted = await expectNoDrift('course deleted');
    expect(deleted.seats.find((s) => s.course === a.id)?.name).toBe('Arduino club');

    // A counted order deleted (its lines go with it): nothing left of it.
    await ctx.database.db.delete(orders).where(eq(orders.id, direct.id));
    await expectNoDrift('paid order deleted');
  });

  it('stays exact when many orders of the same courses are paid and refunded at once', async () => {
    const courseIds = await Promise.all(
      ['Drawing', 'Piano', 'Robotics'].map(
        async (name) =>
          (await createCourse(ctx.database.db, { name, price: 30, availability: 500 })).id,
      ),
    );
    const placed = [];
    for (let i = 0; i < 24; i += 1) {
      // Lines in both orders of the courses, so concurrent payments lock summary rows in turn.
      const lines = i % 2 === 0 ? [...courseIds] : [...courseIds].reverse();
      placed.push(
        await placeTestOrder(
          ctx,
          buyer,
          lines.map((course, n) => ({ course, qty: 1 + ((i + n) % 3) })),
          { createdAt: at('2026-04-20') },
        ),
      );
    }
    await Promise.all(placed.map((o) => adminOrderAction(ctx, admin, o._id, 'pay')));
    await expectNoDrift('24 orders paid at once');
    await Promise.all(
      placed.map((o, i) => adminOrderAction(ctx, admin, o._id, i % 3 === 0 ? 'cancel' : 'learn')),
    );
    await expectNoDrift('8 refunded and 16 learned at once');
    // 24 orders placed one by one, then 48 concurrent writes: minutes on a busy 2-core machine.
  }, 120_000);
});

describe('bucketCount', () => {
  it('counts the buckets of PostgreSQL series of days, weeks and months', async () => {
    const days = [
      '2024-02-28',
      '2024-12-30',
      '2025-01-05',
      '2025-03-31',
      '2026-01-01',
      '2026-04-19',
    ];
    for (const interval of ['day', 'week', 'month'] as const)
      for (const from of days)
        for (const to of days.filter((d) => d >= from)) {
          const [row] = await rowsOf<{ n: string | number }>(sql`
            select count(*) as n from generate_series(
              date_trunc(${interval}, ${from}::date), ${to}::date, ${`1 ${interval}`}::interval)`);
          expect(bucketCount({ from, to, interval }), `${interval} ${from} ${to}`).toBe(
            Number(row?.n),
          );
        }
  });
});

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/client.js';
import { courses } from '../../courses/courses.schema.js';
import { orderItems, orders } from '../tables/orders.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import type * as Repository from './orders.repository.js';

/**
 * The order statement prepared under a name on the PostgreSQL server (decision 0394): parsed once
 * per connection for each kind of order, a bounded number of names. PGlite (the embedded database)
 * has no named statements to look at.
 */
let ctx: TestContext;
let buyer: UserFixture;
/**
 * The repository as a process that has named no statement yet: names are counted per process, and
 * the files before this one in the worker (isolate: false) may have taken some.
 */
let repository: typeof Repository;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The order statements prepared on this transaction's connection. */
async function prepared(tx: Tx) {
  const result = await tx.execute(
    sql`select name, generic_plans::int + custom_plans::int as runs from pg_prepared_statements where name like 'order\_%' order by name`,
  );
  return (result as unknown as { rows: { name: string; runs: number }[] }).rows;
}

type Course = Awaited<ReturnType<typeof createCourse>>;

/**
 * An order of one seat of each course, as the service would hand it to the repository (the lines
 * carry the courses' own names: the statement checks them unchanged).
 */
function orderOf(lineCourses: readonly Course[]): Repository.NewOrder & { unpaidCaps?: undefined } {
  return {
    userId: buyer.user.id,
    userName: buyer.user.name,
    userEmail: buyer.user.email,
    address: '5 Rue de Marseille',
    city: 'Tunis',
    postalCode: '1000',
    country: 'Tunisia',
    paymentMethod: 'In Place',
    itemsPrice: 50 * lineCourses.length,
    shippingPrice: 0,
    taxPrice: 0,
    totalPrice: 50 * lineCourses.length,
    holdExpiresAt: null,
    idempotencyKey: null,
    placedBy: { isAdmin: false },
    placedAt: new Date(),
    lines: lineCourses.map((course) => ({ courseId: course.id, name: course.name, qty: 1, price: 50, image: '/images/courses/placeholder.svg' })),
  };
}

describe.runIf(process.env['TEST_DATABASE_URL'])('the order statement on PostgreSQL', () => {
  beforeAll(async () => {
    vi.resetModules();
    repository = await import('./orders.repository.js');
    ctx = await createTestContext();
    buyer = await createUser(ctx.database.db, ctx.config);
  });
  afterAll(() => ctx.close());

  it('prepares it once per kind of order on a connection, and every run takes its seats and writes its lines', async () => {
    const made = await Promise.all(
      Array.from({ length: 3 }, () => createCourse(ctx.database.db, { price: 50, availability: 10, name: `Named ${Math.random()}` })),
    );
    const [a, b, c] = made as [Course, Course, Course];
    const ids = [a.id, b.id, c.id];
    const placed = await ctx.database.db.transaction(async (tx) => {
      const placed: string[] = [];
      for (const lines of [[a], [b], [a, c], [c], [b, c]]) {
        const inserted = await repository.insertOrderIfCoursesUnchanged(tx, orderOf(lines));
        expect(inserted).toBeDefined();
        placed.push(inserted?.id ?? '');
      }
      // One name for the one-line orders, one for the two-line orders: three runs and two.
      expect((await prepared(tx)).map((row) => row.runs).sort()).toEqual([2, 3]);
      return placed;
    });
    const seats = await ctx.database.db.select({ id: courses.id, availability: courses.availability }).from(courses).where(inArray(courses.id, ids));
    expect(Object.fromEntries(seats.map((row) => [row.id, row.availability]))).toEqual({ [a.id]: 8, [b.id]: 8, [c.id]: 7 });
    const lines = await ctx.database.db.select({ orderId: orderItems.orderId }).from(orderItems).where(inArray(orderItems.orderId, placed));
    expect(lines).toHaveLength(7);
  });

  it('names at most ORDER_NAMED_STATEMENTS_MAX kinds; an order of another kind still places, unnamed', async () => {
    const max = repository.ORDER_NAMED_STATEMENTS_MAX;
    const made: Course[] = [];
    for (let i = 0; i < max + 2; i++) made.push(await createCourse(ctx.database.db, { price: 50, availability: 30, name: `Bound ${i} ${Math.random()}` }));
    const lastId = await ctx.database.db.transaction(async (tx) => {
      let lastId = '';
      // Orders of 1, 2, … max + 2 lines: as many kinds of statement.
      for (let size = 1; size <= max + 2; size++) {
        const inserted = await repository.insertOrderIfCoursesUnchanged(tx, orderOf(made.slice(0, size)));
        expect(inserted, `an order of ${size} lines`).toBeDefined();
        lastId = inserted?.id ?? '';
      }
      // The first test's two kinds and this one's: no more names than the bound.
      expect((await prepared(tx)).length).toBeLessThanOrEqual(max);
      return lastId;
    });
    const [last] = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.id, lastId));
    expect(last?.id).toBe(lastId);
    const lines = await ctx.database.db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.orderId, lastId));
    expect(lines).toHaveLength(max + 2);
  });
});

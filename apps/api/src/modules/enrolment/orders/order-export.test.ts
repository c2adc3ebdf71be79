import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';

let ctx: TestContext;
let admin: UserFixture;
const ORDERS = 2345;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
  const buyer = await createUser(ctx.database.db, ctx.config, { name: 'Bulk Buyer' });
  const course = await createCourse(ctx.database.db, { name: 'Bulk course', price: 10 });
  // More orders than one batch of the export, many sharing a creation instant and a total, so
  // the keyset paging must page through ties without skipping or repeating an order.
  await ctx.database.db.execute(sql`
    with spec as (
      select gen_random_uuid() as id, n, (10 * (1 + n % 3))::numeric as items,
        timestamptz '2026-05-01 10:00:00+00' + make_interval(mins => n % 7) as created_at
      from generate_series(1, ${ORDERS}) as n
    ),
    placed as (
      insert into orders (id, user_id, user_name, user_email, address, city, postal_code, country, payment_method,
        items_price, shipping_price, tax_price, total_price, status, created_at)
      select id, ${buyer.user.id}::uuid, 'Bulk Buyer', ${buyer.user.email}, '1 Rue', 'Tunis', '1000', 'France',
        case when n % 2 = 0 then 'Card' else 'In Place' end, items, 100, items * 0.15, items * 1.15 + 100, 'pending', created_at
      from spec returning id
    )
    insert into order_items (order_id, course_id, name, qty, price, position)
    select spec.id, ${course.id}::uuid, 'Bulk course', (spec.items / 10)::int, 10, 0 from spec where spec.id in (select id from placed)
  `);
});
afterAll(() => ctx.close());

const exportRows = async (query: string, on: { ctx: TestContext; admin: UserFixture } = { ctx, admin }) => {
  const res = await request(on.ctx.app)
    .get(`/api/orders/export.csv${query}`)
    .set('Authorization', `Bearer ${on.admin.token}`)
    .buffer(true)
    .parse((answer, done) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return parse(res.body as Buffer, { bom: true, columns: true }) as Record<string, string>[];
};

describe('GET /api/orders/export.csv over many batches', () => {
  it.each(['', '?sort=date_asc', '?sort=total_desc', '?sort=total_asc'])(
    'exports every order exactly once, in the sort asked (%s)',
    async (query) => {
      const rows = await exportRows(query);
      expect(rows).toHaveLength(ORDERS);
      expect(new Set(rows.map((r) => r['Order'])).size).toBe(ORDERS);
      const keys = rows.map((r) =>
        query.includes('total') ? Number(r['Order total']) : Date.parse(r['Placed at'] ?? ''),
      );
      const sorted = [...keys].sort((a, b) =>
        query.includes('desc') || query === '' ? b - a : a - b,
      );
      expect(keys).toEqual(sorted);
    },
  );

  it('applies a filter across batches', async () => {
    const rows = await exportRows('?paymentMethod=Card');
    expect(rows).toHaveLength(Math.floor(ORDERS / 2));
    expect(rows.every((r) => r['Payment method'] === 'Card')).toBe(true);
  });
});

describe('GET /api/orders/export.csv when orders share a millisecond (issue 31)', () => {
  // The database keeps microseconds; a JavaScript Date only milliseconds. 2500 orders placed
  // within one millisecond (600 distinct microseconds, so ties too) put every batch boundary
  // inside that millisecond: a cursor rounded to it skipped or repeated orders there.
  const SAME_MS = 2500;
  let own: { ctx: TestContext; admin: UserFixture };
  let ids: string[];

  beforeAll(async () => {
    const other = await createTestContext();
    own = { ctx: other, admin: await createAdmin(other.database.db, other.config) };
    const buyer = await createUser(other.database.db, other.config, { name: 'Same Instant' });
    const placed = (await other.database.db.execute(sql`
      insert into orders (id, user_id, user_name, user_email, address, city, postal_code, country, payment_method,
        items_price, shipping_price, tax_price, total_price, status, created_at)
      select gen_random_uuid(), ${buyer.user.id}::uuid, 'Same Instant', ${buyer.user.email}, '1 Rue', 'Tunis', '1000',
        'Tunisia', 'In Place', 10, 100, 1.5, 111.5, 'pending',
        timestamptz '2026-06-01 10:00:00.123+00' + make_interval(secs => (n % 600) / 1000000.0)
      from generate_series(1, ${SAME_MS}) as n
      returning id
    `)) as unknown as { rows: { id: string }[] };
    ids = placed.rows.map((r) => r.id);
    expect(ids).toHaveLength(SAME_MS);
    await other.database.db.execute(sql`
      insert into order_items (order_id, course_id, name, qty, price, position)
      select id, null, 'Same instant course', 1, 10, 0 from orders
    `);
  });
  afterAll(() => own.ctx.close());

  it.each(['', '?sort=date_asc'])('exports every order exactly once (%s)', async (query) => {
    const rows = await exportRows(query, own);
    expect(rows.every((r) => r['Placed at'] === '2026-06-01T10:00:00.123Z')).toBe(true);
    const exported = rows.map((r) => r['Order']);
    expect(exported).toHaveLength(SAME_MS);
    expect([...exported].sort()).toEqual([...ids].sort());
  });
});

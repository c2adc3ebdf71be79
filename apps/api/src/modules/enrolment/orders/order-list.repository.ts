import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderFilter, OrderSort } from '@shop/shared';
import type { DbOrTx } from '../../../db/client.js';
import { orders } from '../tables/orders.schema.js';
import {
  ascBackwards,
  containsPattern,
  dayEnd,
  dayStart,
  descIndexed,
} from '../../../db/sql-helpers.js';
import { selectOrders, withLines, type OrderRecord } from './orders.repository.js';

/** Hex digits of the start of an order id ("3fa2b1c4-1"), or undefined when `q` cannot be one. */
function idPrefixOf(q: string): string | undefined {
  const hex = q.toLowerCase().replace(/-/g, '');
  return /^[0-9a-f]{1,32}$/.test(hex) && /^[0-9a-f-]+$/i.test(q) ? hex : undefined;
}

const asUuid = (hex32: string) =>
  `${hex32.slice(0, 8)}-${hex32.slice(8, 12)}-${hex32.slice(12, 16)}-${hex32.slice(16, 20)}-${hex32.slice(20)}`;

/** The customer's name and e-mail saved with the order, as orders_customer_trgm indexes them. */
const customerText = sql`(lower(${orders.userName}) || ' ' || lower(${orders.userEmail}))`;

/**
 * The WHERE clause of the admin order list and its export. `q` matches any part of the
 * customer's name or e-mail (trigram index) or, when it can be one, the start of the order id:
 * a range of the primary key, so "3fa2" reads only the ids from 3fa20000-… to 3fa2ffff-….
 */
export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    const prefix = idPrefixOf(filter.q);
    const customer = sql`${customerText} like ${containsPattern(filter.q)}`;
    conditions.push(
      prefix
        ? or(
            customer,
            sql`${orders.id} between ${asUuid(prefix.padEnd(32, '0'))}::uuid and ${asUuid(prefix.padEnd(32, 'f'))}::uuid`,
          )
        : customer,
    );
  }
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.paymentMethod) conditions.push(eq(orders.paymentMethod, filter.paymentMethod));
  if (filter.paid !== undefined) conditions.push(eq(orders.isPaid, filter.paid));
  if (filter.learned !== undefined) conditions.push(eq(orders.isLearned, filter.learned));
  // Proofs to check (issue 36): unpaid and not cancelled, as orders_proof_submitted_idx reads them.
  if (filter.proof === 'submitted')
    conditions.push(sql`${orders.proofStatus} = 'submitted' and ${orders.status} in ('pending', 'expired')`);
  else if (filter.proof) conditions.push(eq(orders.proofStatus, filter.proof));
  if (filter.from) conditions.push(gte(orders.createdAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(orders.createdAt, dayEnd(filter.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The sort key of each order sort and how the indexes deliver it (always ending on the id). */
const SORTS: Record<
  OrderSort,
  { key: typeof orders.createdAt | typeof orders.totalPrice; descending: boolean; order: SQL[] }
> = {
  // orders_created_at_idx and the filter indexes are (…, created_at DESC NULLS LAST, id DESC NULLS LAST).
  date_desc: {
    key: orders.createdAt,
    descending: true,
    order: [descIndexed(orders.createdAt), descIndexed(orders.id)],
  },
  date_asc: {
    key: orders.createdAt,
    descending: false,
    order: [ascBackwards(orders.createdAt), ascBackwards(orders.id)],
  },
  // orders_total_idx is (total_price, id) ascending.
  total_desc: {
    key: orders.totalPrice,
    descending: true,
    order: [desc(orders.totalPrice), desc(orders.id)],
  },
  total_asc: {
    key: orders.totalPrice,
    descending: false,
    order: [asc(orders.totalPrice), asc(orders.id)],
  },
};

/**
 * One page of the admin list, lines included, and the number of matches.
 *
 * Without `q`, the page walks a filter index (it stops after the page) while the count, side
 * by side, reads the same index alone. With `q`, the trigram index must find every match for
 * either statement (its bitmap is built whole), so the matches are found once: the page's ids
 * and the number of matches come from one statement (`count(*) over ()` before the limit), then
 * the page's orders are read by primary key. Only a page past the last match needs a count.
 */
export async function listOrders(
  db: DbOrTx,
  filter: OrderFilter,
  page: { offset: number; limit: number },
): Promise<{ orders: OrderRecord[]; total: number }> {
  const where = orderFilterWhere(filter);
  const order = SORTS[filter.sort ?? 'date_desc'].order;
  const countMatches = async () =>
    (await db.select({ total: count() }).from(orders).where(where))[0]?.total ?? 0;
  if (filter.q) {
    const matched = await db
      .select({ id: orders.id, total: sql<string | number>`count(*) over ()` })
      .from(orders)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    const [first] = matched;
    if (!first) return { orders: [], total: page.offset > 0 ? await countMatches() : 0 };
    const headers = await selectOrders(db)
      .where(
        inArray(
          orders.id,
          matched.map((m) => m.id),
        ),
      )
      .orderBy(...order);
    return { orders: await withLines(db, headers), total: Number(first.total) };
  }
  const [headers, total] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    countMatches(),
  ]);
  return { orders: await withLines(db, headers), total };
}

/**
 * Every matching order in the list's order, `batchSize` at a time, each batch with its lines
 * (two queries). Keyset paging: each batch starts after the last (sort key, id) of the one
 * before, so every batch is an index range however deep the export goes, no transaction or
 * connection is held while the client reads, and only one batch is in memory at a time.
 *
 * The cursor is the last order's id alone: its sort key is read back in SQL by that id (a
 * primary-key lookup), never carried through JavaScript. `created_at` keeps microseconds and a
 * Date only milliseconds, so a key that went through a Date skipped or repeated the orders of
 * the boundary's millisecond (issue 31). Orders are never deleted, so the row is always there.
 */
export async function* eachOrderBatch(
  db: DbOrTx,
  filter: OrderFilter,
  batchSize = 1000,
): AsyncGenerator<OrderRecord[]> {
  const sort = SORTS[filter.sort ?? 'date_desc'];
  const where = orderFilterWhere(filter);
  let afterId: string | undefined;
  for (;;) {
    const cursor = afterId
      ? sql`(select k.${sql.identifier(sort.key.name)}, k.id from ${orders} k where k.id = ${afterId}::uuid)`
      : undefined;
    const past = cursor
      ? sort.descending
        ? sql`(${sort.key}, ${orders.id}) < ${cursor}`
        : sql`(${sort.key}, ${orders.id}) > ${cursor}`
      : undefined;
    const headers = await selectOrders(db)
      .where(and(where, past))
      .orderBy(...sort.order)
      .limit(batchSize);
    if (headers.length === 0) return;
    yield await withLines(db, headers);
    const last = headers[headers.length - 1];
    if (!last || headers.length < batchSize) return;
    afterId = last.id;
  }
}

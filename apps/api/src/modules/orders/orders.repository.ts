import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { courses, orderItems, orders, users } from '../../db/schema.js';

/** A course row as the order sees it while its seats are locked. */
export interface LockedCourse {
  id: string;
  name: string;
  price: number;
  images: string[];
  availability: number;
}

export interface OrderLineRecord {
  courseId: string | null;
  name: string;
  qty: number;
  price: number;
  image: string;
}

export interface OrderRecord {
  id: string;
  userId: string | null;
  /** The buyer's current name and e-mail, or the snapshot taken when the user is gone. */
  userName: string;
  userEmail: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  paymentMethod: string;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  isPaid: boolean;
  paidAt: Date | null;
  isLearned: boolean;
  learnedAt: Date | null;
  createdAt: Date;
  lines: OrderLineRecord[];
}

export type NewOrder = Omit<OrderRecord, 'id' | 'isPaid' | 'paidAt' | 'isLearned' | 'learnedAt' | 'createdAt'> & {
  idempotencyKey: string | null;
};

/** A course whose seats an order took, as it was when they were taken. */
export interface TakenCourse {
  id: string;
  name: string;
  price: number;
  images: string[];
}

/**
 * Takes `qty` seats of each course in one statement and answers the courses it took them from.
 * The rows are first locked in id order (the materialised `locked` CTE, `ORDER BY id FOR UPDATE`),
 * so two orders touching the same courses queue up instead of deadlocking, whatever order the
 * update then visits them in. The `availability >= qty` guard is re-checked by PostgreSQL on the
 * newest row version after a wait, so seats never go below 0. An unknown id, or a course without
 * enough seats, is simply absent from the answer: the caller rolls back.
 */
export async function takeSeats(
  tx: DbOrTx,
  seats: readonly { courseId: string; qty: number }[],
): Promise<TakenCourse[]> {
  if (seats.length === 0) return [];
  const wanted = sql.join(
    seats.map((s) => sql`(${s.courseId}::uuid, ${s.qty}::integer)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with wanted (id, qty) as (values ${wanted}),
    locked as materialized (
      select ${courses.id} as id from ${courses}
      where ${courses.id} in (select id from wanted)
      order by ${courses.id}
      for update
    )
    update ${courses} set
      availability = ${courses.availability} - wanted.qty,
      updated_at = now()
    from wanted, locked
    where ${courses.id} = wanted.id and locked.id = wanted.id
      and ${courses.availability} >= wanted.qty
    returning ${courses.id} as id, ${courses.name} as name, ${courses.price} as price,
      ${courses.images} as images
  `)) as unknown as {
    rows: { id: string; name: string; price: string | number; images: string[] }[];
  };
  // Raw rows: numeric arrives as a string.
  return result.rows.map((row) => ({ ...row, price: Number(row.price) }));
}

/** Name and seats left of some courses (to explain a refused order); unknown ids are absent. */
export async function findSeats(
  db: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; name: string; availability: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: courses.id, name: courses.name, availability: courses.availability })
    .from(courses)
    .where(inArray(courses.id, [...ids]));
}

/**
 * Writes the order and its lines in one statement (the lines' insert reads the new order's id
 * from the first CTE); answers what the database chose: the id and the creation time.
 */
export async function insertOrder(tx: DbOrTx, order: NewOrder): Promise<{ id: string; createdAt: Date }> {
  const { lines, ...header } = order;
  const orderInsert = tx.insert(orders).values(header).returning({ id: orders.id, createdAt: orders.createdAt });
  const linesInsert = tx.insert(orderItems).values(
    lines.map((line, position) => ({
      orderId: sql`(select id from new_order)`,
      courseId: line.courseId,
      name: line.name,
      qty: line.qty,
      price: line.price,
      image: line.image,
      position,
    })),
  );
  const result = (await tx.execute(sql`
    with new_order as (${orderInsert.getSQL()}),
    new_lines as (${linesInsert.getSQL()})
    select id, created_at from new_order
  `)) as unknown as { rows: { id: string; created_at: Date | string }[] };
  const [row] = result.rows;
  if (!row) throw new Error('order insert returned nothing');
  return { id: row.id, createdAt: new Date(row.created_at) };
}

export async function findOrderIdByIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row?.id;
}

const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  userName: sql<string>`coalesce(${users.name}, ${orders.userName})`,
  userEmail: sql<string>`coalesce(${users.email}, ${orders.userEmail})`,
  address: orders.address,
  city: orders.city,
  postalCode: orders.postalCode,
  country: orders.country,
  paymentMethod: orders.paymentMethod,
  itemsPrice: orders.itemsPrice,
  shippingPrice: orders.shippingPrice,
  taxPrice: orders.taxPrice,
  totalPrice: orders.totalPrice,
  isPaid: orders.isPaid,
  paidAt: orders.paidAt,
  isLearned: orders.isLearned,
  learnedAt: orders.learnedAt,
  createdAt: orders.createdAt,
};

type OrderHeader = Omit<OrderRecord, 'lines'>;

function selectOrders(db: DbOrTx) {
  return db.select(orderColumns).from(orders).leftJoin(users, eq(users.id, orders.userId));
}

/** Loads the lines of many orders in one query (never one query per order). */
async function withLines(db: DbOrTx, headers: OrderHeader[]): Promise<OrderRecord[]> {
  if (headers.length === 0) return [];
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      courseId: orderItems.courseId,
      name: orderItems.name,
      qty: orderItems.qty,
      price: orderItems.price,
      image: orderItems.image,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        headers.map((h) => h.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const linesByOrder = new Map<string, OrderLineRecord[]>();
  for (const { orderId, ...line } of rows) {
    const lines = linesByOrder.get(orderId) ?? [];
    lines.push(line);
    linesByOrder.set(orderId, lines);
  }
  return headers.map((h) => ({ ...h, lines: linesByOrder.get(h.id) ?? [] }));
}

export async function findOrderById(db: DbOrTx, id: string): Promise<OrderRecord | undefined> {
  const headers = await selectOrders(db).where(eq(orders.id, id)).limit(1);
  const [order] = await withLines(db, headers);
  return order;
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

export async function listOrdersOfUser(db: DbOrTx, userId: string): Promise<OrderRecord[]> {
  const headers = await selectOrders(db)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst);
  return withLines(db, headers);
}

export async function listOrders(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ orders: OrderRecord[]; total: number }> {
  const [headers, [counted]] = await Promise.all([
    selectOrders(db)
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders),
  ]);
  return { orders: await withLines(db, headers), total: counted?.total ?? 0 };
}

export async function orderExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).limit(1);
  return row !== undefined;
}

/** Marks an unpaid order paid in one conditional statement; false when it was not unpaid. */
export async function markPaid(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ isPaid: true, paidAt: at })
    .where(and(eq(orders.id, id), eq(orders.isPaid, false)))
    .returning({ id: orders.id });
  return changed.length === 1;
}

/** Marks a paid, not yet learned order learned in one conditional statement. */
export async function markLearned(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ isLearned: true, learnedAt: at })
    .where(and(eq(orders.id, id), eq(orders.isPaid, true), eq(orders.isLearned, false)))
    .returning({ id: orders.id });
  return changed.length === 1;
}

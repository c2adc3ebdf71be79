import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/**
 * Locks the courses of an order in id order (FOR UPDATE), so two orders touching the same
 * courses queue up instead of deadlocking. Unknown ids are simply absent from the answer.
 */
export async function lockCourses(tx: DbOrTx, ids: readonly string[]): Promise<LockedCourse[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: courses.id,
      name: courses.name,
      price: courses.price,
      images: courses.images,
      availability: courses.availability,
    })
    .from(courses)
    .where(inArray(courses.id, [...ids]))
    .orderBy(asc(courses.id))
    .for('update');
}

/**
 * Takes `qty` seats of each course in one statement. The `availability >= qty` guard repeats the
 * caller's check so that the database, not the caller, is the last word; the number of rows
 * changed tells whether every course still had its seats.
 */
export async function takeSeats(tx: DbOrTx, seats: readonly { courseId: string; qty: number }[]): Promise<number> {
  if (seats.length === 0) return 0;
  const qtyOf = sql.join(
    seats.map((s) => sql`when ${s.courseId}::uuid then ${s.qty}::integer`),
    sql` `,
  );
  const qty: SQL<number> = sql`(case ${courses.id} ${qtyOf} end)`;
  const changed = await tx
    .update(courses)
    .set({ availability: sql`${courses.availability} - ${qty}`, updatedAt: sql`now()` })
    .where(and(inArray(courses.id, seats.map((s) => s.courseId)), sql`${courses.availability} >= ${qty}`))
    .returning({ id: courses.id });
  return changed.length;
}

/** Writes the order and its lines; answers the new order's id. */
export async function insertOrder(tx: DbOrTx, order: NewOrder): Promise<string> {
  const { lines, ...header } = order;
  const [row] = await tx.insert(orders).values(header).returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  await tx.insert(orderItems).values(
    lines.map((line, position) => ({
      orderId: row.id,
      courseId: line.courseId,
      name: line.name,
      qty: line.qty,
      price: line.price,
      image: line.image,
      position,
    })),
  );
  return row.id;
}

export async function findOrderIdByIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<string | undefined> {
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

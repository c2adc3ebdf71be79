import {
  calculateOrderAmounts,
  MESSAGES,
  notEnoughSeats,
  type CreateOrderBody,
  type Order,
  type PaymentMethod,
} from '@shop/shared';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { isId } from '../../lib/ids.js';
import type { AuthUser } from '../../middleware/auth.js';
import {
  findOrderById,
  findOrderIdByIdempotencyKey,
  insertOrder,
  listOrders,
  listOrdersOfUser,
  lockCourses,
  markLearned,
  markPaid,
  orderExists,
  takeSeats,
  type OrderRecord,
} from './orders.repository.js';

export const ORDERS_PAGE_DEFAULT = 50;

/** How much of the buyer an answer shows: the admin list leaves the e-mail out (CONTRACT §4). */
type UserView = 'withEmail' | 'nameOnly';

export function toOrderJson(order: OrderRecord, view: UserView = 'withEmail'): Order {
  const user =
    view === 'withEmail'
      ? { _id: order.userId, name: order.userName, email: order.userEmail }
      : { _id: order.userId, name: order.userName };
  return {
    _id: order.id,
    user,
    orderItems: order.lines.map((line) => ({
      course: line.courseId,
      name: line.name,
      qty: line.qty,
      price: line.price,
      image: line.image,
    })),
    shippingAddress: {
      address: order.address,
      city: order.city,
      postalCode: order.postalCode,
      country: order.country as Order['shippingAddress']['country'],
    },
    paymentMethod: order.paymentMethod as PaymentMethod,
    itemsPrice: order.itemsPrice,
    shippingPrice: order.shippingPrice,
    taxPrice: order.taxPrice,
    totalPrice: order.totalPrice,
    isPaid: order.isPaid,
    paidAt: order.paidAt?.toISOString() ?? null,
    isLearned: order.isLearned,
    learnedAt: order.learnedAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Lines for the same course are merged, keeping the position of the first one. */
function mergeLines(items: CreateOrderBody['orderItems']): { courseId: string; qty: number }[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.course, (merged.get(item.course) ?? 0) + item.qty);
  return [...merged].map(([courseId, qty]) => ({ courseId, qty }));
}

function unknownCourse(index: number): AppError {
  return badRequest(MESSAGES.courseNotFound, [{ path: `orderItems.${index}.course`, message: MESSAGES.courseNotFound }]);
}

/** Postgres unique violation, whether the driver error comes bare or wrapped by Drizzle. */
function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 3 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export interface PlacedOrder {
  order: Order;
  /** False when an earlier request with the same Idempotency-Key already placed it. */
  created: boolean;
}

/**
 * Places an order: prices each line from the database, takes the seats and writes the order
 * in one transaction. Courses are locked in id order, so concurrent buyers of the last seat
 * queue up and exactly one of them gets it.
 */
export async function placeOrder(
  db: Db,
  buyer: AuthUser,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  if (idempotencyKey) {
    const existing = await existingOrder(db, buyer.id, idempotencyKey);
    if (existing) return { order: existing, created: false };
  }
  body.orderItems.forEach((item, index) => {
    if (!isId(item.course)) throw unknownCourse(index);
  });
  const wanted = mergeLines(body.orderItems);

  try {
    const orderId = await db.transaction(async (tx) => {
      const locked = new Map((await lockCourses(tx, wanted.map((w) => w.courseId))).map((c) => [c.id, c]));
      const lines = wanted.map(({ courseId, qty }) => {
        const course = locked.get(courseId);
        if (!course) throw unknownCourse(body.orderItems.findIndex((i) => i.course === courseId));
        if (course.availability < qty) throw conflict(notEnoughSeats(course.name));
        return { courseId, name: course.name, qty, price: course.price, image: course.images[0] ?? '' };
      });
      if ((await takeSeats(tx, wanted)) !== wanted.length) {
        // Cannot happen while the rows are locked: a fault, not a user error.
        throw new Error('taking seats changed fewer courses than were locked');
      }
      return insertOrder(tx, {
        userId: buyer.id,
        userName: buyer.name,
        userEmail: buyer.email,
        ...body.shippingAddress,
        paymentMethod: body.paymentMethod,
        ...calculateOrderAmounts(lines),
        lines,
        idempotencyKey: idempotencyKey ?? null,
      });
    });
    return { order: toOrderJson(await requireOrder(db, orderId)), created: true };
  } catch (err) {
    // A retry that raced the first request: the first one won; answer its order. This covers
    // both the unique (user, key) violation and a retry that found the seats already taken.
    if (idempotencyKey && (isUniqueViolation(err) || (err instanceof AppError && err.status === 409))) {
      const existing = await existingOrder(db, buyer.id, idempotencyKey);
      if (existing) return { order: existing, created: false };
    }
    throw err;
  }
}

async function existingOrder(db: Db, userId: string, key: string): Promise<Order | undefined> {
  const id = await findOrderIdByIdempotencyKey(db, userId, key);
  return id ? toOrderJson(await requireOrder(db, id)) : undefined;
}

async function requireOrder(db: Db, id: string): Promise<OrderRecord> {
  const order = isId(id) ? await findOrderById(db, id) : undefined;
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/** The order for its owner or an admin; anyone else gets 403. */
export async function getOrder(db: Db, viewer: AuthUser, id: string): Promise<Order> {
  const order = await requireOrder(db, id);
  if (!viewer.isAdmin && order.userId !== viewer.id) throw forbidden(MESSAGES.forbidden);
  return toOrderJson(order);
}

export async function getMyOrders(db: Db, buyer: AuthUser): Promise<Order[]> {
  return (await listOrdersOfUser(db, buyer.id)).map((o) => toOrderJson(o));
}

export async function getAllOrders(
  db: Db,
  query: { page?: number | undefined; limit?: number | undefined },
): Promise<{ orders: Order[]; total: number }> {
  const limit = query.limit ?? ORDERS_PAGE_DEFAULT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const { orders, total } = await listOrders(db, { offset, limit });
  return { orders: orders.map((o) => toOrderJson(o, 'nameOnly')), total };
}

/** Admin: marks an order paid. Two concurrent calls: one 200, one 409. */
export async function payOrder(db: Db, id: string, at: Date): Promise<Order> {
  if (!isId(id)) throw notFound(MESSAGES.orderNotFound);
  if (!(await markPaid(db, id, at))) {
    if (!(await orderExists(db, id))) throw notFound(MESSAGES.orderNotFound);
    throw conflict(MESSAGES.alreadyPaid);
  }
  return toOrderJson(await requireOrder(db, id));
}

/** Admin: marks a paid order learned, once. */
export async function learnOrder(db: Db, id: string, at: Date): Promise<Order> {
  if (!isId(id)) throw notFound(MESSAGES.orderNotFound);
  if (!(await markLearned(db, id, at))) {
    if (!(await orderExists(db, id))) throw notFound(MESSAGES.orderNotFound);
    throw conflict(MESSAGES.learnRequiresPaid);
  }
  return toOrderJson(await requireOrder(db, id));
}

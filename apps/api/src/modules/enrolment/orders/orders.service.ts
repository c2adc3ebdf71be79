import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  meetingsHours,
  notEnoughSeats,
  pricedBeyondSpec,
  type CreateOrderBody,
  type OrderAmounts as SharedOrderAmounts,
  type Order,
  type OrderRefund,
  type OrderListQuery,
  type PaymentMethod,
  type TaxLine,
  SESSION_REQUIRED,
} from '@shop/shared';
import { sessionsForOrder, type SessionRow } from '../seats/sessions.repository.js';
import { offerFreedSeats } from '../seats/waitlist.repository.js';
import { isUniqueViolation, type Db } from '../../../db/client.js';
import type { ServiceContext } from '../../../deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import { isId } from '../../../lib/ids.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { claimCouponUse, priceWithCoupon, resolveCoupon } from '../../coupons/coupons.service.js';
import { SYSTEM_ACTOR } from '../../audit/audit.repository.js';
import { invoiceSeller } from './invoice.js';
import { payOrderRecord } from './order-states.repository.js';
import { orderTaxLines, readInvoiceTo } from './order-tax.js';
import { listOrders } from './order-list.repository.js';
import {
  findOrderById,
  findOrderCourses,
  findOrderIdByIdempotencyKey,
  findOrderOwner,
  insertOrderIfCoursesUnchanged,
  listOrdersOfUser,
  lineSessionOf,
  listOrdersPaidBy,
  lockBuyer,
  TOO_MANY_UNPAID,
  NO_REFUND,
  type OrderRecord,
  type LearnerRecord,
  type RefundRecord,
} from './orders.repository.js';

export const ORDERS_PAGE_DEFAULT = 50;

/** How much of the buyer an answer shows: the admin list leaves the e-mail out. */
type UserView = 'withEmail' | 'nameOnly';

/** A refund as answered (docs/api.md#orders, `refund`). */
function refundJson(refund: RefundRecord): OrderRefund {
  return {
    status: refund.status,
    amount: refund.amount,
    provider: refund.provider,
    reference: refund.reference,
    dueAt: refund.dueAt.toISOString(),
    doneAt: refund.doneAt?.toISOString() ?? null,
    creditNoteNumber: refund.creditNoteNumber,
    creditNoteTtn: ttnJson(refund.ttnReference, refund.ttnRecordedAt),
  };
}

export function toOrderJson(order: OrderRecord, view: UserView = 'withEmail'): Order {
  const user =
    view === 'withEmail'
      ? { _id: order.userId, name: order.userName, email: order.userEmail }
      : { _id: order.userId, name: order.userName };
  return {
    _id: order.id,
    user,
    orderItems: order.lines.map((line) => ({
      _id: line.id,
      course: line.courseId,
      name: line.name,
      // Issue 54: only when the course had them, so an order without translations keeps its old shape.
      ...(line.nameFr ? { nameFr: line.nameFr } : {}),
      ...(line.nameAr ? { nameAr: line.nameAr } : {}),
      qty: line.qty,
      price: line.price,
      image: line.image,
      session: line.session
        ? {
            _id: line.session.id,
            startsAt: line.session.startsAt.toISOString(),
            endsAt: line.session.endsAt.toISOString(),
            schedule: line.session.schedule,
            place: line.session.place,
            scheduleFr: line.session.scheduleFr ?? '',
            scheduleAr: line.session.scheduleAr ?? '',
            placeFr: line.session.placeFr ?? '',
            placeAr: line.session.placeAr ?? '',
            hours: line.session.hours ?? meetingsHours(line.session.meetings ?? []),
            trainer: line.session.trainer ?? null,
            meetings: line.session.meetings ?? [],
            // Issue 51: the online link only once the order is paid (every reader of this answer is
            // the buyer, the payer or an admin); never to a pending, cancelled or expired order.
            ...(order.isPaid && (order.status === 'paid' || order.status === 'learned')
              ? { meetingUrl: line.session.meetingUrl ?? null }
              : {}),
          }
        : null,
      learners: (line.learners ?? []).map((l) => ({ _id: l.id, name: l.name, email: l.email, phone: l.phone })),
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
    status: order.status,
    holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason ?? null,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    invoiceNumber: order.invoiceNumber,
    paymentResult: order.paymentResult,
    refund: order.refunds[0] ? refundJson(order.refunds[0]) : null,
    refunds: order.refunds.map(refundJson),
    invoiceTo: readInvoiceTo(order.invoiceTo),
    taxLines: orderTaxLines(order),
    stampDuty: order.stampDuty ?? 0,
    couponCode: order.couponCode ?? null,
    discountPrice: order.discountPrice ?? 0,
    paymentProof:
      order.proofStatus && order.proofUploadedAt
        ? { uploadedAt: order.proofUploadedAt.toISOString(), status: order.proofStatus, reason: order.proofReason ?? null }
        : null,
    invoiceTtn: ttnJson(order.invoiceTtnReference, order.invoiceTtnRecordedAt),
    creditNoteTtn: order.refunds.map(refundJson).find((r) => r.creditNoteNumber)?.creditNoteTtn ?? null,
    // Issue 51: only once an adult accepted to pay (absent otherwise, so older clients see the same keys).
    ...(order.payer ? { payer: { _id: order.payer.id, name: order.payer.name, email: order.payer.email } } : {}),
  };
}

/** A recorded TTN reference (issue 52), or null. */
function ttnJson(reference: string | null | undefined, recordedAt: Date | null | undefined) {
  return reference && recordedAt ? { reference, recordedAt: recordedAt.toISOString() } : null;
}

/**
 * Lines for the same course and session are merged, keeping the position of the first one. Ids
 * are lower-cased as PostgreSQL writes uuids, so an upper-case id names its course too.
 */
interface WantedLine {
  courseId: string;
  sessionId: string | null;
  qty: number;
  index: number;
  /** Issue 51: the learners named for the seats, with the ids their rows get. */
  learners: LearnerRecord[];
}

function mergeLines(items: CreateOrderBody['orderItems']): WantedLine[] {
  const merged = new Map<string, WantedLine>();
  items.forEach((item, index) => {
    const courseId = item.course.toLowerCase();
    const sessionId = item.session?.toLowerCase() ?? null;
    const key = `${courseId}|${sessionId ?? ''}`;
    const learners = (item.learners ?? []).map((l) => ({
      id: randomUUID(),
      name: l.name,
      email: l.email ?? null,
      phone: l.phone ?? null,
    }));
    const line = merged.get(key);
    if (line) {
      line.qty += item.qty;
      line.learners.push(...learners);
    } else merged.set(key, { courseId, sessionId, qty: item.qty, index, learners });
  });
  return [...merged.values()];
}

type OrderAmounts = SharedOrderAmounts;
const AMOUNT_FIELDS = ['itemsPrice', 'shippingPrice', 'taxPrice', 'totalPrice'] as const;

/**
 * The amounts the client showed, when it sent them, must be the server's: otherwise 409
 * `PRICE_CHANGED` with the server's amounts and line prices, for the customer to confirm. The
 * client's amounts are only compared, never used to price.
 */
function checkShownAmounts(
  body: CreateOrderBody,
  amounts: OrderAmounts & { taxLines: TaxLine[]; stampDuty: number },
  lines: { courseId: string; name: string; qty: number; price: number }[],
): void {
  const differs = AMOUNT_FIELDS.some((field) => {
    const shown = body[field];
    return shown !== undefined && Math.round(shown * 100) !== Math.round(amounts[field] * 100);
  });
  if (!differs) return;
  throw new AppError(409, MESSAGES.pricesChanged, undefined, 'PRICE_CHANGED', {
    amounts: {
      itemsPrice: amounts.itemsPrice,
      shippingPrice: amounts.shippingPrice,
      taxPrice: amounts.taxPrice,
      totalPrice: amounts.totalPrice,
      ...(pricedBeyondSpec(amounts) ? { taxLines: amounts.taxLines, stampDuty: amounts.stampDuty } : {}),
    },
    orderItems: lines.map(({ courseId, name, qty, price }) => ({ course: courseId, name, qty, price })),
  });
}

/** The refusals of an order line's session (issue 33). */
export const ORDER_SESSION_MESSAGES = {
  required: 'Choose a session (dates) for this course',
  /** Issue 49: a course that had sessions is sold only through an open one, and has none now. */
  noneOpen: 'This course has no open session at the moment: it cannot be ordered until a new session is added',
  unknown: 'Session not found for this course',
  cancelled: 'This session was cancelled: choose another one',
  ended: 'This session has ended: choose another one',
} as const;

function sessionRefused(index: number, message: string, code?: string): AppError {
  return new AppError(400, message, [{ path: `orderItems.${index}.session`, message }], code);
}

/** The Tunis calendar day a session starts, `YYYY-MM-DD`, as the 409 of too few seats names it. */
const TUNIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tunis', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `Not enough seats left for <course> (<start date>)`: the Tunis date names which session of the course is full. */
export function notEnoughSessionSeats(courseName: string, startsAt: Date): string {
  return `${notEnoughSeats(courseName)} (${TUNIS_DAY.format(startsAt)})`;
}

/**
 * The session a line takes its seats from: the one it names, which must be of its course, not
 * cancelled and not ended; none named: null when the course never had a session, else 400
 * `SESSION_REQUIRED` (issue 49: a course that has or had sessions is sold only through an open
 * one, never undated against its own seats). Checked again by the placing statement itself.
 */
function sessionOfLine(
  found: SessionRow[],
  course: { id: string; hadSessions: boolean },
  sessionId: string | null,
  now: Date,
  index: number,
): SessionRow | null {
  const courseId = course.id;
  if (sessionId === null) {
    const open = found.some((s) => s.courseId === courseId && s.status === 'open' && s.endsAt > now);
    if (open) throw sessionRefused(index, ORDER_SESSION_MESSAGES.required, SESSION_REQUIRED);
    if (course.hadSessions) throw sessionRefused(index, ORDER_SESSION_MESSAGES.noneOpen, SESSION_REQUIRED);
    return null;
  }
  const session = found.find((s) => s.id === sessionId);
  if (!session || session.courseId !== courseId) throw sessionRefused(index, ORDER_SESSION_MESSAGES.unknown);
  if (session.status === 'cancelled') throw sessionRefused(index, ORDER_SESSION_MESSAGES.cancelled);
  if (session.endsAt <= now) throw sessionRefused(index, ORDER_SESSION_MESSAGES.ended);
  return session;
}

function unknownCourse(index: number): AppError {
  return badRequest(MESSAGES.courseNotFound, [
    { path: `orderItems.${index}.course`, message: MESSAGES.courseNotFound },
  ]);
}

export interface PlacedOrder {
  order: Order;
  /** False when an earlier request with the same Idempotency-Key already placed it. */
  created: boolean;
}

/** How often an order is priced again when its courses changed in between (each retry means another write won). */
export const ORDER_ATTEMPTS = 5;

/**
 * Places an order: the courses are read and the lines priced with the shared calculator, then
 * one statement takes the seats and writes the order and its lines, all or nothing, provided
 * the courses are still as read (seats enough, same name, price and image). When they are not
 * (another buyer took the last seats, an admin changed the price a moment ago), the courses are
 * read again: the order is then refused with the current reason or placed at the current price.
 *
 * With an Idempotency-Key there is no lookup first: the unique (user, key) index refuses a
 * second order, and any refusal of a keyed request answers the first order when there is one.
 */
export async function placeOrder(
  ctx: ServiceContext,
  buyer: AuthUser,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  const { db } = ctx.database;
  try {
    const created = await createOrder(ctx, buyer, body, idempotencyKey ?? null);
    // Issue 37: a Card order with nothing to pay (100 % coupon, free shipping) is paid at once, with its invoice.
    // Placed and committed: its mail, the catalogue (seats gone) and the offers passed on followed (orderPlaced).
    const record = await payFreeOrder(ctx, created.record);
    const order = record === created.record ? created.order : toOrderJson(record);
    return { order, created: true };
  } catch (err) {
    // A retry: the first request placed the order (the unique (user, key) violation, also when
    // both ran at once), or the retry was refused (seats gone since, or a new body naming a
    // course that is gone). Either way the first order is the answer, whatever the new body says.
    if (idempotencyKey && (isUniqueViolation(err) || err instanceof AppError)) {
      const existing = await existingOrder(db, buyer.id, idempotencyKey);
      if (existing) return { order: existing, created: false };
    }
    throw err;
  }
}

async function createOrder(
  { database: { db }, clock, config, events }: ServiceContext,
  buyer: AuthUser,
  body: CreateOrderBody,
  idempotencyKey: string | null,
): Promise<{ order: Order; record: OrderRecord; /** New waitlist offers made of the buyer's offer's rest. */ offersPassedOn: number }> {
  body.orderItems.forEach((item, index) => {
    if (!isId(item.course)) throw unknownCourse(index);
    if (item.session !== undefined && !isId(item.session)) throw sessionRefused(index, ORDER_SESSION_MESSAGES.unknown);
  });
  const wanted = mergeLines(body.orderItems);
  const header = {
    userId: buyer.id,
    userName: buyer.name,
    userEmail: buyer.email,
    userLanguage: buyer.language,
    ...body.shippingAddress,
    paymentMethod: body.paymentMethod,
    invoiceTo: body.invoiceTo ?? null,
  };
  for (let attempt = 1; attempt <= ORDER_ATTEMPTS; attempt++) {
    const placedAt = clock.now();
    const holdExpiresAt = new Date(placedAt.getTime() + config.seatHoldMinutes * 60_000);
    const courseIds = [...new Set(wanted.map((w) => w.courseId))];
    const sessionIds = wanted.flatMap((w) => (w.sessionId ? [w.sessionId] : []));
    // Issue 34: seats held for the buyer by a waitlist offer (`offers`) count with the seats left.
    const [foundCourses, { sessions: foundSessions, offers }] = await Promise.all([
      findOrderCourses(db, courseIds),
      sessionsForOrder(db, courseIds, sessionIds, buyer.id, placedAt),
    ]);
    const found = new Map(foundCourses.map((c) => [c.id, c]));
    // The first line that cannot be served explains the refusal: unknown course or session (400), too few seats (409).
    const lines = wanted.map(({ courseId, sessionId, qty, index, learners }) => {
      const course = found.get(courseId);
      if (!course) throw unknownCourse(index);
      const session = sessionOfLine(foundSessions, course, sessionId, placedAt, index);
      if (session) {
        if (session.seatsLeft + (offers.get(session.id) ?? 0) < qty)
          throw conflict(notEnoughSessionSeats(course.name, session.startsAt));
      } else if (course.availability < qty) throw conflict(notEnoughSeats(course.name));
      const lineSession = session ? lineSessionOf(session) : null;
      return {
        id: randomUUID(),
        courseId,
        name: course.name,
        nameFr: course.nameFr,
        nameAr: course.nameAr,
        qty,
        price: course.price,
        image: course.images[0] ?? '',
        session: lineSession,
        courseTaxRate: course.taxRate,
        taxRate: course.taxRate ?? config.pricing.taxRate,
        learners,
      };
    });
    // Issue 37: a promo code that does not apply refuses the order (400 COUPON_*), never placed at full price.
    const coupon = body.couponCode?.trim() ? await resolveCoupon(db, body.couponCode, lines, buyer.id, placedAt) : null;
    // Issue 52: each line at its course's rate, tax per rate and the stamp duty (the shop's settings).
    const { lineTaxRates: _rates, ...priced } = priceWithCoupon(
      lines.map((line) => ({ ...line, taxRate: line.courseTaxRate })),
      coupon,
      config.pricing,
    );
    const amounts = { ...priced, couponCode: coupon?.code ?? null };
    // Checked on every round: a price changed between this read and the insert makes the insert
    // refuse, and the next round compares the new price with what the customer saw.
    checkShownAmounts(body, amounts, lines);
    // Fair holds (issue 31): the buyer's unpaid orders and seats are counted and the order
    // placed in one transaction holding the buyer's row, so two tabs cannot both pass the caps.
    const placed = await events.transaction(db, async (tx, recorded) => {
      await lockBuyer(tx, buyer.id);
      const inserted = await insertOrderIfCoursesUnchanged(tx, {
        ...header,
        ...amounts,
        lines,
        idempotencyKey,
        holdExpiresAt,
        placedBy: buyer,
        placedAt,
        unpaidCaps: { orders: config.maxUnpaidOrders, seats: config.maxUnpaidSeats },
      });
      if (inserted === TOO_MANY_UNPAID) throw new AppError(409, MESSAGES.tooManyUnpaid, undefined, 'TOO_MANY_UNPAID');
      // The courses changed since they were read (a price, the seats): nothing placed; the next round reads them again.
      if (!inserted) return inserted;
      // Issue 37: the coupon's use is counted in this transaction (guarded; none left: 400, rolled back).
      await claimCouponUse(tx, coupon, inserted.id, buyer.id);
      // Issue 34: the unused rest of the buyer's waitlist offer goes to the next in line.
      const offersPassedOn = offers.size > 0 ? await offerFreedSeats(tx, [...offers.keys()]) : 0;
      const record: OrderRecord = {
        ...header,
        ...amounts,
        id: inserted.id,
        createdAt: inserted.createdAt,
        lines,
        isPaid: false,
        paidAt: null,
        isLearned: false,
        learnedAt: null,
        status: 'pending',
        holdExpiresAt,
        cancelledAt: null,
        refundedAt: null,
        invoiceNumber: null,
        paymentResult: null,
        ...NO_REFUND,
      };
      // The order as placed goes with its event: its mail tells exactly this, without reading it back.
      recorded.record({ type: 'orderPlaced', orderId: inserted.id, placed: record });
      // Seats were taken: this instance's next catalogue answer shows them gone.
      recorded.record({ type: 'courseChanged' });
      // Issue 34: an offer's unused rest passed to the next in line: their mail goes now.
      if (offersPassedOn > 0) recorded.record({ type: 'waitlistOffersChanged' });
      return { record, offersPassedOn };
    });
    if (placed) return { order: toOrderJson(placed.record), record: placed.record, offersPassedOn: placed.offersPassedOn };
  }
  throw conflict(MESSAGES.orderCoursesChanged);
}

async function existingOrder(db: Db, userId: string, key: string): Promise<Order | undefined> {
  const id = await findOrderIdByIdempotencyKey(db, userId, key);
  return id ? toOrderJson(await requireOrder(db, id)) : undefined;
}

export async function requireOrder(db: Db, id: string): Promise<OrderRecord> {
  const order = isId(id) ? await findOrderById(db, id) : undefined;
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/**
 * An order is for its buyer, its payer (issue 51) and the admins: anyone else gets 403.
 * `payerToo: false` keeps an action to the buyer and admins (cancelling is the buyer's).
 */
function refuseStranger(viewer: AuthUser, order: { userId: string | null; payerId?: string | null }, payerToo = true): void {
  if (viewer.isAdmin || order.userId === viewer.id) return;
  if (payerToo && order.payerId && order.payerId === viewer.id) return;
  throw forbidden(MESSAGES.forbidden);
}

/** Whether the viewer may see and pay the order: its buyer, its payer (issue 51) or an admin. */
export function canSeeOrder(viewer: AuthUser, order: { userId: string | null; payer: { id: string } | null }): boolean {
  return viewer.isAdmin || order.userId === viewer.id || (order.payer !== null && order.payer.id === viewer.id);
}

/** For its owner or an admin, nothing (404 when there is no such order); anyone else (the payer too) gets 403. Reads the owner alone. */
export async function requireOrderOwner(db: Db, viewer: AuthUser, id: string): Promise<void> {
  const order = isId(id) ? await findOrderOwner(db, id) : null;
  if (!order) throw notFound(MESSAGES.orderNotFound);
  refuseStranger(viewer, order, false);
}

/**
 * THE access check of an order's pages and documents (issue 51): the order for its buyer, its
 * payer or an admin (404 when there is no such order); anyone else gets 403. The order page,
 * invoice, credit note, calendar, proof and the documents of other modules use this one.
 */
export async function requireOrderAccess(db: Db, viewer: AuthUser, id: string): Promise<OrderRecord> {
  const order = await requireOrder(db, id);
  if (!canSeeOrder(viewer, order)) throw forbidden(MESSAGES.forbidden);
  return order;
}

/** The order for its buyer, its payer or an admin: `requireOrderAccess` under its older name. */
export const requireOwnOrder = requireOrderAccess;

export async function getOrder(ctx: ServiceContext, viewer: AuthUser, id: string): Promise<Order> {
  return toOrderJson(await requireOwnOrder(ctx.database.db, viewer, id));
}

export async function getMyOrders(ctx: ServiceContext, buyer: AuthUser): Promise<Order[]> {
  return (await listOrdersOfUser(ctx.database.db, buyer.id)).map((o) => toOrderJson(o));
}

/** `GET /api/orders/paying` (issue 51): the orders the caller accepted to pay, newest first. */
export async function getOrdersIPay(ctx: ServiceContext, payer: AuthUser): Promise<Order[]> {
  return (await listOrdersPaidBy(ctx.database.db, payer.id)).map((o) => toOrderJson(o));
}

/** The admin list: filtered, sorted, one page (issue 19). */
export async function getAllOrders(ctx: ServiceContext, query: OrderListQuery): Promise<{ orders: Order[]; total: number }> {
  const { page = 1, limit = ORDERS_PAGE_DEFAULT, ...filter } = query;
  const { orders, total } = await listOrders(ctx.database.db, filter, { offset: (page - 1) * limit, limit });
  return { orders: orders.map((o) => toOrderJson(o, 'nameOnly')), total };
}

/**
 * A Card order whose total is 0 (a 100 % coupon with free shipping) has nothing to pay online:
 * it is paid at once, with its invoice, through the one way orders become paid. Other orders
 * are answered as placed.
 */
export async function payFreeOrder(ctx: ServiceContext, record: OrderRecord): Promise<OrderRecord> {
  if (record.paymentMethod !== 'Card' || record.totalPrice !== 0) return record;
  const { db } = ctx.database;
  // Its "payment received" mail follows the commit (orderPaid).
  const outcome = await payOrderRecord(db, ctx.events, record.id, SYSTEM_ACTOR, ctx.clock.now(), undefined, invoiceSeller(ctx.config.shop));
  if (outcome.kind !== 'changed') return record;
  return (await findOrderById(db as Db, record.id)) ?? record;
}


import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { namesOf, type InvoiceTo, type Language, type OrderStatus, type PaymentProofStatus, type PaymentResult, type RefundReason } from '@shop/shared';
import type { DbOrTx } from '../../../db/client.js';
import { statementNames } from '../../../db/statement-names.js';
import { auditEventsOfRows } from '../../audit/audit.repository.js';
import { courses } from '../../courses/courses.schema.js';
import { orderItems, orderLearners, orderRefunds, orders } from '../tables/orders.schema.js';
import { sessions, sessionWaitlist } from '../tables/sessions.schema.js';
import { users } from '../../identity/identity.schema.js';
import { standingOfferOf } from '../seats/waitlist.repository.js';
import { readInvoiceTo } from './order-tax.js';

export interface OrderLineRecord {
  /** The line's stable id (order_items.id; issue 51). */
  id: string;
  courseId: string | null;
  name: string;
  /** Issue 54: the course's French and Arabic names as sold ('' or absent: none); placing checks them unchanged. */
  nameFr?: string | undefined;
  nameAr?: string | undefined;
  qty: number;
  price: number;
  image: string;
  /** The session the seats are in (issue 33); null for a course without sessions, or once the session row is gone. */
  session?: OrderLineSessionRecord | null;
  /** The rate the line was taxed at, in percent (issue 52); null or absent on lines placed before: 15. */
  taxRate?: number | null;
  /** When placing: the course's own rate the price was computed with (null: the shop's), checked unchanged by the insert. */
  courseTaxRate?: number | null;
  /** The people named for the line's seats (issue 51), in their order; absent or empty: none. */
  learners?: LearnerRecord[];
}

/** A person named for a seat of an order line (order_learners; issue 51). */
export interface LearnerRecord {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** What an order line shows of its session (issue 33). */
export interface OrderLineSessionRecord {
  id: string;
  startsAt: Date;
  endsAt: Date;
  schedule: string;
  place: string;
  /** Issue 54: the schedule and place in French and Arabic ('' shows the main text). */
  scheduleFr?: string;
  scheduleAr?: string;
  placeFr?: string;
  placeAr?: string;
  /** Issue 51: hours as set (null: from the meetings), trainer, online link, meetings. */
  hours?: number | null;
  trainer?: string | null;
  meetingUrl?: string | null;
  meetings?: { startsAt: string; endsAt: string }[];
}

/** What an order line keeps of its session row. */
export function lineSessionOf(row: typeof sessions.$inferSelect): OrderLineSessionRecord {
  return {
    id: row.id,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    schedule: row.schedule,
    place: row.place,
    scheduleFr: row.scheduleFr,
    scheduleAr: row.scheduleAr,
    placeFr: row.placeFr,
    placeAr: row.placeAr,
    hours: row.hours,
    trainer: row.trainer,
    meetingUrl: row.meetingUrl,
    meetings: row.meetings ?? [],
  };
}

/** One payment owed back (order_refunds; written by order-states.repository.ts only). */
export interface RefundRecord {
  id: string;
  reason: RefundReason;
  status: 'due' | 'done';
  amount: number;
  provider: string;
  /** The provider's payment reference, when there is one. */
  reference: string | null;
  dueAt: Date;
  doneAt: Date | null;
  /** `AV-YYYY-NNNNN` once done. */
  creditNoteNumber: string | null;
  /** The reference El Fatoora gave its credit note (issue 52); absent or null: none recorded. */
  ttnReference?: string | null;
  ttnRecordedAt?: Date | null;
}

export interface OrderRecord {
  id: string;
  userId: string | null;
  /** The buyer's current name and e-mail, or the snapshot taken when the user is gone. */
  userName: string;
  userEmail: string;
  /** The buyer's language for the order mails ('en' once the user is gone). */
  userLanguage: Language;
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
  status: OrderStatus;
  holdExpiresAt: Date | null;
  cancelledAt: Date | null;
  /** Issue 54: why an admin cancelled it, if they said. */
  cancelReason?: string | null;
  refundedAt: Date | null;
  invoiceNumber: string | null;
  /** The reference El Fatoora gave the invoice (issue 52); absent or null: none recorded. */
  invoiceTtnReference?: string | null;
  invoiceTtnRecordedAt?: Date | null;
  /** How it was paid online, as the provider's API confirmed it (issue 17). */
  paymentResult: PaymentResult | null;
  /** The company the invoice is made out to, given at checkout (issue 31). */
  invoiceTo: InvoiceTo | null;
  /** The promo code it was placed with and what it took off the items (issue 37); absent: none, 0. */
  couponCode?: string | null;
  discountPrice?: number;
  /** Tax per rate and the stamp duty (issue 52); absent or `[]`: placed before, one rate of 15 %. */
  taxLines?: { rate: number; base: number; amount: number }[];
  stampDuty?: number;
  /** Money owed back (issue 49): one per payment the order cannot keep, oldest first. */
  refunds: RefundRecord[];
  /** The proof of payment of a Transfer order (issue 36; payment-proof.repository.ts); absent: none. */
  proofStatus?: PaymentProofStatus | null;
  proofUploadedAt?: Date | null;
  proofReason?: string | null;
  /** Issue 51: the adult who accepted to pay a child's order (their current name, e-mail, language); null: none. */
  payer: OrderPayerRecord | null;
  lines: OrderLineRecord[];
}

/** The payer of an order (issue 51). */
export interface OrderPayerRecord {
  id: string;
  name: string;
  email: string;
  language: Language;
}

/** What changes after placing: set by the guarded statements of order-states.repository.ts. */
type OrderProgress =
  | 'id'
  | 'isPaid'
  | 'paidAt'
  | 'isLearned'
  | 'learnedAt'
  | 'createdAt'
  | 'status'
  | 'cancelledAt'
  | 'refundedAt'
  | 'invoiceNumber'
  | 'paymentResult'
  | 'refunds'
  | 'payer';

/** An order with no refund, as placed. */
export const NO_REFUND: Pick<OrderRecord, 'refunds' | 'payer'> = { refunds: [], payer: null };

/** A line to place: its id may be given (the service does, to answer it), else one is drawn. */
export type NewOrderLine = Omit<OrderLineRecord, 'id'> & { id?: string };

export type NewOrder = Omit<OrderRecord, OrderProgress | 'userLanguage' | 'invoiceTo' | 'lines'> & {
  lines: NewOrderLine[];
  /** The company the invoice is to be made out to; none when absent. */
  invoiceTo?: InvoiceTo | null;
  idempotencyKey: string | null;
  /** The buyer's role in the 'placed' history line. */
  placedBy: { isAdmin: boolean };
  /** The instant the 'placed' history line carries (the app's clock). */
  placedAt: Date;
  /**
   * Fair holds (issue 31): the most pending orders and seats the buyer may hold with this one
   * counted; none: not checked. Counted by the statement itself, after lockBuyer in the same
   * transaction.
   */
  unpaidCaps?: { orders: number; seats: number };
};

/** A placed order's id and creation time. */
export interface PlacedRow {
  id: string;
  createdAt: Date;
}

/** What insertOrderIfCoursesUnchanged answers when the order would pass the buyer's unpaid caps. */
export const TOO_MANY_UNPAID = 'too many unpaid';

/** A course as an order prices it: read first, then checked unchanged when the seats are taken. */
export interface OrderCourse {
  id: string;
  name: string;
  /** Issue 54: the French and Arabic names ('' when none), kept with the line. */
  nameFr: string;
  nameAr: string;
  price: number;
  images: string[];
  availability: number;
  /** The course has or had sessions (any state): then it is sold only through an open one (issue 49). */
  hadSessions: boolean;
  /** The course's own VAT rate (issue 52); null: the shop's. */
  taxRate: number | null;
}

/** Name, price, images and seats left of the courses of an order; unknown ids are absent. */
export async function findOrderCourses(db: DbOrTx, ids: readonly string[]): Promise<OrderCourse[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: courses.id,
      name: courses.name,
      nameFr: courses.nameFr,
      nameAr: courses.nameAr,
      price: courses.price,
      images: courses.images,
      availability: courses.availability,
      taxRate: courses.taxRate,
      // Issue 49: a course that has or had sessions is sold only through an open one. Qualified by
      // hand: drizzle writes a select list's columns without their table.
      hadSessions: sql<boolean>`exists (select 1 from ${sessions} had where had.course_id = "courses"."id")`,
    })
    .from(courses)
    // A draft is not for sale: its line answers 400 Course not found.
    .where(and(inArray(courses.id, [...ids]), not(courses.isDraft)));
}

/**
 * Places an order in one statement, all or nothing: takes `qty` seats of every line's course
 * and writes the order and its lines, provided every course still exists, has the seats and
 * still has the name, price and first image the lines and amounts were computed from.
 * Answers the new order's id and creation time, undefined when anything differed (nothing
 * was written: the caller reads the courses again), or TOO_MANY_UNPAID when the order would
 * pass `unpaidCaps` (nothing was written, nothing locked but the buyer's row).
 *
 * The courses are first locked in id order (the materialised `locked` CTE, `ORDER BY id FOR
 * UPDATE`, which sees the newest version of each row), so concurrent orders of the same course
 * queue up for a moment inside PostgreSQL instead of deadlocking, and no seat is sold twice;
 * `ready` checks them all before anything is written. The service runs it in the placing
 * transaction, after lockBuyer (fair holds), with the coupon's use and the waitlist offers.
 */
export async function insertOrderIfCoursesUnchanged(
  db: DbOrTx,
  order: NewOrder & { unpaidCaps?: undefined },
): Promise<PlacedRow | undefined>;
export async function insertOrderIfCoursesUnchanged(
  db: DbOrTx,
  order: NewOrder,
): Promise<PlacedRow | typeof TOO_MANY_UNPAID | undefined>;
export async function insertOrderIfCoursesUnchanged(
  db: DbOrTx,
  order: NewOrder,
): Promise<PlacedRow | typeof TOO_MANY_UNPAID | undefined> {
  const query = dialect.sqlToQuery(orderStatement(order));
  const result = (await db._.session.prepareQuery(query, undefined, orderStatementName(query.sql), false).execute()) as {
    rows: { unpaid_ok: boolean; id: string | null; created_at: Date | string | null }[];
  };
  // (`taken` and `taken_sessions` run although nothing reads them: PostgreSQL runs every data-modifying CTE.)
  const [row] = result.rows;
  if (row && !row.unpaid_ok) return TOO_MANY_UNPAID;
  if (!row?.id || row.created_at === null) return undefined;
  return { id: row.id, createdAt: new Date(row.created_at) };
}

const dialect = new PgDialect();

/**
 * Order statements named on PostgreSQL per process (decision 0394; the bound:
 * db/statement-names.ts). The statement's text depends on its number of lines and a few choices
 * (a coupon, who places it), so an order of the same kind is parsed once per connection instead
 * of on every placement (4.7 KB, about twenty CTEs: 1.4 ms a run unnamed, 0.5 ms named, on
 * 10 000 courses).
 */
export const ORDER_NAMED_STATEMENTS_MAX = 16;
const orderStatementName = statementNames('order', ORDER_NAMED_STATEMENTS_MAX);

/** The statement of insertOrderIfCoursesUnchanged (exported so the benchmark can EXPLAIN it). */
export function orderStatement(order: NewOrder): SQL {
  const lines = order.lines.map((line) => ({ ...line, id: line.id ?? randomUUID() }));
  if (lines.length === 0) throw new Error('an order needs at least one line');
  const wanted = sql.join(
    lines.map(
      (line, position) =>
        sql`(${line.id}::uuid, ${line.courseId}::uuid, ${line.qty}::integer, ${line.price}::numeric, ${line.name}::text, ${line.image}::text, ${position}::integer, ${line.session?.id ?? null}::uuid, ${line.taxRate ?? null}::numeric, ${line.courseTaxRate ?? null}::numeric, ${line.nameFr ?? ''}::text, ${line.nameAr ?? ''}::text)`,
    ),
    sql`, `,
  );
  const header: [AnyPgColumn, SQL][] = [
    [orders.userId, sql`${order.userId}::uuid`],
    [orders.userName, sql`${order.userName}::text`],
    [orders.userEmail, sql`${order.userEmail}::text`],
    [orders.address, sql`${order.address}::text`],
    [orders.city, sql`${order.city}::text`],
    [orders.postalCode, sql`${order.postalCode}::text`],
    [orders.country, sql`${order.country}::text`],
    [orders.paymentMethod, sql`${order.paymentMethod}::text`],
    [orders.itemsPrice, sql`${order.itemsPrice}::numeric`],
    [orders.shippingPrice, sql`${order.shippingPrice}::numeric`],
    [orders.taxPrice, sql`${order.taxPrice}::numeric`],
    [orders.totalPrice, sql`${order.totalPrice}::numeric`],
    [orders.idempotencyKey, sql`${order.idempotencyKey}::text`],
    [orders.holdExpiresAt, sql`${order.holdExpiresAt?.toISOString() ?? null}::timestamptz`],
    [orders.invoiceTo, sql`${order.invoiceTo ? JSON.stringify(order.invoiceTo) : null}::jsonb`],
    [orders.couponCode, sql`${order.couponCode ?? null}::text`],
    [orders.discountPrice, sql`${order.discountPrice ?? 0}::numeric`],
    [orders.taxLines, sql`${JSON.stringify(order.taxLines ?? [])}::jsonb`],
    [orders.stampDuty, sql`${order.stampDuty ?? 0}::numeric`],
  ];
  const columnNames = (columns: AnyPgColumn[]) =>
    sql.join(
      columns.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
  const lineColumns = [
    orderItems.id,
    orderItems.orderId,
    orderItems.courseId,
    orderItems.name,
    orderItems.qty,
    orderItems.price,
    orderItems.image,
    orderItems.position,
    orderItems.sessionId,
    orderItems.taxRate,
    orderItems.courseNames,
  ];
  // Sessions (issue 33): a line with a session takes its seats from the session (locked after
  // the courses, in id order, as everywhere), which must be of the line's course, open, not
  // ended at the placing instant, with the seats; a line without one takes the course's seats
  // and is refused when the course has or had sessions (issue 49: one open session must be chosen).
  // Waitlists (issue 34): seats offered to the buyer in a line's session (locked after the
  // sessions) count with its seats left; the unused rest of the offer goes back to seats left
  // (the caller offers it on), and the buyer leaves the waitlists of the sessions they got seats in.
  // Fair holds (issue 31): the buyer's pending orders and their seats, counted by this statement
  // after the buyer's row was locked (lockBuyer), so under READ COMMITTED it sees the order of
  // another tab that committed while this one waited; over the caps, no course is even locked.
  const caps = order.unpaidCaps;
  const unpaid = caps
    ? sql`select count(distinct ${orders.id}) + 1 <= ${caps.orders}::integer
        and coalesce(sum(${orderItems.qty}), 0) + (select sum(qty) from wanted) <= ${caps.seats}::integer as ok
      from ${orders} left join ${orderItems} on ${orderItems.orderId} = ${orders.id}
      where ${orders.userId} = ${order.userId}::uuid and ${orders.status} = 'pending'`
    : sql`select true as ok`;
  const at = sql`${order.placedAt.toISOString()}::timestamptz`;
  return sql`
    with wanted (line_id, id, qty, price, name, image, position, session_id, tax_rate, course_tax_rate, name_fr, name_ar) as (values ${wanted}),
    unpaid as materialized (${unpaid}),
    locked as materialized (
      select ${courses.id} as id, ${courses.availability} as availability, ${courses.price} as price,
        ${courses.name} as name, coalesce(${courses.images}[1], '') as image, ${courses.taxRate} as tax_rate,
        ${courses.nameFr} as name_fr, ${courses.nameAr} as name_ar
      from ${courses}
      where ${courses.id} in (select id from wanted) and (select ok from unpaid)
      order by ${courses.id}
      for update
    ),
    locked_sessions as materialized (
      select ${sessions.id} as id, ${sessions.courseId} as course_id, ${sessions.seatsLeft} as seats_left,
        ${sessions.status} as status, ${sessions.endsAt} as ends_at
      from ${sessions}
      where ${sessions.id} in (select session_id from wanted where session_id is not null) and (select ok from unpaid)
      order by ${sessions.id}
      for update
    ),
    ${buyerOffersCte(order.userId, at)},
    ready as materialized (
      select count(*) = ${lines.length} and coalesce(bool_and(
        locked.price = wanted.price and locked.name = wanted.name and locked.image = wanted.image
        and locked.name_fr = wanted.name_fr and locked.name_ar = wanted.name_ar
        and locked.tax_rate is not distinct from wanted.course_tax_rate
        and coalesce(case when wanted.session_id is null then
          locked.availability >= wanted.qty and not exists (
            select 1 from ${sessions} any_session where any_session.course_id = wanted.id)
        else
          locked_session.course_id = wanted.id and locked_session.status = 'open'
          and locked_session.ends_at > ${at}
          and locked_session.seats_left + ${buyerOfferSeats(sql`wanted.session_id`)} >= wanted.qty
        end, false)), false) as ok
      from wanted join locked on locked.id = wanted.id
        left join locked_sessions locked_session on locked_session.id = wanted.session_id
    ),
    taken as (
      update ${courses} set
        availability = ${courses.availability} - wanted.qty,
        updated_at = now()
      from wanted, ready
      where ready.ok and ${courses.id} = wanted.id and wanted.session_id is null
      returning ${courses.id}
    ),
    taken_sessions as (
      update ${sessions} set seats_left = ${sessions.seatsLeft} - wanted.qty + ${buyerOfferSeats(sql`wanted.session_id`)}
      from wanted, ready
      where ready.ok and ${sessions.id} = wanted.session_id
      returning ${sessions.id}
    ),
    ${buyerLeavesWaitlistsCte(order.userId)},
    new_order as (
      insert into ${orders} (${columnNames(header.map(([column]) => column))})
      select ${sql.join(
        header.map(([, value]) => value),
        sql`, `,
      )}
      from ready where ready.ok
      returning ${orders.id} as id, ${orders.createdAt} as created_at
    ),
    new_lines as (
      insert into ${orderItems} (${columnNames(lineColumns)})
      select wanted.line_id, new_order.id, wanted.id, wanted.name, wanted.qty, wanted.price, wanted.image, wanted.position, wanted.session_id, wanted.tax_rate,
        -- Issue 54: the names in every language (checked unchanged by ready, like the main one).
        jsonb_strip_nulls(jsonb_build_object('en', wanted.name, 'fr', nullif(wanted.name_fr, ''), 'ar', nullif(wanted.name_ar, '')))
      from new_order, wanted
      returning ${orderItems.id} as id
    ),${learnersCte(lines)}
    placed_event as (
      ${auditEventsOfRows('new_order', {
        entity: 'order',
        action: 'placed',
        actor: { id: order.userId, name: order.userName, role: order.placedBy.isAdmin ? 'admin' : 'customer' },
        changes: { status: { from: null, to: 'pending' } },
        at: order.placedAt,
      })}
    )
    select unpaid.ok as unpaid_ok, new_order.id, new_order.created_at from unpaid left join new_order on true
  `;
}

/*
 * The waitlist's pieces of `orderStatement` above, kept beside it because they name its CTEs
 * (`wanted`, `locked_sessions`, `ready`): the buyer's own offers count with the seats left of
 * their session, and the buyer leaves the waitlist of every session they got seats in.
 */

/** `buyer_offers`: the buyer's offers on the order's sessions, not expired at `at`, locked after the sessions. */
function buyerOffersCte(userId: string | null, at: SQL): SQL {
  return sql`buyer_offers as materialized (
      select ${sessionWaitlist.sessionId} as session_id, ${sessionWaitlist.offerSeats} as offer_seats
      from ${sessionWaitlist}
      where ${sessionWaitlist.sessionId} in (select id from locked_sessions) and ${standingOfferOf(userId, at)}
      order by ${sessionWaitlist.sessionId}
      for update
    )`;
}

/** The seats offered to the buyer in the session `sessionId` (an SQL expression), 0 without an offer. */
function buyerOfferSeats(sessionId: SQL): SQL {
  return sql`coalesce((select buyer_offers.offer_seats from buyer_offers where buyer_offers.session_id = ${sessionId}), 0)`;
}

/** `left_waitlists`: once placed, the buyer leaves the waitlists of the sessions they got seats in. */
function buyerLeavesWaitlistsCte(userId: string | null): SQL {
  return sql`left_waitlists as (
      delete from ${sessionWaitlist}
      using ready
      where ready.ok and ${sessionWaitlist.userId} = ${userId}::uuid
        and ${sessionWaitlist.sessionId} in (select session_id from wanted where session_id is not null)
    )`;
}

/**
 * Issue 51: the learners named at checkout, inserted with their lines by the placing statement
 * (after new_lines, whose rows they point to); nothing when no line names any.
 */
function learnersCte(lines: (NewOrderLine & { id: string })[]): SQL {
  const rows = lines.flatMap((line) =>
    (line.learners ?? []).map(
      (learner, position) =>
        sql`(${learner.id}::uuid, ${line.id}::uuid, ${position}::integer, ${learner.name}::text, ${learner.email}::text, ${learner.phone}::text)`,
    ),
  );
  if (rows.length === 0) return sql``;
  return sql`
    new_learners as (
      insert into ${orderLearners} ("id", "order_id", "item_id", "position", "name", "email", "phone")
      select named.id, new_order.id, new_lines.id, named.position, named.name, named.email, named.phone
      from new_order, new_lines
      join (values ${sql.join(rows, sql`, `)}) as named (id, line_id, position, name, email, phone) on named.line_id = new_lines.id
    ),`;
}

/**
 * Fair holds (issue 31): locks the buyer's row until the placing transaction ends, so two tabs
 * of one customer placing at once queue here. The order statement that follows counts the
 * buyer's unpaid orders (NewOrder.unpaidCaps): a statement of its own after the lock, under
 * READ COMMITTED it sees the order the other tab committed while this one waited.
 */
export async function lockBuyer(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
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
  userLanguage: sql<Language>`coalesce(${users.language}, 'en')`,
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
  status: orders.status,
  holdExpiresAt: orders.holdExpiresAt,
  cancelledAt: orders.cancelledAt,
  cancelReason: orders.cancelReason,
  refundedAt: orders.refundedAt,
  invoiceNumber: orders.invoiceNumber,
  invoiceTtnReference: orders.invoiceTtnReference,
  invoiceTtnRecordedAt: orders.invoiceTtnRecordedAt,
  paymentResult: orders.paymentResult,
  // The order's refunds in the same statement, oldest first (no query more per order).
  refunds: sql<RefundRow[]>`(select coalesce(json_agg(json_build_object(
      'id', r.id, 'reason', r.reason, 'status', r.status, 'amount', r.amount, 'provider', r.provider,
      'reference', r.reference, 'dueAt', r.due_at, 'doneAt', r.done_at, 'creditNoteNumber', r.credit_note_number,
      'ttnReference', r.ttn_reference, 'ttnRecordedAt', r.ttn_recorded_at
    ) order by r.due_at, r.id), '[]'::json) from ${orderRefunds} r where r.order_id = ${orders.id})`,
  invoiceTo: orders.invoiceTo,
  couponCode: orders.couponCode,
  discountPrice: orders.discountPrice,
  taxLines: orders.taxLines,
  stampDuty: orders.stampDuty,
  proofStatus: orders.proofStatus,
  proofUploadedAt: orders.proofUploadedAt,
  proofReason: orders.proofReason,
  // Issue 51: the payer as the account is now (qualified: the buyer's users row is joined too).
  payer: sql<OrderPayerRecord | string | null>`(select json_build_object('id', p.id, 'name', p.name, 'email', p.email, 'language', p.language)
    from ${users} p where p.id = "orders"."payer_id")`,
};

/** A refund as json_agg gives it: dates as strings, amounts as JSON numbers. */
type RefundRow = Omit<RefundRecord, 'dueAt' | 'doneAt' | 'amount' | 'ttnRecordedAt'> & {
  dueAt: string;
  doneAt: string | null;
  amount: number | string;
  ttnRecordedAt?: string | null;
};

const refundOfRow = (r: RefundRow): RefundRecord => ({
  ...r,
  amount: Number(r.amount),
  dueAt: new Date(r.dueAt),
  doneAt: r.doneAt ? new Date(r.doneAt) : null,
  ttnRecordedAt: r.ttnRecordedAt ? new Date(r.ttnRecordedAt) : null,
});

type OrderHeader = Omit<OrderRecord, 'lines' | 'refunds' | 'invoiceTo' | 'payer'> & {
  refunds: RefundRow[] | string;
  payer: OrderPayerRecord | string | null;
  /** `kind` absent on orders placed before issue 52. */
  invoiceTo: (Omit<InvoiceTo, 'kind'> & { kind?: InvoiceTo['kind'] }) | null;
};

/** Orders with their buyer's current name and e-mail (the saved ones once the user is gone). */
export function selectOrders(db: DbOrTx) {
  return db.select(orderColumns).from(orders).leftJoin(users, eq(users.id, orders.userId));
}

/** Loads the lines of many orders in one query (never one query per order). */
export async function withLines(db: DbOrTx, headers: OrderHeader[]): Promise<OrderRecord[]> {
  if (headers.length === 0) return [];
  const rows = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      courseId: orderItems.courseId,
      name: orderItems.name,
      qty: orderItems.qty,
      price: orderItems.price,
      image: orderItems.image,
      taxRate: orderItems.taxRate,
      courseNames: orderItems.courseNames,
      session: sessions,
      // Issue 51: the line's named learners in the same statement (node-postgres parses json; PGlite may give text).
      learners: sql<LearnerRecord[] | string>`(select coalesce(json_agg(json_build_object(
          'id', l.id, 'name', l.name, 'email', l.email, 'phone', l.phone) order by l.position, l.id), '[]'::json)
        from ${orderLearners} l where l.item_id = "order_items"."id")`,
    })
    .from(orderItems)
    .leftJoin(sessions, eq(sessions.id, orderItems.sessionId))
    .where(
      inArray(
        orderItems.orderId,
        headers.map((h) => h.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const linesByOrder = new Map<string, OrderLineRecord[]>();
  for (const { orderId, session: sessionRow, learners, courseNames, ...line } of rows) {
    const lines = linesByOrder.get(orderId) ?? [];
    const session = sessionRow ? lineSessionOf(sessionRow) : null;
    const { nameFr, nameAr } = namesOf(line.name, courseNames);
    lines.push({ ...line, nameFr, nameAr, session, learners: typeof learners === 'string' ? (JSON.parse(learners) as LearnerRecord[]) : learners });
    linesByOrder.set(orderId, lines);
  }
  return headers.map((h) => ({
    ...h,
    // node-postgres parses json; PGlite may hand it over as text.
    refunds: (typeof h.refunds === 'string' ? (JSON.parse(h.refunds) as RefundRow[]) : h.refunds).map(refundOfRow),
    payer: typeof h.payer === 'string' ? (JSON.parse(h.payer) as OrderPayerRecord) : h.payer,
    invoiceTo: readInvoiceTo(h.invoiceTo),
    taxLines: typeof h.taxLines === 'string' ? (JSON.parse(h.taxLines) as OrderRecord['taxLines']) : h.taxLines,
    lines: linesByOrder.get(h.id) ?? [],
  }));
}

/**
 * The named learners of orders (issue 51), by line id, each line's in their order. One query
 * for any number of orders.
 */
export async function learnersOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, LearnerRecord[]>> {
  const byLine = new Map<string, LearnerRecord[]>();
  if (orderIds.length === 0) return byLine;
  const rows = await db
    .select({
      id: orderLearners.id,
      itemId: orderLearners.itemId,
      name: orderLearners.name,
      email: orderLearners.email,
      phone: orderLearners.phone,
    })
    .from(orderLearners)
    .where(inArray(orderLearners.orderId, [...orderIds]))
    .orderBy(asc(orderLearners.itemId), asc(orderLearners.position), asc(orderLearners.id));
  for (const { itemId, ...learner } of rows) {
    const list = byLine.get(itemId) ?? [];
    list.push(learner);
    byLine.set(itemId, list);
  }
  return byLine;
}

/** An order's learner with the line and course they sit in (the documents' list; issue 51). */
export interface OrderLearnerRow extends LearnerRecord {
  lineId: string;
  courseId: string | null;
  course: string;
  sessionId: string | null;
}

/**
 * The people named for an order's seats (issue 51), line by line in the order's line order,
 * each line's in their order. The company documents (agreement, attendance certificate) list
 * these; seats not named are the buyer's (the line's qty minus its learners).
 */
export async function listOrderLearners(db: DbOrTx, orderId: string): Promise<OrderLearnerRow[]> {
  return db
    .select({
      id: orderLearners.id,
      name: orderLearners.name,
      email: orderLearners.email,
      phone: orderLearners.phone,
      lineId: orderItems.id,
      courseId: orderItems.courseId,
      course: orderItems.name,
      sessionId: orderItems.sessionId,
    })
    .from(orderLearners)
    .innerJoin(orderItems, eq(orderItems.id, orderLearners.itemId))
    .where(eq(orderLearners.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderLearners.position), asc(orderLearners.id));
}

export async function findOrderById(db: DbOrTx, id: string): Promise<OrderRecord | undefined> {
  const headers = await selectOrders(db).where(eq(orders.id, id)).limit(1);
  const [order] = await withLines(db, headers);
  return order;
}

/** Many orders with their lines in two queries (the expiry sweeper's mails). */
export async function findOrdersByIds(db: DbOrTx, ids: readonly string[]): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  return withLines(db, await selectOrders(db).where(inArray(orders.id, [...ids])));
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

export async function listOrdersOfUser(db: DbOrTx, userId: string): Promise<OrderRecord[]> {
  const headers = await selectOrders(db)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst);
  return withLines(db, headers);
}

/** Whether the order exists (null: no), whose it is (an order of a deleted account has no owner) and who pays it (issue 51). */
export async function findOrderOwner(db: DbOrTx, id: string): Promise<{ userId: string | null; payerId: string | null } | null> {
  const [row] = await db.select({ userId: orders.userId, payerId: orders.payerId }).from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** The orders an adult accepted to pay (issue 51), newest first. */
export async function listOrdersPaidBy(db: DbOrTx, payerId: string): Promise<OrderRecord[]> {
  const headers = await selectOrders(db)
    .where(eq(orders.payerId, payerId))
    .orderBy(...newestFirst);
  return withLines(db, headers);
}

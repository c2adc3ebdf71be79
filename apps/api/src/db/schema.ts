import { sql } from 'drizzle-orm';
import {
  CATEGORIES,
  type CourseNames,
  LANGUAGES,
  ORDER_STATUSES,
  type OrderStatus,
  type PaymentProofStatus,
  type PaymentResult,
  type RefundReason,
  type TextChannel,
  type TextStatus,
  type TextTemplate,
} from '@shop/shared';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `Soft skills` → `soft_skills`: the category's part of its index names. */
export const categorySlug = (category: string): string =>
  category.toLowerCase().replace(/[^a-z0-9]+/g, '_');

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased: e-mails are unique without regard to case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isKid: boolean('is_kid').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    /** The account's language (issue 18): its e-mails are written in it. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** Issue 53: the phone in E.164 (`normalisePhone`), or null; and the text channels agreed to. */
    phone: text('phone'),
    notifySms: boolean('notify_sms').notNull().default(false),
    notifyWhatsapp: boolean('notify_whatsapp').notNull().default(false),
    /** Tokens issued before this instant are refused. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_language_known', sql`${t.language} in ('en', 'fr', 'ar')`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // The admin list: search any part of name or e-mail (trigrams), sort by name.
    index('users_search_trgm').using('gin', sql`(lower(${t.name}) || ' ' || lower(${t.email})) gin_trgm_ops`),
    index('users_name_idx').on(sql`lower(${t.name})`, t.id),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    price: money('price').notNull().default(0),
    description: text('description').notNull().default(''),
    /** French and Arabic name and description (issue 18); '' means "show the main text". */
    nameFr: text('name_fr').notNull().default(''),
    nameAr: text('name_ar').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** Canonical names from the shared category table. */
    category: text('category').array().notNull().default(sql`'{}'::text[]`),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    availability: integer('availability').notNull().default(0),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /** lower(name, description and categories, in every language), kept by the repository, trigram-indexed for keyword search. */
    searchText: text('search_text').notNull().default(''),
    /**
     * A course the admin's ADD created and nobody saved yet: not listed, not orderable, its page
     * 404 for everyone but admins (issue 15). No index of its own: public reads filter it
     * (`not is_draft`), the category price indexes carry it in their predicate, and drafts are few.
     */
    isDraft: boolean('is_draft').notNull().default(false),
    /**
     * The admin closed the course by setting its seats left to 0 (issue 31): seats that orders
     * give back later stay off sale (trigger courses_keep_closed, migration 0017) until the
     * admin writes seats again. Written by the admin's save whenever it writes `availability`.
     */
    seatsClosed: boolean('seats_closed').notNull().default(false),
    /** The course's VAT rate in percent (issue 52): 0, 7, 13 or 19; null = the shop's TAX_RATE. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courses_availability_non_negative', sql`${t.availability} >= 0`),
    check('courses_price_non_negative', sql`${t.price} >= 0`),
    check('courses_tax_rate_known', sql`${t.taxRate} is null or ${t.taxRate} in (0, 7, 13, 19)`),
    // The price after the sort keys: a page sorted by date or rating with a price range skips
    // the courses out of range inside the index, reading only the rows in range (migration 0004).
    index('courses_created_at_idx').on(t.createdAt.desc(), t.id.desc(), t.price),
    index('courses_price_idx').on(t.price, t.id),
    index('courses_rating_idx').on(t.rating.desc(), t.id.desc(), t.price),
    index('courses_category_gin').using('gin', t.category),
    index('courses_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // One category (`Cg`/`filter` naming a single category of the shared table): its own
    // (price, id) index (migration 0004). The count of a price range is an index-only scan,
    // a page by price walks the category's courses only; date and rating pages walk the
    // indexes above. A query the predicate does not imply (a group, two categories) uses the
    // GIN index. One index per category, not per category and sort: every statement on courses
    // opens all its indexes, and table and indexes stay within PostgreSQL's 16 fast-path locks.
    // The predicate leaves drafts out, as every public read does, so a category's count stays
    // an index-only scan (migration 0006).
    ...CATEGORIES.map((category) =>
      index(`courses_${categorySlug(category)}_price_idx`)
        .on(t.price, t.id)
        .where(sql`${t.category} @> ${sql.raw(`'{"${category}"}'::text[]`)} and not ${t.isDraft}`),
    ),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_course_user_unique').on(t.courseId, t.userId),
    index('reviews_course_created_idx').on(t.courseId, t.createdAt),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshot of the buyer, so an order stays readable after the user is deleted. */
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsPrice: money('items_price').notNull(),
    shippingPrice: money('shipping_price').notNull(),
    taxPrice: money('tax_price').notNull(),
    totalPrice: money('total_price').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    isLearned: boolean('is_learned').notNull().default(false),
    learnedAt: timestamp('learned_at', { withTimezone: true, mode: 'date' }),
    idempotencyKey: text('idempotency_key'),
    /** One of ORDER_STATUSES; changed only by the guarded statements of orders.repository.ts. */
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    /** Until when a pending order holds its seats; the expiry sweeper releases them after. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Issue 54: why an admin cancelled the order (optional), shown on the order and in the customer's mail. */
    cancelReason: text('cancel_reason'),
    /** Set when an admin cancels a paid order: the money went back. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** `YYYY-NNNNN`, given in the transaction that marks the order paid (invoice_counters). */
    invoiceNumber: text('invoice_number'),
    /** Set with the payment when a provider's own API confirmed it (issue 17). */
    paymentResult: jsonb('payment_result').$type<PaymentResult>(),
    /**
     * Who the invoice is made out to, given at checkout: `{kind, name, taxId}` (issues 31, 52;
     * `kind` absent on orders placed before issue 52: a company), the tax id normalised.
     */
    invoiceTo: jsonb('invoice_to').$type<{ kind?: 'company' | 'person'; name: string; taxId: string }>(),
    /** The invoice as issued, kept in the transaction that marks the order paid (issue 31). */
    invoice: jsonb('invoice').$type<Record<string, unknown>>(),
    /** The unique reference El Fatoora (Tunisie TradeNet) gave the invoice, recorded by an admin (issue 52). */
    invoiceTtnReference: text('invoice_ttn_reference'),
    invoiceTtnRecordedAt: timestamp('invoice_ttn_recorded_at', { withTimezone: true, mode: 'date' }),
    /** The promo code the order was placed with, as the coupon spells it (issue 37). */
    couponCode: text('coupon_code'),
    /** What the code took off the items (shared calculator); 0 without one. */
    discountPrice: money('discount_price').notNull().default(0),
    /**
     * The proof of payment of a Transfer order (issue 36): 'submitted' (waits for an admin) or
     * 'rejected' (with proof_reason); the file itself is in payment_proofs.
     */
    proofStatus: text('proof_status').$type<PaymentProofStatus>(),
    proofUploadedAt: timestamp('proof_uploaded_at', { withTimezone: true, mode: 'date' }),
    proofReason: text('proof_reason'),
    /**
     * Issue 49: the hold as it was before the proof waiting now extended it (PROOF_HOLD_HOURS);
     * a rejection puts it back. Null when no proof waits.
     */
    holdBeforeProof: timestamp('hold_before_proof', { withTimezone: true, mode: 'date' }),
    /**
     * Issue 51: the adult who accepted a child buyer's request to pay (POST /api/orders/{id}/payer/accept).
     * Sees and pays the order, gets its invoice and refunds; the child stays the buyer.
     */
    payerId: uuid('payer_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Tax per rate (issue 52): `[{rate, base, amount}]` as the shared calculator priced the order;
     * `[]` on orders placed before (one rate of 15 %: read as such).
     */
    taxLines: jsonb('tax_lines').$type<{ rate: number; base: number; amount: number }[]>().notNull().default(sql`'[]'::jsonb`),
    /** The stamp duty (STAMP_DUTY at placing) included in total_price; 0 without one. */
    stampDuty: money('stamp_duty').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_payer_created_idx').on(t.payerId, t.createdAt.desc()),
    index('orders_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_invoice_number_unique').on(t.invoiceNumber),
    // The expiry sweeper's claim: the pending orders whose hold has ended, soonest first.
    index('orders_hold_expiry_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
    // The admin list's filters, each with the newest-first order it pages in (issue 19).
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_payment_created_idx').on(t.paymentMethod, t.createdAt.desc(), t.id.desc()),
    // Who still has to pay (a payment method, paid or not): the page is one range and its
    // count an index-only scan (migration 0012).
    index('orders_payment_paid_created_idx').on(
      t.paymentMethod,
      t.isPaid,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('orders_paid_learned_created_idx').on(t.isPaid, t.isLearned, t.createdAt.desc(), t.id.desc()),
    index('orders_total_idx').on(t.totalPrice, t.id),
    // Customer search: any part of the name or e-mail saved with the order (trigrams).
    index('orders_customer_trgm').using('gin', sql`(lower(${t.userName}) || ' ' || lower(${t.userEmail})) gin_trgm_ops`),
    // The dashboard's revenue: orders paid and not refunded, by the instant they were paid, with
    // the amount: each bucket's sum is an index-only range (migration 0012).
    index('orders_paid_at_idx')
      .on(t.paidAt, t.totalPrice)
      .where(sql`${t.paidAt} is not null and ${t.refundedAt} is null`),
    // The admin list's "proof to check" (issue 36): unpaid orders whose proof waits, newest first.
    index('orders_proof_submitted_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.proofStatus} = 'submitted' and ${t.status} in ('pending', 'expired')`),
    check('orders_cancel_reason_length', sql`char_length(${t.cancelReason}) <= 500`),
    check('orders_proof_status_known', sql`${t.proofStatus} in ('submitted', 'rejected')`),
    check(
      'orders_status_known',
      sql.raw(`"status" in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/**
 * Money owed back on an order (issue 49, migration 0029; issue 31 kept one per order on
 * `orders`): one row per payment the order cannot keep. `reason`: 'cancelled' (a paid order
 * cancelled), 'orderClosed' (a payment reached it cancelled, or expired with its seats gone),
 * 'paidTwice' (a payment reached it already paid). 'due' until an admin records it made
 * ('done', with its credit note number). Written by orders/order-states.repository.ts only.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<'due' | 'done'>().notNull().default('due'),
    amount: money('amount').notNull(),
    provider: text('provider').notNull(),
    /** The provider's payment reference, when there is one. */
    reference: text('reference'),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    /** `AV-YYYY-NNNNN`, given in the transaction that records the refund as done (credit_note_counters). */
    creditNoteNumber: text('credit_note_number'),
    /** The unique reference El Fatoora gave the credit note, recorded by an admin (issue 52). */
    ttnReference: text('ttn_reference'),
    ttnRecordedAt: timestamp('ttn_recorded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // An order's refunds, oldest first.
    index('order_refunds_order_idx').on(t.orderId, t.dueAt, t.id),
    // The dashboard's "payments to refund", oldest first.
    index('order_refunds_due_idx').on(t.dueAt, t.id).where(sql`${t.status} = 'due'`),
    uniqueIndex('order_refunds_credit_note_number_unique').on(t.creditNoteNumber),
    // One payment is owed back at most once, however many checks report it.
    uniqueIndex('order_refunds_payment_unique').on(t.provider, t.reference).where(sql`${t.reference} is not null`),
    check('order_refunds_status_known', sql`${t.status} in ('due', 'done')`),
    check('order_refunds_reason_known', sql`${t.reason} in ('cancelled', 'orderClosed', 'paidTwice')`),
  ],
);

/**
 * The last invoice number given per year. The transaction that marks an order paid adds 1
 * to its year's row and keeps the row locked until it commits, so numbers are sequential,
 * never repeated, and a payment that rolls back leaves no gap.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
});

/** The last credit note number (`AV-YYYY-NNNNN`) given per year, locked like invoice_counters. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Who changed what and when: the order history today (entity 'order'), built to hold every
 * admin write later (users, courses). Rows are only ever inserted. `changes` holds the
 * fields that changed, `{ field: { from, to } }`.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshot of the actor's name; 'system' work has no actor id. */
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.at),
    // The audit trail screen: newest first, alone or by kind of thing or by who did it.
    index('audit_events_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_events_entity_at_idx').on(t.entity, t.at.desc(), t.id.desc()),
    index('audit_events_actor_at_idx').on(t.actorId, t.at.desc(), t.id.desc()),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Pictures uploaded in the back office, kept in the database so every API instance serves
 * them. One row per picture; its resized WebP copies are in image_variants.
 */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The type the bytes were (the name and the browser's type are not trusted). */
  sourceType: text('source_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The resized copies of a picture (metadata stripped), one per width, never changed once written. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

/**
 * The proof of payment of a Transfer order (issue 36), one per order (a new upload replaces
 * it): the bytes as kept (pictures re-encoded without metadata, PDFs as sent) and their type
 * read from the bytes. Private: served to the owner and admins only.
 */
export const paymentProofs = pgTable('payment_proofs', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Where an online payment attempt stands (payments module). */
export type PaymentAttemptStatus = 'pending' | 'completed' | 'rejected' | 'expired';

/**
 * One online payment started for an order: the provider's reference and page, the amount asked
 * in millimes, and until when it can be paid. Pending attempts are asked about again (on the
 * webhook, when the order is read, by the payment sweeper) until they complete or end.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    payUrl: text('pay_url').notNull(),
    amountMillimes: bigint('amount_millimes', { mode: 'number' }).notNull(),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('pending'),
    /** The end of the payment's life span at the provider. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Last time the provider was asked (reading the order asks at most every 2 s). */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /** When the payment sweeper asks the provider next. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_reference_unique').on(t.provider, t.reference),
    index('payment_attempts_order_idx').on(t.orderId, t.createdAt.desc()),
    // The payment sweeper's claim: pending attempts due for a check, soonest first.
    index('payment_attempts_due_idx').on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Who is opening a payment page of an order right now (issue 49): one row per order, claimed by
 * one guarded statement before the provider is asked and removed in the transaction that records
 * the page, so instances never open two pages of one order at once. `until`: when a claim whose
 * instance died may be taken over.
 */
export const paymentPageOpenings = pgTable('payment_page_openings', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** No foreign key: the line is a snapshot and outlives the course. */
    courseId: uuid('course_id'),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    price: money('price').notNull(),
    image: text('image').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** The session the line's seats were taken from (issue 33); null for a course without sessions. No foreign key: a snapshot. */
    sessionId: uuid('session_id'),
    /** The rate the line was taxed at, in percent (issue 52); null on lines placed before: 15. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }),
    /** The course's names as sold, per language (issue 54, migration 0040): `{en, fr?, ar?}`. */
    courseNames: jsonb('course_names').$type<CourseNames>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_session_idx').on(t.sessionId).where(sql`${t.sessionId} is not null`),
  ],
);

/**
 * The people named for an order line's seats (issue 51, migration 0035): at most the line's qty,
 * in `position` order; seats not named are the buyer's. Replaced by
 * `PUT /api/orders/{id}/lines/{lineId}/learners` (an entry with its `_id` keeps its row); a
 * learner renamed away is deleted, with their attendance and notices still to send (cascade).
 */
export const orderLearners = pgTable(
  'order_learners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    email: text('email'),
    /** E.164 (`normalisePhone`); given by the buyer, it stands for consent to text messages (decision 0441). */
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_learners_name_length', sql`char_length(${t.name}) between 1 and 100`),
    index('order_learners_item_idx').on(t.itemId, t.position, t.id),
    index('order_learners_order_idx').on(t.orderId),
  ],
);

/**
 * Dated sessions of a course (issue 33, migration 0021): start and end instants (UTC), schedule
 * and place as free text, a capacity and the seats left, moved by the same guarded statements
 * as a course's `availability`. A cancelled session keeps its row (orders point to it). Triggers
 * move the catalogue version when sessions change (lists show each course's next session).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    schedule: text('schedule').notNull(),
    place: text('place').notNull(),
    capacity: integer('capacity').notNull(),
    seatsLeft: integer('seats_left').notNull(),
    status: text('status').$type<'open' | 'cancelled'>().notNull().default('open'),
    createdAt: createdAt(),
    /** Issue 54 (migration 0036): the schedule and place in French and Arabic; '' shows the main text. */
    scheduleFr: text('schedule_fr').notNull().default(''),
    scheduleAr: text('schedule_ar').notNull().default(''),
    placeFr: text('place_fr').notNull().default(''),
    placeAr: text('place_ar').notNull().default(''),
    /** Issue 51 (migration 0036): total training hours as the admin set them (null: from the meetings, or unknown). */
    hours: doublePrecision('hours'),
    trainer: text('trainer'),
    /** An online session's link (`https://`), shown only to paid orders' people, never in public answers. */
    meetingUrl: text('meeting_url'),
    /** When the group meets, soonest first, not overlapping, within the session (at most 200). */
    meetings: jsonb('meetings').$type<{ startsAt: string; endsAt: string }[]>().notNull().default([]),
  },
  (t) => [
    check('sessions_seats_left_non_negative', sql`${t.seatsLeft} >= 0`),
    check('sessions_seats_within_capacity', sql`${t.seatsLeft} <= ${t.capacity}`),
    check('sessions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('sessions_status_known', sql`${t.status} in ('open', 'cancelled')`),
    // A course's sessions not ended, soonest first, and its next session (the catalogue's lateral join).
    index('sessions_course_open_idx').on(t.courseId, t.startsAt, t.id).where(sql`${t.status} = 'open'`),
    // The admin's list of a course's sessions, cancelled ones included.
    index('sessions_course_idx').on(t.courseId, t.startsAt),
    // The dashboard's upcoming sessions.
    index('sessions_upcoming_idx').on(t.startsAt).where(sql`${t.status} = 'open'`),
    // The next instant an open session ends, read with every catalogue version (migration 0028).
    index('sessions_open_ends_idx').on(t.endsAt).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * The waitlist of a full session (issue 34, migration 0024): one row per person waiting, in line
 * by (created_at, id). Freed seats move from `sessions.seats_left` into `offer_seats` (held for
 * that person alone); the offer's time starts when its mail goes out (`offer_mailed`,
 * `offer_expires_at`). modules/enrolment/seats/waitlist.repository.ts, sessions/waitlist.*
 */
export const sessionWaitlist = pgTable(
  'session_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull().default(1),
    createdAt: createdAt(),
    offerSeats: integer('offer_seats').notNull().default(0),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    offerMailed: boolean('offer_mailed').notNull().default(false),
  },
  (t) => [
    check('session_waitlist_seats_range', sql`${t.seats} between 1 and 10`),
    check('session_waitlist_offer_range', sql`${t.offerSeats} between 0 and ${t.seats}`),
    uniqueIndex('session_waitlist_session_user_unique').on(t.sessionId, t.userId),
    index('session_waitlist_line_idx').on(t.sessionId, t.createdAt, t.id),
    index('session_waitlist_user_idx').on(t.userId),
    index('session_waitlist_lapse_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.offerSeats} > 0`),
    index('session_waitlist_unmailed_idx')
      .on(t.createdAt)
      .where(sql`${t.offerSeats} > 0 and not ${t.offerMailed}`),
  ],
);

/**
 * Reminders before a session starts (issue 34, migration 0025): one row per learner, session and
 * number of days before the start (REMINDER_DAYS), inserted when due; the unique key makes each
 * go out once. 'pending' rows are claimed with a lease (`claimed_until`: free to claim once it
 * has passed), mailed, then 'sent'; 'skipped' when no longer due
 * (modules/enrolment/sessions/reminders.repository.ts, reminders/).
 */
export const sessionReminders = pgTable(
  'session_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    days: smallint('days').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'skipped'>().notNull().default('pending'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('session_reminders_once').on(t.sessionId, t.userId, t.days),
    check('session_reminders_status_known', sql`${t.status} in ('pending', 'sent', 'skipped')`),
    check('session_reminders_days_range', sql`${t.days} between 1 and 60`),
    // The sweeper's claim: pending rows whose lease (or first turn) has come, soonest first.
    index('session_reminders_pending_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'pending'`),
    index('session_reminders_user_idx').on(t.userId),
  ],
);

/**
 * Notices to the centre's staff (issue 54, migration 0039): one row per event told to
 * `SHOP_STAFF_EMAIL` (a transfer receipt uploaded, a refund due, a session full, the morning
 * digest of a Tunis day). The unique (kind, key) is what makes each go out once however many
 * instances run; rows are claimed with a lease like session_reminders (modules/staff/*).
 */
export const staffNotices = pgTable(
  'staff_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'proof' | 'refund' | 'sessionFull' | 'digest'>().notNull(),
    /** proof: order id and upload instant; refund: its id; sessionFull: the session id; digest: the Tunis date. */
    key: text('key').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'skipped'>().notNull().default('pending'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('staff_notices_once').on(t.kind, t.key),
    check('staff_notices_kind_known', sql`${t.kind} in ('proof', 'refund', 'sessionFull', 'digest')`),
    check('staff_notices_status_known', sql`${t.status} in ('pending', 'sent', 'skipped')`),
    index('staff_notices_pending_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Attendance of a session (issue 34, migration 0026): one row per learner and Tunis calendar day
 * they were ticked present (no row: absent). Saving a day replaces its rows in one transaction
 * (modules/enrolment/roster/).
 */
export const sessionAttendance = pgTable(
  'session_attendance',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The admin who saved the day (no foreign key: the record outlives the account). */
    markedBy: uuid('marked_by'),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'session_attendance_pk', columns: [t.sessionId, t.userId, t.day] }),
    index('session_attendance_user_idx').on(t.userId),
  ],
);

/** A named learner's attendance (issue 51, migration 0035): as session_attendance, per learner. */
export const learnerAttendance = pgTable(
  'learner_attendance',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => orderLearners.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    markedBy: uuid('marked_by'),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'learner_attendance_pk', columns: [t.sessionId, t.learnerId, t.day] }),
    index('learner_attendance_learner_idx').on(t.learnerId),
  ],
);

/**
 * What the shop mails a named learner (issue 51, migration 0035): one row per learner and event
 * (`paid:{order}`, `reminder:{session}:{days}`, `certificate:{id}`), inserted when due, the
 * unique key making each go out once; claimed with a lease (`claimed_until`) as session_reminders.
 */
export const learnerNotices = pgTable(
  'learner_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => orderLearners.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'skipped'>().notNull().default('pending'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('learner_notices_once').on(t.learnerId, t.eventKey),
    check('learner_notices_status_known', sql`${t.status} in ('pending', 'sent', 'skipped')`),
    index('learner_notices_pending_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The dashboard's course sales, summed per Tunis day of the order's creation (issue 19): the
 * lines of paid or learned orders, per course and line name. Kept by triggers on `orders` and
 * `order_items` (migration 0013), never written by the application: an order counts from the
 * moment it becomes paid or learned until it leaves those states (a refund), its lines on the
 * day it was placed. `lines` is the number of lines counted (a row at 0 is a course whose sales
 * were all cancelled); the name is in the key so that the name of a deleted course is the
 * smallest of its counted lines, as a query of the lines would give. `course_id` is null for
 * lines without a course (NULLS NOT DISTINCT: one row for them).
 */
export const orderSalesDaily = pgTable(
  'order_sales_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    courseId: uuid('course_id'),
    name: text('name').notNull(),
    lines: integer('lines').notNull().default(0),
    seats: bigint('seats', { mode: 'number' }).notNull().default(0),
    revenue: numeric('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('order_sales_daily_key').on(t.day, t.courseId, t.name).nullsNotDistinct()],
);

export const tokens = pgTable(
  'tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify', 'reset' or 'email' (an e-mail change waiting for confirmation). */
    kind: text('kind').notNull(),
    /** SHA-256 of the random token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /**
     * What following the link applies (issue 31): a 'verify' link carries its registration's
     * name, password hash, kid flag and language; an 'email' link the new address.
     */
    email: text('email'),
    name: text('name'),
    passwordHash: text('password_hash'),
    isKid: boolean('is_kid'),
    language: text('language', { enum: LANGUAGES }),
    /** Issue 53: a 'verify' link's phone and consent to text messages ('' for no phone). */
    phone: text('phone'),
    notifySms: boolean('notify_sms'),
    notifyWhatsapp: boolean('notify_whatsapp'),
    /** Issue 51: the order a 'payer' link asks its addressee to pay (the token's user is the child buyer). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tokens_hash_unique').on(t.tokenHash), index('tokens_user_kind_idx').on(t.userId, t.kind)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_unique').on(sql`lower(${t.email})`)],
);

/**
 * The catalogue's change counter, read by every API instance to validate its in-memory
 * catalogue cache (modules/courses/catalogue-cache.ts). Triggers on `courses` (migration
 * 0003) add 1 to `changes` for every statement that writes courses, and keep `courses` equal
 * to the number of courses. A transaction writes the slot of its transaction id, so
 * concurrent orders rarely wait for one another; readers sum the 64 slots.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  slot: smallint('slot').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  courses: bigint('courses', { mode: 'number' }).notNull().default(0),
});

/**
 * Certificates (issue 35, migration 0020): issued in the transaction that marks an order
 * learned, one current certificate per order (a re-issue after a name correction revokes the
 * old one, points it to the new one and adds the new one). `id` is random (144 bits,
 * base64url): it is the public check address. The learner's name, the course names, the
 * centre's legal name are kept as they were at issue. `replaced_by` has no foreign key: the
 * old certificate points to the new one before the new row exists (the partial unique index
 * allows one current certificate per order).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    learnerName: text('learner_name').notNull(),
    /** Issue 51: the named learner (order_learners) it is issued to; null: the buyer's unnamed seats. */
    learnerId: uuid('learner_id'),
    /** The order's course names, in the order's line order, joined with ", ". */
    course: text('course').notNull(),
    /** The same per language as issued (issue 54, migration 0040): `{en, fr, ar}`; `{}` on none. */
    courseNames: jsonb('course_names').$type<Partial<CourseNames>>().notNull().default(sql`'{}'::jsonb`),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    centre: text('centre').notNull(),
    status: text('status').$type<'valid' | 'revoked'>().notNull().default('valid'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
    replacedBy: text('replaced_by'),
    /** The dates of the order's sessions at issue (first start, last end); null without sessions. */
    sessionStartsAt: timestamp('session_starts_at', { withTimezone: true, mode: 'date' }),
    sessionEndsAt: timestamp('session_ends_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Issue 51: one current certificate per order and learner (null learner: the buyer's unnamed seats).
    uniqueIndex('certificates_order_current_unique')
      .on(t.orderId, sql`coalesce(${t.learnerId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.replacedBy} is null`),
    index('certificates_user_issued_idx').on(t.userId, t.issuedAt.desc(), t.id.desc()),
    index('certificates_issued_idx').on(t.issuedAt.desc(), t.id.desc()),
    index('certificates_search_trgm').using('gin', sql`(lower(${t.learnerName}) || ' ' || lower(${t.course})) gin_trgm_ops`),
    check('certificates_status_known', sql`${t.status} in ('valid', 'revoked')`),
  ],
);

/**
 * Promo codes (issue 37). `code` is unique without regard to case; `uses` counts the orders
 * that hold a use now (coupon_uses), raised by the guarded statement of the placing transaction
 * and lowered when such an order is cancelled or expires.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    value: money('value').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    courses: uuid('courses').array().notNull().default(sql`'{}'::uuid[]`),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    minItemsPrice: money('min_items_price'),
    uses: integer('uses').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').using('btree', sql`lower(${t.code})`),
    check('coupons_kind_known', sql`${t.kind} in ('percent', 'fixed')`),
    check('coupons_value_positive', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    // No upper bound here: the placing statement guards max_uses; an expired order paid later
    // takes its use again even past it (decision 0344).
    check('coupons_uses_not_negative', sql`${t.uses} >= 0`),
  ],
);

/** One row per order that holds a use of a coupon (issue 37); removed when the order gives it back. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the order gave its use back (cancelled, expired); cleared if it is paid after all. */
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId)],
);

/**
 * The text message outbox (issue 53): one row per person, event and channel (`text_messages_once`),
 * inserted in the transaction of the change it tells about, then sent by the sweeper of any
 * instance (claimed with FOR UPDATE SKIP LOCKED and a lease in `next_try_at`), retried with
 * back-off for up to a day.
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who it is for, as the once-key knows them: the account's id (a named learner's later). */
    recipient: text('recipient').notNull(),
    /** The account, for the back office's names (null once deleted; the row stays). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The event, e.g. `session_reminder:{session}:{days}` or `payment_received:{order}`. */
    eventKey: text('event_key').notNull(),
    channel: text('channel').$type<TextChannel>().notNull(),
    template: text('template').$type<TextTemplate>().notNull(),
    phone: text('phone').notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    /** The SMS text, or the WhatsApp template's body as read. */
    body: text('body').notNull(),
    /** The WhatsApp template's body parameters, in order. */
    params: jsonb('params').$type<string[]>().notNull(),
    status: text('status').$type<TextStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be claimed: its first or next try, or the end of a claim's lease. */
    nextTryAt: timestamp('next_try_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('text_messages_once').on(t.recipient, t.eventKey, t.channel),
    check('text_messages_status_known', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('text_messages_channel_known', sql`${t.channel} in ('sms', 'whatsapp')`),
    index('text_messages_pending_idx')
      .on(t.nextTryAt)
      .where(sql`${t.status} = 'pending'`),
    index('text_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('text_messages_user_idx').on(t.userId),
  ],
);

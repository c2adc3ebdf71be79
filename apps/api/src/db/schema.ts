import { sql } from 'drizzle-orm';
import { CATEGORIES } from '@shop/shared';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
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
    /** Tokens issued before this instant are refused. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    price: money('price').notNull().default(0),
    description: text('description').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** Canonical names from the shared category table. */
    category: text('category').array().notNull().default(sql`'{}'::text[]`),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    availability: integer('availability').notNull().default(0),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /** lower(name, description and categories), kept by the repository, trigram-indexed for keyword search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courses_availability_non_negative', sql`${t.availability} >= 0`),
    check('courses_price_non_negative', sql`${t.price} >= 0`),
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
    ...CATEGORIES.map((category) =>
      index(`courses_${categorySlug(category)}_price_idx`)
        .on(t.price, t.id)
        .where(sql`${t.category} @> ${sql.raw(`'{"${category}"}'::text[]`)}`),
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
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
  ],
);

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
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position)],
);

export const tokens = pgTable(
  'tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify' or 'reset'. */
    kind: text('kind').notNull(),
    /** SHA-256 of the random token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
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

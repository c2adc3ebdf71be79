import { sql } from 'drizzle-orm';
import { CATEGORIES } from '@shop/shared';
import { bigint, boolean, check, index, integer, numeric, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns.js';
import { users } from '../identity/identity.schema.js';

/** `Soft skills` → `soft_skills`: the category's part of its index names. */
export const categorySlug = (category: string): string =>
  category.toLowerCase().replace(/[^a-z0-9]+/g, '_');

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

/**
 * The catalogue's change counter, read by every API instance to validate its in-memory
 * catalogue cache (modules/catalogue/catalogue-cache.ts). Triggers on `courses` (migration
 * 0003) add 1 to `changes` for every statement that writes courses, and keep `courses` equal
 * to the number of courses. A transaction writes the slot of its transaction id, so
 * concurrent orders rarely wait for one another; readers sum the 64 slots.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  slot: smallint('slot').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  courses: bigint('courses', { mode: 'number' }).notNull().default(0),
});

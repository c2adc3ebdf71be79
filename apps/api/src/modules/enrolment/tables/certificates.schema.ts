import { sql } from 'drizzle-orm';
import type { CourseNames } from '@shop/shared';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity/identity.schema.js';
import { orders } from './orders.schema.js';

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

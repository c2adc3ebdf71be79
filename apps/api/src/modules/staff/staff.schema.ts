import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

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

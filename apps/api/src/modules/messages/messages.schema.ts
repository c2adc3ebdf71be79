import { sql } from 'drizzle-orm';
import { LANGUAGES, type TextChannel, type TextStatus, type TextTemplate } from '@shop/shared';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../identity/identity.schema.js';

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

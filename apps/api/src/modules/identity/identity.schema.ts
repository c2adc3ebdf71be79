import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@shop/shared';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, keyOf, updatedAt } from '../../db/columns.js';

/** A link token may be for an order (a child asks a parent to pay); enrolment, which owns orders, sits above identity. */
const ordersKey = keyOf('orders');

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
    orderId: uuid('order_id').references(() => ordersKey.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tokens_hash_unique').on(t.tokenHash), index('tokens_user_kind_idx').on(t.userId, t.kind)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns.js';
import { courses } from '../../courses/courses.schema.js';
import { users } from '../../identity/identity.schema.js';
import { orderLearners } from './orders.schema.js';

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

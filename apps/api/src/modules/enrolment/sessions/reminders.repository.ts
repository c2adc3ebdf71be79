import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { claimDueRows } from '../../../db/claim-due.js';
import { sessionReminders } from '../tables/sessions.schema.js';

const DAY_MS = 86_400_000;

/** One reminder day and the next smaller one of the list (0 after the last): its window ends there. */
export interface ReminderDay {
  days: number;
  nextDays: number;
}

/** REMINDER_DAYS (largest first) as windows: the 3-day reminder is due from start - 3 days until start - 1 day. */
export function reminderWindows(reminderDays: readonly number[]): ReminderDay[] {
  const sorted = [...reminderDays].sort((a, b) => b - a);
  return sorted.map((days, i) => ({ days, nextDays: sorted[i + 1] ?? 0 }));
}

/**
 * Inserts a 'pending' row for each learner (the buyer of a paid order with a line in the
 * session), session and reminder day now due: the session is open and starts within the day's
 * window (start - days <= now < start - next smaller day, so a reminder a later one has overtaken
 * is never sent), and the order was paid by the reminder's time. One statement; `on conflict do
 * nothing` makes it safe on every instance at once and keeps a row once sent. Only sessions
 * starting within the largest day are read (the `sessions_upcoming_idx` range), then their lines
 * (`order_items_session_idx`). Answers the number of rows inserted.
 */
export async function insertDueReminders(
  db: DbOrTx,
  now: Date,
  windows: readonly ReminderDay[],
): Promise<number> {
  if (windows.length === 0) return 0;
  const at = now.toISOString();
  const horizon = new Date(
    now.getTime() + Math.max(...windows.map((w) => w.days)) * DAY_MS,
  ).toISOString();
  const values = sql.join(
    windows.map((w) => sql`(${w.days}::int, ${w.nextDays}::int)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    insert into session_reminders (session_id, user_id, days, claimed_until)
    select distinct s.id, o.user_id, d.days, ${at}::timestamptz
    from sessions s
    cross join (values ${values}) as d(days, next_days)
    join order_items oi on oi.session_id = s.id
    join orders o on o.id = oi.order_id
    where s.status = 'open'
      and s.starts_at > ${at}::timestamptz
      and s.starts_at <= ${horizon}::timestamptz
      and s.starts_at - d.days * interval '24 hours' <= ${at}::timestamptz
      and s.starts_at - d.next_days * interval '24 hours' > ${at}::timestamptz
      and o.status = 'paid'
      and o.user_id is not null
      and o.paid_at <= s.starts_at - d.days * interval '24 hours'
    on conflict (session_id, user_id, days) do nothing
    returning id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** How long a claimed reminder is this instance's alone; then another instance may take it. */
export const REMINDER_LEASE_MS = 5 * 60_000;

/**
 * Claims up to `limit` pending reminders whose turn has come (`claimed_until <= now`) for
 * `REMINDER_LEASE_MS` (FOR UPDATE SKIP LOCKED: instances claim different rows). Answers the ids
 * and the lease's end.
 */
export async function claimReminders(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<{ ids: string[]; until: Date }> {
  const until = new Date(now.getTime() + REMINDER_LEASE_MS);
  const ids = await claimDueRows(
    db,
    {
      table: sessionReminders,
      id: sessionReminders.id,
      status: sessionReminders.status,
      dueAt: sessionReminders.claimedUntil,
    },
    now,
    limit,
    sql`claimed_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1`,
  );
  return { ids, until };
}

/** A claimed reminder with what decides whether it still goes out, read now. */
export interface ClaimedReminder {
  id: string;
  sessionId: string;
  userId: string;
  days: number;
  sessionStatus: string;
  startsAt: Date;
  /** The learner's earliest order paid by the reminder's time and still paid, with a line in the session; null when none. */
  orderId: string | null;
}

export async function findClaimedReminders(
  db: DbOrTx,
  ids: readonly string[],
): Promise<ClaimedReminder[]> {
  if (ids.length === 0) return [];
  const result = (await db.execute(sql`
    select r.id, r.session_id, r.user_id, r.days, s.status as session_status, s.starts_at,
      (select o.id from order_items oi join orders o on o.id = oi.order_id
        where oi.session_id = r.session_id and o.user_id = r.user_id and o.status = 'paid'
          and o.paid_at <= s.starts_at - r.days * interval '24 hours'
        order by o.paid_at, o.id limit 1) as order_id
    from session_reminders r join sessions s on s.id = r.session_id
    where r.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
  `)) as unknown as {
    rows: {
      id: string;
      session_id: string;
      user_id: string;
      days: number;
      session_status: string;
      starts_at: string | Date;
      order_id: string | null;
    }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    sessionId: r.session_id,
    userId: r.user_id,
    days: Number(r.days),
    sessionStatus: r.session_status,
    startsAt: new Date(r.starts_at),
    orderId: r.order_id,
  }));
}

/** The mail went out: the row is done for good (only a pending row changes). */
export async function markReminderSent(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(sessionReminders)
    .set({ status: 'sent', sentAt: at })
    .where(and(eq(sessionReminders.id, id), eq(sessionReminders.status, 'pending')));
}

/** No longer due (order or session cancelled, session started, a later reminder already due). */
export async function markRemindersSkipped(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(sessionReminders)
    .set({ status: 'skipped' })
    .where(and(inArray(sessionReminders.id, [...ids]), eq(sessionReminders.status, 'pending')));
}

/** The session moved later: the row goes, and is inserted again when its new time comes. */
export async function deletePendingReminders(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(sessionReminders)
    .where(and(inArray(sessionReminders.id, [...ids]), eq(sessionReminders.status, 'pending')));
}

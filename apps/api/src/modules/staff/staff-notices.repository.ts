import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { claimDueRows } from '../../db/claim-due.js';
import { staffNotices } from './staff.schema.js';

export type StaffNoticeKind = 'proof' | 'refund' | 'sessionFull' | 'digest';

/** Events older than this when first seen are not told (a shop that just set SHOP_STAFF_EMAIL is not flooded with old news). */
const RECENT_MS = 2 * 86_400_000;

type Rows<T> = { rows: T[] };

/**
 * Inserts a 'pending' notice for each event now to tell, in one statement per kind, `on
 * conflict do nothing` (safe on every instance at once; a row once sent stays): transfer
 * receipts waiting for a check (one per upload), refunds due, open sessions not started with
 * no seat left on sale, and the digest of `digestDay` (a Tunis date) when given. Answers the
 * number inserted.
 */
export async function insertDueNotices(db: DbOrTx, now: Date, digestDay: string | null): Promise<number> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - RECENT_MS).toISOString();
  const result = (await db.execute(sql`
    insert into staff_notices (kind, key, claimed_until)
    select 'proof', o.id::text || '@' || to_char(o.proof_uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), ${at}::timestamptz
      from orders o
      where o.proof_status = 'submitted' and o.status in ('pending', 'expired')
        and o.proof_uploaded_at > ${since}::timestamptz
    union all
    select 'refund', r.id::text, ${at}::timestamptz
      from order_refunds r
      where r.status = 'due' and r.due_at > ${since}::timestamptz
    union all
    select 'sessionFull', s.id::text, ${at}::timestamptz
      from sessions s
      where s.status = 'open' and s.seats_left = 0 and s.starts_at > ${at}::timestamptz
    union all
    select 'digest', d.day, ${at}::timestamptz
      from (select ${digestDay}::text as day) d where d.day is not null
    on conflict (kind, key) do nothing
    returning id
  `)) as unknown as Rows<unknown>;
  return result.rows.length;
}

/** How long a claimed notice is this instance's alone; then another instance may take it. */
export const STAFF_NOTICE_LEASE_MS = 5 * 60_000;

export async function claimNotices(db: DbOrTx, now: Date, limit: number): Promise<{ ids: string[]; until: Date }> {
  const until = new Date(now.getTime() + STAFF_NOTICE_LEASE_MS);
  const ids = await claimDueRows(
    db,
    { table: staffNotices, id: staffNotices.id, status: staffNotices.status, dueAt: staffNotices.claimedUntil },
    now,
    limit,
    sql`claimed_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1`,
  );
  return { ids, until };
}

export interface ClaimedNotice {
  id: string;
  kind: StaffNoticeKind;
  key: string;
}

export async function findNotices(db: DbOrTx, ids: readonly string[]): Promise<ClaimedNotice[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: staffNotices.id, kind: staffNotices.kind, key: staffNotices.key })
    .from(staffNotices)
    .where(sql`${staffNotices.id} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return rows;
}

export async function markNotice(db: DbOrTx, id: string, status: 'sent' | 'skipped', at: Date): Promise<void> {
  await db
    .update(staffNotices)
    .set({ status, sentAt: status === 'sent' ? at : null })
    .where(and(eq(staffNotices.id, id), eq(staffNotices.status, 'pending')));
}

/** The language of the staff's account when SHOP_STAFF_EMAIL is one (its mails are in it); else English. */
export async function staffLanguage(db: DbOrTx, email: string): Promise<'en' | 'fr' | 'ar'> {
  const result = (await db.execute(
    sql`select language from users where lower(email) = lower(${email}) limit 1`,
  )) as unknown as Rows<{ language: 'en' | 'fr' | 'ar' }>;
  return result.rows[0]?.language ?? 'en';
}

export interface ProofFacts {
  orderId: string;
  buyer: string;
  email: string;
  total: number;
  waiting: boolean;
}

export async function proofFacts(db: DbOrTx, orderId: string): Promise<ProofFacts | null> {
  const result = (await db.execute(sql`
    select o.id, o.user_name, o.user_email, o.total_price,
      (o.proof_status = 'submitted' and o.status in ('pending', 'expired')) as waiting
    from orders o where o.id = ${orderId}::uuid
  `)) as unknown as Rows<{ id: string; user_name: string; user_email: string; total_price: string | number; waiting: boolean }>;
  const r = result.rows[0];
  return r ? { orderId: r.id, buyer: r.user_name, email: r.user_email, total: Number(r.total_price), waiting: r.waiting } : null;
}

export interface RefundFacts {
  orderId: string;
  buyer: string;
  email: string;
  amount: number;
  provider: string;
  due: boolean;
}

export async function refundFacts(db: DbOrTx, refundId: string): Promise<RefundFacts | null> {
  const result = (await db.execute(sql`
    select r.order_id, o.user_name, o.user_email, r.amount, r.provider, r.status
    from order_refunds r join orders o on o.id = r.order_id where r.id = ${refundId}::uuid
  `)) as unknown as Rows<{ order_id: string; user_name: string; user_email: string; amount: string | number; provider: string; status: string }>;
  const r = result.rows[0];
  return r
    ? { orderId: r.order_id, buyer: r.user_name, email: r.user_email, amount: Number(r.amount), provider: r.provider, due: r.status === 'due' }
    : null;
}

export interface SessionFacts {
  id: string;
  courseId: string;
  course: string;
  startsAt: Date;
  endsAt: Date;
  place: string;
  capacity: number;
  seatsLeft: number;
  open: boolean;
}

const sessionColumns = sql`s.id, s.course_id, c.name as course, s.starts_at, s.ends_at, s.place, s.capacity, s.seats_left, s.status`;
type SessionRow = {
  id: string;
  course_id: string;
  course: string;
  starts_at: string | Date;
  ends_at: string | Date;
  place: string;
  capacity: number;
  seats_left: number;
  status: string;
};
const toSession = (r: SessionRow): SessionFacts => ({
  id: r.id,
  courseId: r.course_id,
  course: r.course,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  place: r.place,
  capacity: Number(r.capacity),
  seatsLeft: Number(r.seats_left),
  open: r.status === 'open',
});

export async function sessionFacts(db: DbOrTx, sessionId: string): Promise<SessionFacts | null> {
  const result = (await db.execute(sql`
    select ${sessionColumns} from sessions s join courses c on c.id = s.course_id where s.id = ${sessionId}::uuid
  `)) as unknown as Rows<SessionRow>;
  const r = result.rows[0];
  return r ? toSession(r) : null;
}

/** What the morning digest tells: the day's sessions and what waits for the staff. */
export interface DigestFacts {
  sessions: SessionFacts[];
  proofs: { orderId: string; buyer: string; total: number }[];
  refunds: { orderId: string; buyer: string; amount: number }[];
  /** Pay-at-the-centre orders whose hold ends within the next 24 hours. */
  onSite: { orderId: string; buyer: string; total: number; holdExpiresAt: Date }[];
}

export async function digestFacts(db: DbOrTx, dayStart: Date, dayEnd: Date, now: Date): Promise<DigestFacts> {
  const sessions = (await db.execute(sql`
    select ${sessionColumns} from sessions s join courses c on c.id = s.course_id
    where s.status = 'open' and s.starts_at < ${dayEnd.toISOString()}::timestamptz
      and s.ends_at > ${dayStart.toISOString()}::timestamptz
    order by s.starts_at, s.id limit 200
  `)) as unknown as Rows<SessionRow>;
  const proofs = (await db.execute(sql`
    select o.id, o.user_name, o.total_price from orders o
    where o.proof_status = 'submitted' and o.status in ('pending', 'expired')
    order by o.proof_uploaded_at, o.id limit 200
  `)) as unknown as Rows<{ id: string; user_name: string; total_price: string | number }>;
  const refunds = (await db.execute(sql`
    select r.order_id, o.user_name, r.amount from order_refunds r join orders o on o.id = r.order_id
    where r.status = 'due' order by r.due_at, r.id limit 200
  `)) as unknown as Rows<{ order_id: string; user_name: string; amount: string | number }>;
  const onSite = (await db.execute(sql`
    select o.id, o.user_name, o.total_price, o.hold_expires_at from orders o
    where o.status = 'pending' and o.payment_method = 'In Place'
      and o.hold_expires_at > ${now.toISOString()}::timestamptz
      and o.hold_expires_at <= ${new Date(now.getTime() + 86_400_000).toISOString()}::timestamptz
    order by o.hold_expires_at, o.id limit 200
  `)) as unknown as Rows<{ id: string; user_name: string; total_price: string | number; hold_expires_at: string | Date }>;
  return {
    sessions: sessions.rows.map(toSession),
    proofs: proofs.rows.map((r) => ({ orderId: r.id, buyer: r.user_name, total: Number(r.total_price) })),
    refunds: refunds.rows.map((r) => ({ orderId: r.order_id, buyer: r.user_name, amount: Number(r.amount) })),
    onSite: onSite.rows.map((r) => ({
      orderId: r.id,
      buyer: r.user_name,
      total: Number(r.total_price),
      holdExpiresAt: new Date(r.hold_expires_at),
    })),
  };
}

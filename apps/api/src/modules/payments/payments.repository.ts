import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { claimDueRows } from '../../db/claim-due.js';
import type { DbOrTx, Db } from '../../db/client.js';
import { auditEvents } from '../audit/audit.schema.js';
import { paymentAttempts, paymentPageOpenings, type PaymentAttemptStatus } from './payments.schema.js';

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;
export type NewPaymentAttempt = Pick<
  typeof paymentAttempts.$inferInsert,
  'orderId' | 'provider' | 'reference' | 'payUrl' | 'amountMillimes' | 'expiresAt' | 'nextCheckAt'
>;

export async function insertAttempt(db: DbOrTx, attempt: NewPaymentAttempt): Promise<PaymentAttempt> {
  const [row] = await db.insert(paymentAttempts).values(attempt).returning();
  if (!row) throw new Error('the payment attempt insert returned nothing');
  return row;
}

/**
 * When an order was placed by the app's clock (its 'placed' history line; the row's creation
 * time for an order without one): a seat hold never ends later than SEAT_HOLD_MINUTES after it.
 */
export async function orderPlacedAt(db: DbOrTx, orderId: string, createdAt: Date): Promise<Date> {
  const [row] = await db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'order'), eq(auditEvents.entityId, orderId), eq(auditEvents.action, 'placed')))
    .orderBy(auditEvents.at)
    .limit(1);
  return row?.at ?? createdAt;
}

/** The newest pending attempt of an order (its page, payable until `expiresAt`), if any. */
export async function findLastPendingAttempt(db: DbOrTx, orderId: string): Promise<PaymentAttempt | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'pending')))
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(1);
  return row;
}

/**
 * Claims the right to open a payment page of the order now (issue 49), until `until`: one guarded
 * statement, so of the instances asking at once one gets it; a claim whose time is over (its
 * instance stopped) is taken over. False when another instance holds it.
 */
export async function claimPageOpening(db: Db, orderId: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .insert(paymentPageOpenings)
    .values({ orderId, until })
    .onConflictDoUpdate({
      target: paymentPageOpenings.orderId,
      set: { until },
      setWhere: sql`${paymentPageOpenings.until} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ orderId: paymentPageOpenings.orderId });
  return rows.length === 1;
}

/** Ends the claim of claimPageOpening once the page is recorded (or could not be opened). */
export async function releasePageOpening(db: DbOrTx, orderId: string): Promise<void> {
  await db.delete(paymentPageOpenings).where(eq(paymentPageOpenings.orderId, orderId));
}

export async function findAttemptByReference(
  db: DbOrTx,
  provider: string,
  reference: string,
): Promise<PaymentAttempt | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)))
    .limit(1);
  return row;
}

/**
 * Claims the right to ask the provider about an order's pending attempts now: at most once per
 * `gapMs` per attempt, whichever instance or request asks (one guarded UPDATE decides).
 * Answers the attempts claimed.
 */
export async function claimOrderChecks(db: Db, orderId: string, now: Date, gapMs: number): Promise<PaymentAttempt[]> {
  const before = new Date(now.getTime() - gapMs).toISOString();
  return db
    .update(paymentAttempts)
    .set({ checkedAt: now })
    .where(
      sql`${paymentAttempts.orderId} = ${orderId}::uuid and ${paymentAttempts.status} = 'pending'
        and (${paymentAttempts.checkedAt} is null or ${paymentAttempts.checkedAt} <= ${before}::timestamptz)`,
    )
    .returning();
}

/**
 * The payment sweeper's claim: up to `limit` pending attempts due for a check, each given its
 * next check time by `nextCheck` in the same statement (FOR UPDATE SKIP LOCKED: several
 * instances claim different attempts; one that stops leaves them due again at their next time).
 */
export async function claimDueAttempts(
  db: Db,
  now: Date,
  limit: number,
  nextCheckSql: ReturnType<typeof sql>,
): Promise<PaymentAttempt[]> {
  const due = { table: paymentAttempts, id: paymentAttempts.id, status: paymentAttempts.status, dueAt: paymentAttempts.nextCheckAt };
  const ids = await claimDueRows(
    db,
    due,
    now,
    limit,
    sql`next_check_at = ${nextCheckSql}, checked_at = ${now.toISOString()}::timestamptz`,
  );
  if (ids.length === 0) return [];
  return db
    .select()
    .from(paymentAttempts)
    .where(sql`${paymentAttempts.id} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
}

/**
 * Ends an attempt that is in one of the `from` states (default: pending) as completed, rejected
 * or expired; false when it was not (another check settled it first).
 */
export async function settleAttempt(
  db: DbOrTx,
  id: string,
  status: Exclude<PaymentAttemptStatus, 'pending'>,
  from: PaymentAttemptStatus[] = ['pending'],
): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ status })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, from)))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/**
 * Claims the right to ask the provider about one attempt now, for its webhook: at most once
 * per `gapMs`, whichever instance, request, order read or sweep asked last (the same
 * `checked_at` as `claimOrderChecks`; one guarded UPDATE decides). An attempt ended as expired
 * may still be asked about (a payment finished at the last second). Answers the attempt when
 * claimed, else undefined.
 */
export async function claimAttemptCheck(db: Db, attemptId: string, now: Date, gapMs: number): Promise<PaymentAttempt | undefined> {
  const before = new Date(now.getTime() - gapMs).toISOString();
  const [row] = await db
    .update(paymentAttempts)
    .set({ checkedAt: now })
    .where(
      sql`${paymentAttempts.id} = ${attemptId}::uuid and ${paymentAttempts.status} in ('pending', 'expired')
        and (${paymentAttempts.checkedAt} is null or ${paymentAttempts.checkedAt} <= ${before}::timestamptz)`,
    )
    .returning();
  return row;
}

import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PaymentProofType } from '@shop/shared';
import type { Db, DbOrTx } from '../../../db/client.js';
import type { DomainEvents } from '../../../events/event-bus.js';
import { orders, paymentProofs } from '../tables/orders.schema.js';
import { recordAuditEvents, type AuditActor } from '../../audit/audit.repository.js';

/** A proof as kept: its bytes and their type, read from the bytes. */
export interface StoredProof {
  contentType: PaymentProofType;
  bytes: Buffer;
}

/**
 * Keeps the proof of a Transfer order and marks it `submitted`, in one transaction guarded by
 * the order's state: only the owner's unpaid Transfer order that is still pending takes it (an
 * admin marking it paid, the owner cancelling, or the hold expiring, in between: nothing is
 * kept). A proof sent again replaces the previous one and clears a rejection.
 *
 * Issue 49: the same guarded statement makes the hold last at least until `holdUntil` (the
 * upload plus PROOF_HOLD_HOURS) and keeps the hold it extends (`hold_before_proof`, the first
 * one while a proof already waits) for a rejection to put back. The order's row is locked
 * first: the expiry sweeper (SKIP LOCKED) leaves it alone meanwhile, and an owner's cancel
 * waits and then sees the proof. False when the guard refused.
 */
export async function saveProof(
  db: DbOrTx,
  orderId: string,
  owner: AuditActor & { id: string },
  proof: StoredProof,
  at: Date,
  holdUntil: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ proofStatus: orders.proofStatus, holdExpiresAt: orders.holdExpiresAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    const [row] = await tx
      .update(orders)
      .set({
        proofStatus: 'submitted',
        proofUploadedAt: at,
        proofReason: null,
        // Both read the row as it was: a proof replacing a waiting one keeps the first hold to put back.
        holdBeforeProof: sql`case when ${orders.proofStatus} = 'submitted' then ${orders.holdBeforeProof} else ${orders.holdExpiresAt} end`,
        holdExpiresAt: sql`greatest(${orders.holdExpiresAt}, ${holdUntil.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          // The buyer, or the adult who accepted to pay a child's order (issue 51).
          or(eq(orders.userId, owner.id), eq(orders.payerId, owner.id)),
          eq(orders.paymentMethod, 'Transfer'),
          eq(orders.status, 'pending'),
          eq(orders.isPaid, false),
        ),
      )
      .returning({ id: orders.id, holdExpiresAt: orders.holdExpiresAt });
    if (!row) return false;
    await tx
      .insert(paymentProofs)
      .values({ orderId, contentType: proof.contentType, bytes: proof.bytes, uploadedBy: owner.id, uploadedAt: at })
      .onConflictDoUpdate({
        target: paymentProofs.orderId,
        set: { contentType: proof.contentType, bytes: proof.bytes, uploadedBy: owner.id, uploadedAt: at },
      });
    await recordAuditEvents(tx, [
      {
        entity: 'order',
        entityId: orderId,
        action: 'proofSubmitted',
        actor: owner,
        changes: {
          status: { from: 'pending', to: 'pending' },
          proofStatus: { from: before?.proofStatus ?? null, to: 'submitted' },
          holdExpiresAt: { from: before?.holdExpiresAt?.toISOString() ?? null, to: row.holdExpiresAt?.toISOString() ?? null },
        },
        at,
      },
    ]);
    return true;
  });
}

/**
 * Rejects the proof waiting on an unpaid order (pending, or expired: the money may have been
 * sent in time), with the admin's reason, in one guarded statement and its audit line.
 * A pending order's hold goes back to what it was before the proof (decision 0408): when that
 * has passed, the next sweep expires the order. False when no proof waits (none sent, already
 * rejected, or the order paid or cancelled).
 */
export async function rejectProof(
  db: Db,
  events: DomainEvents,
  orderId: string,
  admin: AuditActor,
  reason: string,
  at: Date,
): Promise<boolean> {
  return events.transaction(db, async (tx, recorded) => {
    const [row] = await tx
      .update(orders)
      .set({
        proofStatus: 'rejected',
        proofReason: reason,
        holdExpiresAt: sql`case when ${orders.status} = 'pending' then coalesce(${orders.holdBeforeProof}, ${orders.holdExpiresAt}) else ${orders.holdExpiresAt} end`,
        holdBeforeProof: null,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.proofStatus, 'submitted'),
          inArray(orders.status, ['pending', 'expired']),
        ),
      )
      .returning({ status: orders.status });
    if (!row) return false;
    await recordAuditEvents(tx, [
      {
        entity: 'order',
        entityId: orderId,
        action: 'proofRejected',
        actor: admin,
        changes: {
          status: { from: row.status, to: row.status },
          proofStatus: { from: 'submitted', to: 'rejected' },
          reason: { from: null, to: reason },
        },
        at,
      },
    ]);
    recorded.record({ type: 'proofRejected', orderId, reason, at: at.toISOString() });
    return true;
  });
}

/** The proof kept for an order, or undefined. */
export async function findProof(db: DbOrTx, orderId: string): Promise<StoredProof | undefined> {
  const [row] = await db
    .select({ contentType: paymentProofs.contentType, bytes: paymentProofs.bytes })
    .from(paymentProofs)
    .where(eq(paymentProofs.orderId, orderId))
    .limit(1);
  return row ? { contentType: row.contentType as PaymentProofType, bytes: row.bytes } : undefined;
}

/** How many proofs are kept (tests: a refused upload keeps nothing). */
export async function countProofs(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(paymentProofs);
  return row?.n ?? 0;
}

import { count, sql } from 'drizzle-orm';
import type { OrderStatus, RefundDue } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';

/**
 * The dashboard's "payments to refund": orders whose refund is due, oldest first (the partial
 * index orders_refund_due_idx), one page, and how many there are.
 */
export async function listRefundsDue(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ refunds: RefundDue[]; total: number }> {
  const due = sql`${orders.refundStatus} = 'due'`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        userId: orders.userId,
        name: sql<string>`coalesce(${users.name}, ${orders.userName})`,
        email: sql<string>`coalesce(${users.email}, ${orders.userEmail})`,
        status: orders.status,
        amount: orders.refundAmount,
        provider: orders.refundProvider,
        paymentMethod: orders.paymentMethod,
        reference: orders.refundReference,
        dueAt: orders.refundDueAt,
      })
      .from(orders)
      .leftJoin(users, sql`${users.id} = ${orders.userId}`)
      .where(due)
      .orderBy(orders.refundDueAt, orders.id)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(orders).where(due),
  ]);
  return {
    refunds: rows.map((r) => ({
      _id: r.id,
      user: { _id: r.userId, name: r.name, email: r.email },
      status: r.status as OrderStatus,
      amount: r.amount ?? 0,
      provider: r.provider ?? r.paymentMethod,
      reference: r.reference,
      dueAt: (r.dueAt ?? new Date(0)).toISOString(),
    })),
    total: counted?.n ?? 0,
  };
}

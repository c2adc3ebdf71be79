import { count, sql } from 'drizzle-orm';
import type { OrderStatus, RefundDue } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { orderRefunds, orders } from '../enrolment/tables/orders.schema.js';
import { users } from '../identity/identity.schema.js';

/**
 * The dashboard's "payments to refund": every refund due (issue 49: an order may owe several),
 * oldest first (the partial index order_refunds_due_idx), one page, and how many there are.
 */
export async function listRefundsDue(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ refunds: RefundDue[]; total: number }> {
  const due = sql`${orderRefunds.status} = 'due'`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        userId: orders.userId,
        name: sql<string>`coalesce(${users.name}, ${orders.userName})`,
        email: sql<string>`coalesce(${users.email}, ${orders.userEmail})`,
        status: orders.status,
        amount: orderRefunds.amount,
        provider: orderRefunds.provider,
        reference: orderRefunds.reference,
        dueAt: orderRefunds.dueAt,
      })
      .from(orderRefunds)
      .innerJoin(orders, sql`${orders.id} = ${orderRefunds.orderId}`)
      .leftJoin(users, sql`${users.id} = ${orders.userId}`)
      .where(due)
      .orderBy(orderRefunds.dueAt, orderRefunds.id)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(orderRefunds).where(due),
  ]);
  return {
    refunds: rows.map((r) => ({
      _id: r.id,
      user: { _id: r.userId, name: r.name, email: r.email },
      status: r.status as OrderStatus,
      amount: r.amount,
      provider: r.provider,
      reference: r.reference,
      dueAt: r.dueAt.toISOString(),
    })),
    total: counted?.n ?? 0,
  };
}

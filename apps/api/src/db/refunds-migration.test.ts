import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 49, migration 0029: the refunds issue 31 kept as columns of `orders` move to
 * `order_refunds`, each with its amount, provider, reference, dates and credit note number, and
 * the credit note series goes on where it was. Run on a database migrated up to 0028 holding
 * such refunds, then 0029.
 */

const MIGRATIONS = path.join(import.meta.dirname, '../../drizzle');
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };

async function apply(db: PGlite, tag: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8');
  // As the migrator does: all of a migration in one transaction (decision 0099).
  await db.transaction(async (tx) => {
    for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await tx.exec(statement);
  });
}

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create({ extensions: { pg_trgm } });
  for (const { tag } of journal.entries) {
    if (tag === '0029_order_refunds') break;
    await apply(db, tag);
  }
});
afterAll(async () => {
  await db.close();
});

const order = (id: string, extra: string) => `
  insert into orders (id, user_name, user_email, address, city, postal_code, country, payment_method,
    items_price, shipping_price, tax_price, total_price, ${extra.split('=')[0]})
  values ('${id}', 'Youssef', 'y@example.com', '5 Rue', 'Tunis', '1000', 'Tunisie', 'Card', 120, 0, 18, 138, ${extra.split('=')[1]})`;

describe('migration 0029: refunds in their own table', () => {
  it('moves each refund of orders to order_refunds, keeps credit note numbers, and drops the columns', async () => {
    const cancelledPaid = '11111111-1111-4111-8111-111111111111';
    const closed = '22222222-2222-4222-8222-222222222222';
    const none = '33333333-3333-4333-8333-333333333333';
    await db.exec(
      order(
        cancelledPaid,
        `status, is_paid, paid_at, cancelled_at, refunded_at, refund_status, refund_amount, refund_provider, refund_reference, refund_due_at, refund_done_at, credit_note_number=` +
          `'cancelled', true, '2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z', 'done', 138, 'konnect', 'ref-paid', '2026-11-21T10:00:00Z', '2026-11-22T10:00:00Z', 'AV-2026-00003'`,
      ),
    );
    await db.exec(
      order(
        closed,
        `status, cancelled_at, refund_status, refund_amount, refund_provider, refund_reference, refund_due_at=` +
          `'expired', null, 'due', 138, 'konnect', 'ref-late', '2026-11-23T10:00:00Z'`,
      ),
    );
    await db.exec(order(none, `status='pending'`));
    await db.exec(`insert into credit_note_counters (year, last) values (2026, 3)`);

    await apply(db, '0029_order_refunds');

    const rows = await db.query<Record<string, unknown>>(
      `select order_id, reason, status, amount::float8 as amount, provider, reference, due_at, done_at, credit_note_number
       from order_refunds order by due_at`,
    );
    expect(rows.rows).toEqual([
      {
        order_id: cancelledPaid,
        reason: 'cancelled',
        status: 'done',
        amount: 138,
        provider: 'konnect',
        reference: 'ref-paid',
        due_at: new Date('2026-11-21T10:00:00Z'),
        done_at: new Date('2026-11-22T10:00:00Z'),
        credit_note_number: 'AV-2026-00003',
      },
      {
        order_id: closed,
        reason: 'orderClosed',
        status: 'due',
        amount: 138,
        provider: 'konnect',
        reference: 'ref-late',
        due_at: new Date('2026-11-23T10:00:00Z'),
        done_at: null,
        credit_note_number: null,
      },
    ]);
    const counter = await db.query<{ last: number }>(`select last from credit_note_counters where year = 2026`);
    expect(counter.rows).toEqual([{ last: 3 }]);
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'orders' and column_name like 'refund%' or column_name = 'credit_note_number' and table_name = 'orders'`,
    );
    expect(columns.rows.map((c) => c.column_name)).toEqual(['refunded_at']);
  });
});

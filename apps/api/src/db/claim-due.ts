import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** A table with rows that fall due: its id, its `status` and the column saying when. */
export interface DueRows {
  table: PgTable;
  id: AnyPgColumn;
  status: AnyPgColumn;
  dueAt: AnyPgColumn;
}

/**
 * Claims up to `limit` rows whose status is 'pending' and whose `dueAt` has come by `now`,
 * soonest first, and updates them with `set` (plain column names) in one statement. `FOR UPDATE
 * SKIP LOCKED`: sweepers on several instances claim different rows, and a row another
 * transaction is changing right now is left to it. Answers the ids claimed.
 */
export async function claimDueRows(db: DbOrTx, rows: DueRows, now: Date, limit: number, set: SQL): Promise<string[]> {
  const { table, id, status, dueAt } = rows;
  const result = (await db.execute(sql`
    with due as (
      select ${id} as id from ${table}
      where ${status} = 'pending' and ${dueAt} <= ${now.toISOString()}::timestamptz
      order by ${dueAt}
      limit ${limit}
      for update skip locked
    )
    update ${table} set ${set} from due where ${id} = due.id
    returning ${id} as id
  `)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

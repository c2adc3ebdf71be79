import type { PGlite } from '@electric-sql/pglite';
import { createPglite, pgliteDatabase, type Database } from '../db/client.js';

/**
 * PGlite databases for test files, reused within a worker (docs/decisions/0288). Starting a
 * PGlite from the migrated template costs about a second of CPU (WebAssembly, the data
 * directory unpacked into memory), 40 % of the API suite's when every file started its own.
 * A file hands its database back on close; it is emptied to the template's rows (every table
 * truncated, the rows the migrations wrote put back, planner statistics and session state
 * dropped) before the next file gets it.
 */

/** Instances of this worker that no file holds, each back at the template's state. */
const idle: PGlite[] = [];

/** The statements that bring an instance back to the template's state, read off the first instance. */
let resetSql: string | undefined;

/** A string literal for SQL (standard_conforming_strings is on). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function readResetSql(client: PGlite): Promise<string> {
  const tables = (
    await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((row) => row.name);
  const restores: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${ident(table)} t`);
    const json = rows[0]?.json;
    if (json) {
      restores.push(
        `insert into ${ident(table)} select * from json_populate_recordset(null::${ident(table)}, ${literal(json)});`,
      );
    }
  }
  return [
    // Triggers stay quiet while the tables are emptied and refilled (they would count the refill).
    `set session_replication_role = replica;`,
    `truncate ${tables.map(ident).join(', ')};`,
    ...restores,
    `reset session_replication_role;`,
    // A previous file's ANALYZE would otherwise steer the next file's plans.
    `delete from pg_statistic where starelid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public');`,
  ].join('\n');
}

/** The client as a file sees it: every call after the file handed it back fails loudly instead of writing into the next file's data. */
function heldUntil(client: PGlite, isHeld: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!isHeld()) throw new Error(`test database used after its file closed it (${String(property)})`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

async function reset(client: PGlite, statements: string): Promise<void> {
  // Whatever the file left: an open transaction, settings, prepared statements, advisory locks.
  await client.exec('rollback');
  await client.exec('discard all');
  await client.exec(statements);
}

/** A database at the template's state for one test file, handed back (not closed) by `drop`. */
export async function checkOutPglite(template: Blob): Promise<{ database: Database; drop(): Promise<void> }> {
  const client = idle.pop() ?? (await createPglite(template));
  const statements = (resetSql ??= await readResetSql(client));
  let held = true;
  const drop = async () => {
    if (!held) return;
    held = false;
    if (client.closed) return;
    try {
      await reset(client, statements);
      idle.push(client);
    } catch {
      await client.close().catch(() => undefined);
    }
  };
  const database: Database = { ...pgliteDatabase(heldUntil(client, () => held), 'memory'), close: drop };
  return { database, drop };
}

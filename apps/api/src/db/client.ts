import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseKind, Limits } from '../config.js';

/**
 * One Drizzle type for the three stores: PGlite on disk, PGlite in memory, PostgreSQL. Without
 * a schema object: the tables live in their modules (`modules/<m>/**\/*.schema.ts`) and this
 * floor imports none of them; statements name their tables (`db.select().from(users)`).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction handle or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A unique-index violation (23505), however the driver wraps it (Drizzle puts it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** PGlite only: the data directory as a tarball (a template for tests). */
  dumpDataDir?(): Promise<Blob>;
  /** Answers when the database does (health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(import.meta.dirname, '../../drizzle');
/** Serialises migrations when several API instances start against one server. */
const MIGRATION_LOCK = 727_120_001;

export interface OpenOptions {
  kind: DatabaseKind;
  url?: string;
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir` tarball of a migrated database)
   * instead of an empty one; the migrations then find nothing left to do. Tests use it to migrate once.
   */
  loadDataDir?: Blob;
  /**
   * Time limits on PostgreSQL (the server passes Config.limits). Without them nothing is
   * bounded, which only the scripts' bulk loaders want.
   */
  limits?: Pick<Limits, 'dbConnectMs' | 'dbStatementMs' | 'dbQueryMs'>;
}

/**
 * pg's settings for the time limits: a connection is opened, or a pooled one handed out, within
 * connectionTimeoutMillis; the server cancels a statement after statement_timeout (57014), and
 * the client stops waiting for an answer after query_timeout (a frozen server or network never
 * sends the cancel). An open transaction left idle (a client that vanished) is ended too.
 */
function poolLimits(limits: OpenOptions['limits']): pg.PoolConfig {
  if (!limits) return {};
  return {
    connectionTimeoutMillis: limits.dbConnectMs,
    statement_timeout: limits.dbStatementMs,
    query_timeout: limits.dbQueryMs,
    idle_in_transaction_session_timeout: limits.dbQueryMs * 2,
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A peer that vanished (power cut, partition) is noticed by the kernel, not after hours.
      keepAlive: true,
      ...poolLimits(options.limits),
    });
    // An idle connection the server ends (restart, pg_terminate_backend, DROP DATABASE … FORCE)
    // is dropped by the pool and replaced on demand; unheard, its 'error' would crash the process.
    pool.on('error', () => undefined);
    // numeric stays a string in pg; Drizzle maps money columns with mode 'number'.
    const db = drizzleNodePg(pool) as unknown as Db;
    // Migrations run on their own connection without statement limits (an index on a large
    // table may take minutes), and so does the advisory lock's wait for another instance.
    const lock = new pg.Client({
      connectionString: options.url,
      ...(options.limits ? { connectionTimeoutMillis: options.limits.dbConnectMs } : {}),
    });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      // On the connection that holds the lock (the lock is per session).
      await migrateNodePg(drizzleNodePg(lock), { migrationsFolder: MIGRATIONS });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await lock.end().catch(() => undefined);
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  let dir: string | undefined;
  if (options.kind === 'embedded') {
    dir = path.join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await createPglite(options.loadDataDir, dir);
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
  return pgliteDatabase(client, options.kind);
}

/** A PGlite instance with what the schema needs (pg_trgm), in memory unless a data directory is given. */
export function createPglite(loadDataDir?: Blob, dataDir?: string): Promise<PGlite> {
  return PGlite.create({
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/** The Database over a PGlite instance as it is (no migration run). */
export function pgliteDatabase(client: PGlite, kind: DatabaseKind): Database {
  const pgliteDb = drizzlePglite(client);
  return {
    dumpDataDir: () => client.dumpDataDir('none'),
    db: pgliteDb as unknown as Db,
    kind,
    ping: async () => {
      await pgliteDb.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const serverUrl = process.env['TEST_DATABASE_URL'];

describe.skipIf(!serverUrl)('openDatabase on PostgreSQL', () => {
  it('migrates and answers with a pool of one connection', async () => {
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    try {
      // Before the fix this never settled: the migration waited for a second pooled
      // connection while the only one held the advisory lock.
      const opening = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('openDatabase did not settle in 15 s')), 15_000).unref(),
      );
      const database = await Promise.race([opening, timeout]);
      try {
        await database.ping();
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const { rows } = await check.query<{ n: string }>(
          `select count(*) as n from information_schema.tables where table_name in ('users', 'courses', 'orders')`,
        );
        await check.end();
        expect(Number(rows[0]?.n)).toBe(3);
        // The lock was released: a second instance on the same database opens too.
        const again = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
        await again.close();
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 30_000);
});

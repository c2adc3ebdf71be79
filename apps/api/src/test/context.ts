import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Express } from 'express';
import { createApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { createLogger } from '../logger.js';

/** A clock the test moves by hand (token expiry, dates). */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestContext {
  app: Express;
  deps: AppDeps;
  database: Database;
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'memory' });
    return { database, drop: () => database.close() };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 25 });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'test-secret-that-is-long-enough',
    APP_URL: 'http://shop.test',
    SEED_DEMO: 'false',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const clock = new TestClock();
  const deps: AppDeps = { database, config, clock, logger: createLogger(config) };
  return { app: createApp(deps), deps, database, config, clock, close: drop };
}

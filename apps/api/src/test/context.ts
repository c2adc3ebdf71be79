import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import { createApp, type App } from '../app.js';
import type { AppDeps } from '../deps.js';
import { checkedAgainstDocument } from './contract.js';
import { checkOutPglite } from './pglite-pool.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { createLogger, type Logger } from '../logger.js';
import type { MailMessage, Mailer } from '../modules/mail/mailer.js';

/**
 * A clock the test moves by hand (token expiry, dates). The app's pauses on it (a provider's
 * back-off, a payment's gap between two checks) move it on by their length and end at once, so a
 * test sees what follows a pause without waiting for it. Moving the clock moves it for every
 * request: a test whose requests arrive while one pause goes on (hits within one gap) calls
 * `pausesInRealTime()`, and its pauses are waited out.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  private pauses: 'at once' | 'real time' = 'at once';
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** The calling test's pauses take real time; the next test's pass at once again. */
  pausesInRealTime(): void {
    this.pauses = 'real time';
    onTestFinished(() => {
      this.pauses = 'at once';
    });
  }
  async sleep(ms: number): Promise<void> {
    if (this.pauses === 'real time') return systemClock.sleep(ms);
    this.advance(ms);
    // Still a pause: what the caller started meanwhile gets to run first.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export interface TestContext {
  app: App;
  deps: AppDeps;
  database: Database;
  /** The test database's URL when it lives on the PostgreSQL server (TEST_DATABASE_URL). */
  databaseUrl?: string;
  config: Config;
  clock: TestClock;
  /** Mails sent through the default in-memory mailer (empty when options.mailer replaced it). */
  sentMails: MailMessage[];
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Builds the mailer from the test config (e.g. createMailer for real SMTP or the outbox). */
  mailer?: (config: Config, logger: Logger) => Mailer;
  /** Shares rate-limit counters through Redis, like several API instances would. */
  redis?: AppDeps['redis'];
  /** The app's logger (e.g. capturingLogger's, to read what the app logged). */
  logger?: Logger;
}

/** The migrated PGlite data directory of the run (test/global-setup.ts), read once per file. */
let pgliteTemplate: Blob | undefined;

/**
 * A migrated database at its first state for one test file: PGlite in memory by default (an
 * instance the worker reuses, emptied back to the template's rows: test/pglite-pool.ts), or a
 * new database on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close), a copy of
 * the database the run migrated once (test/global-setup.ts).
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** The database's own URL on the PostgreSQL server (undefined for PGlite). */
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl) {
    const file = inject('pgliteTemplate');
    if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
    if (pgliteTemplate) return checkOutPglite(pgliteTemplate);
    const database = await openDatabase({ kind: 'memory' });
    return { database, drop: () => database.close() };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 25 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'test-secret-that-is-long-enough',
    APP_URL: 'http://shop.test',
    SEED_DEMO: 'false',
    // High enough that flows driven by tests are never throttled; rate-limit tests lower it.
    AUTH_RATE_LIMIT: '10000',
    COUPON_CHECK_LIMIT: '10000',
    // Likewise flows placing many orders for one buyer are never capped; the cap tests lower these.
    MAX_UNPAID_ORDERS: '1000',
    MAX_UNPAID_SEATS: '100000',
    ...env,
  });
  const { database, url: databaseUrl, drop } = await openTestDatabase();
  const clock = new TestClock();
  const logger = options.logger ?? createLogger(config);
  const sentMails: MailMessage[] = [];
  const mailer: Mailer = options.mailer?.(config, logger) ?? {
    send: (message) => {
      sentMails.push(message);
      return Promise.resolve();
    },
  };
  // Tests write behind the API's back (factories): the catalogue version is read again for every request.
  const deps: AppDeps = {
    database,
    config,
    clock,
    logger,
    mailer,
    catalogueMaxAgeMs: 0,
    ...(options.redis ? { redis: options.redis } : {}),
  };
  return {
    app: checkedAgainstDocument(createApp(deps)),
    deps,
    database,
    ...(databaseUrl ? { databaseUrl } : {}),
    config,
    clock,
    sentMails,
    close: async () => {
      mailer.close?.();
      await drop();
    },
  };
}

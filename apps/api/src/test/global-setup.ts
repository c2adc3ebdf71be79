import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory: every test file starts from a copy. */
    pgliteTemplate: string;
    /** On the PostgreSQL server of TEST_DATABASE_URL: a migrated database each file copies (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run instead of one per test file (migrating PGlite costs
 * seconds, copying it a fraction of that): a PGlite data directory saved as a file, kept for
 * the next runs until the migrations change (templateFile), or a template database on the
 * PostgreSQL server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (serverUrl) {
    const name = `shop_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  const file = templateFile();
  if (!existsSync(file)) {
    const database = await openDatabase({ kind: 'memory' });
    const dump = await database.dumpDataDir?.();
    await database.close();
    if (!dump) throw new Error('PGlite could not dump its data directory');
    mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a run started meanwhile never reads half a template.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    // Templates of earlier migrations are not used again.
    for (const old of readdirSync(path.dirname(file)))
      if (old.endsWith('.tar') && old !== path.basename(file)) rmSync(path.join(path.dirname(file), old), { force: true });
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => undefined;
}

/**
 * Where the migrated PGlite template of this checkout lives: named after what makes it (the
 * migrations, the code that opens and migrates the database, the PGlite and Drizzle releases), so a run
 * after a change to any of them migrates again, and a run after none reuses it (issue 32:
 * migrating costs about 5 s of the suite's start). Kept with the other tool
 * caches in node_modules/.cache, which a fresh clone does not have.
 */
function templateFile(): string {
  const apiRoot = path.join(import.meta.dirname, '../..');
  const migrations = path.join(apiRoot, 'drizzle');
  const hash = createHash('sha256');
  const sources = [
    ...readdirSync(migrations, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
    path.join(apiRoot, 'src/db/client.ts'),
  ].sort();
  for (const source of sources) hash.update(path.relative(apiRoot, source)).update('\0').update(readFileSync(source));
  // The releases of PGlite and of Drizzle's migrator (read from node_modules: PGlite's
  // package.json is not among its exports).
  for (const name of ['@electric-sql/pglite', 'drizzle-orm'])
    hash.update(readFileSync(path.join(apiRoot, 'node_modules', name, 'package.json')));
  return path.join(apiRoot, 'node_modules/.cache/shop-test', `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

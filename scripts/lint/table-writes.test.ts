/**
 * Each table has one writing module (issue 50, decision record 0476): a table belongs to the
 * module whose folder holds its `*.schema.ts`, and no other module's source inserts, updates or
 * deletes its rows (Drizzle calls and SQL text alike) — except the shared writes named below,
 * each with why and what guards it. A module that needs another's rows changed calls the owner's
 * function, downward, with its transaction. Print who writes what with
 * `node --import tsx lint/table-writes.ts` (in scripts/).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../child-process.js';
import { moduleNames } from './module-graph.js';
import { foreignWrites, schemaTables, tableWrites, type SharedWrite } from './table-writes.js';

const MODULES = path.join(ROOT, 'apps/api/src/modules');

/** The writes of a table by a module that does not own it, each named with its reason and guard. */
export const SHARED_WRITES: readonly SharedWrite[] = [
  {
    module: 'enrolment',
    table: 'courses',
    reason:
      'the seat movements: an order takes a course’s seats in its placing statement, gives them back when it is ' +
      'cancelled or expires and takes them again when retaken, in the order’s own statement or transaction ' +
      '(lock order: order → its courses in id order → sessions → waitlist rows), so seats and order commit together',
    guard:
      'relative writes only (`availability = availability ∓ qty`) on rows locked in id order, the check ' +
      'courses_availability_non_negative against overselling, and the trigger courses_keep_closed for a course an admin ' +
      'closed; the admin’s own seat edit (courses’ updateCourse) writes seats only where they are still `availabilityWas`',
  },
];

describe('each table has one writing module', () => {
  const { tables, shells } = schemaTables(MODULES, ROOT);
  const writes = tableWrites(MODULES, ROOT, tables);

  test('the schema files and the writes were read (a path mistake would find nothing)', () => {
    assert.ok(tables.length >= 25, `found only ${tables.length} tables`);
    assert.ok(writes.length >= 40, `found only ${writes.length} writes`);
    for (const table of ['users', 'courses', 'orders', 'sessions', 'coupon_uses', 'audit_events']) {
      assert.ok(tables.some((t) => t.table === table), `no schema file declares ${table}`);
    }
  });

  test('every table is declared once', () => {
    const names = tables.map((t) => t.table);
    assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], 'declared twice');
  });

  test('no module writes a table another owns, but the named shared writes', () => {
    assert.deepEqual(foreignWrites(writes, tables, SHARED_WRITES), []);
  });

  test('each named shared write still happens, with its reason and guard written', () => {
    for (const shared of SHARED_WRITES) {
      assert.ok(shared.reason.length > 40 && shared.guard.length > 40, `${shared.module} → ${shared.table}: say why and what guards it`);
      const owner = tables.find((t) => t.table === shared.table)?.owner;
      assert.ok(owner && owner !== shared.module, `${shared.module} owns ${shared.table}: not a shared write`);
      assert.ok(
        writes.some((w) => w.module === shared.module && w.table === shared.table),
        `${shared.module} no longer writes ${shared.table}: remove the entry`,
      );
    }
  });

  test('a foreign key by key only (keyOf) names a table some module declares with a uuid id key', () => {
    assert.ok(shells.length > 0);
    for (const shell of shells) {
      const target = tables.find((t) => t.table === shell.table);
      assert.ok(target, `${shell.site}: keyOf('${shell.table}') names no table of the schema files`);
      assert.ok(target.uuidKey, `${shell.site}: ${shell.table} has no uuid id primary key`);
    }
  });

  test('the modules of the tables are folders of apps/api/src/modules', () => {
    const folders = new Set(moduleNames(MODULES));
    assert.deepEqual([...new Set(tables.map((t) => t.owner))].filter((m) => !folders.has(m)), []);
  });
});

describe('the check fails on a planted foreign write', () => {
  test('Drizzle calls and SQL text writing another module’s table are found and named; reads, tests and the owner are not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'table-writes-'));
    try {
      const put = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      put(
        'shop/sub/shop.schema.ts',
        "import { pgTable, uuid, integer } from 'drizzle-orm/pg-core';\n" +
          "export const stockLines = pgTable('stock_lines', { id: uuid('id').primaryKey(), qty: integer('qty') });\n" +
          "const hidden = pgTable('hidden', { id: uuid('id') });\n",
      );
      // The owner writes its table: fine.
      put('shop/stock.ts', 'export const add = (db) => db.insert(stockLines).values({});\n');
      // Another module: a Drizzle update, a raw INSERT, an interpolated DELETE, an aliased UPDATE.
      put(
        'orders/take.ts',
        [
          'export const a = (tx) => tx.update(stockLines).set({ qty: 1 });',
          "export const b = (tx) => tx.execute(sql`INSERT INTO stock_lines (id) values (${'x'})`);",
          'export const c = (tx) => tx.execute(sql`delete from ${stockLines} where id = ${1}`);',
          "export const d = 'update stock_lines s set qty = 0';",
          // Reads and look-alikes are no writes.
          'export const e = (tx) => tx.select().from(stockLines);',
          "export const f = 'Update stock lines in the admin page';",
          '',
        ].join('\n'),
      );
      put('orders/take.test.ts', 'export const t = (tx) => tx.delete(stockLines);\n');

      const { tables } = schemaTables(dir, dir);
      assert.deepEqual(
        tables.map((t) => [t.table, t.owner]),
        [['stock_lines', 'shop']],
      );
      const writes = tableWrites(dir, dir, tables);
      const foreign = foreignWrites(writes, tables, []);
      assert.deepEqual(foreign, [
        'orders writes stock_lines (owned by shop): update at orders/take.ts:1',
        'orders writes stock_lines (owned by shop): insert at orders/take.ts:2',
        'orders writes stock_lines (owned by shop): delete at orders/take.ts:3',
        'orders writes stock_lines (owned by shop): update at orders/take.ts:4',
      ]);
      // Named as shared, the same writes pass.
      const named: SharedWrite = { module: 'orders', table: 'stock_lines', reason: 'r', guard: 'g' };
      assert.deepEqual(foreignWrites(writes, tables, [named]), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * One way between the API's modules (issue 50, decision record 0465, superseding 0292): the
 * graph of every import between `apps/api/src/modules/<m>/` (value, `import type`,
 * `export … from`, `import()`) has no cycle, and each import points down the layer table that
 * docs/architecture.md draws. Checked on the graph, not on file names: a rule kept by renaming a
 * file is not kept. Print the graph with `node --import tsx lint/module-graph.ts` (in scripts/).
 *
 * Inside the enrolment module the same holds one level down (decision 0478): its sub-folders are
 * the nodes, none of its files lies outside them, and every import between them points down
 * `ENROLMENT_LAYERS`.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { LOCK_ORDER } from '../../apps/api/src/modules/enrolment/seats/lock-order.js';
import { ROOT } from '../child-process.js';
import {
  describeGroups,
  looseFiles,
  moduleImports,
  moduleNames,
  sourceFiles,
  strongGroups,
  type ModuleImport,
} from './module-graph.js';

const MODULES = path.join(ROOT, 'apps/api/src/modules');
const ENROLMENT = path.join(MODULES, 'enrolment');

/**
 * The layers, top first (docs/architecture.md). A module imports only modules of a lower layer.
 * A module folder not listed here is still held to "no cycle"; add it to the layer it belongs to.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['admin', 'web-client'],
  ['catalogue', 'payments', 'staff', 'invoices'],
  ['enrolment'],
  ['coupons', 'messages', 'images'],
  ['courses'],
  ['identity'],
  ['audit', 'mail', 'i18n', 'health', 'shop', 'newsletter'],
];

/**
 * The sub-folders of `modules/enrolment`, top first (docs/architecture.md, "Inside enrolment").
 * A sub-folder imports only sub-folders of a lower row. Unlike `LAYERS`, every sub-folder must be
 * listed: a new one is placed on purpose.
 */
export const ENROLMENT_LAYERS: readonly (readonly string[])[] = [
  ['moves', 'reminders', 'roster', 'session-cancel'],
  ['orders'],
  ['sessions', 'certificates'],
  ['seats'],
  // The aggregate's tables (orders, sessions, certificates): every layer above reads or writes them.
  ['tables'],
];

/** The imports that point sideways or up `layers` (top first); unlisted nodes are not judged. */
export function againstLayers(imports: ModuleImport[], layers: readonly (readonly string[])[]): string[] {
  const layerOf = new Map(layers.flatMap((names, i) => names.map((n) => [n, layers.length - i] as const)));
  return imports
    .filter((i) => {
      const from = layerOf.get(i.from);
      const to = layerOf.get(i.to);
      return from !== undefined && to !== undefined && to >= from;
    })
    .map((i) => `${i.from} → ${i.to}  ${i.site}  (${i.specifier})`);
}

describe('API module graph', () => {
  const imports = moduleImports(MODULES);
  const nodes = moduleNames(MODULES);

  test('the graph was read (a path mistake would find nothing)', () => {
    assert.ok(nodes.length >= 10, `found only ${nodes.length} modules`);
    assert.ok(imports.length >= 30, `found only ${imports.length} imports between modules`);
    assert.ok(nodes.includes('enrolment') && nodes.includes('identity'), nodes.join(', '));
  });

  test('no module depends on itself through others (type-only imports and re-exports counted)', () => {
    const groups = strongGroups(nodes, imports);
    assert.deepEqual(groups, [], `module cycles:\n${describeGroups(groups, imports)}`);
  });

  test('every import points down the layer table', () => {
    assert.deepEqual(againstLayers(imports, LAYERS), []);
  });

  test('no file of a module only re-exports another file (a public face made to dodge a rule)', () => {
    const reexportOnly = sourceFiles(MODULES)
      .filter((file) => {
        const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
        return sf.statements.length > 0 && sf.statements.every((s) => ts.isExportDeclaration(s) && s.moduleSpecifier);
      })
      .map((file) => path.relative(ROOT, file));
    assert.deepEqual(reexportOnly, []);
  });
});

describe("enrolment's sub-folders", () => {
  const imports = moduleImports(ENROLMENT, ROOT);
  const nodes = moduleNames(ENROLMENT);

  test('every sub-folder is placed in ENROLMENT_LAYERS, and every listed one exists', () => {
    assert.deepEqual(nodes, ENROLMENT_LAYERS.flat().toSorted());
    assert.ok(imports.length >= 20, `found only ${imports.length} imports between enrolment's sub-folders`);
  });

  test('no source file lies outside a sub-folder (it would escape the check)', () => {
    assert.deepEqual(
      looseFiles(ENROLMENT).map((f) => path.relative(ROOT, f)),
      [],
    );
  });

  test('no sub-folder depends on itself through others (type-only imports and re-exports counted)', () => {
    const groups = strongGroups(nodes, imports);
    assert.deepEqual(groups, [], `cycles among enrolment's sub-folders:\n${describeGroups(groups, imports, 'sub-folders')}`);
  });

  test('every import between sub-folders points down ENROLMENT_LAYERS', () => {
    assert.deepEqual(againstLayers(imports, ENROLMENT_LAYERS), []);
  });
});

/** Where the lock order is defined: the one source file allowed to spell it out. */
const LOCK_ORDER_FILE = path.join(ENROLMENT, 'seats/lock-order.ts');

/**
 * A written copy of the lock order's first three kinds, e.g. "order → its courses (in id order)
 * → sessions", across comment line breaks.
 */
export function spellsLockOrder(text: string): boolean {
  const flat = text.replace(/\n\s*(?:\*|\/\/)?\s*/g, ' ');
  const kind = (k: string) => `(?:its\\s+)?${k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s*\\([^)]*\\))?`;
  return new RegExp(`\\b${LOCK_ORDER.slice(0, 3).map(kind).join('\\s*(?:→|->)\\s*')}`, 'i').test(flat);
}

describe('the lock order, written once', () => {
  test('docs/architecture.md states the order LOCK_ORDER defines', () => {
    const page = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    assert.ok(page.includes(`**${LOCK_ORDER.join(' → ')}**`), `the page does not say **${LOCK_ORDER.join(' → ')}**`);
  });

  test('no other source file of the API spells it out (it points at LOCK_ORDER)', () => {
    const copies = sourceFiles(path.join(ROOT, 'apps/api/src'))
      .filter((file) => file !== LOCK_ORDER_FILE && spellsLockOrder(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    assert.deepEqual(copies, []);
  });

  test('a copy is recognised across a comment break, with "its" and a parenthesis', () => {
    assert.ok(spellsLockOrder('/*\n * one lock order — order → its courses (in id order)\n * → sessions → waitlist rows\n */'));
    assert.ok(spellsLockOrder('// order -> courses -> sessions'));
    assert.ok(!spellsLockOrder('Locks follow the enrolment\'s one lock order (`LOCK_ORDER`, seats/lock-order.ts)'));
    assert.ok(!spellsLockOrder('orders → sessions, courses → sessions'));
  });
});

describe('the check fails on a planted cycle', () => {
  test('a type-only import, a re-export and a lazy import closing a cycle are found and named', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'modules-'));
    try {
      const put = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      // orders → catalogue (value), catalogue → orders (type only): a cycle.
      put('orders/orders.service.ts', "import { price } from '../catalogue/prices.js';\nexport const total = () => price();\n");
      put('catalogue/prices.ts', "import type { Order } from '../orders/sub/order.types.js';\nexport const price = (o?: Order) => 1;\n");
      put('orders/sub/order.types.ts', 'export interface Order { id: string }\n');
      // mail → users (re-export), users → audit (lazy), audit → mail (value): a second cycle.
      put('mail/index.ts', "export { userName } from '../users/names.js';\n");
      put('users/names.ts', "export const userName = () => import('../audit/log.js');\n");
      put('audit/log.ts', "import { userName } from '../mail/index.js';\nexport const log = userName;\n");
      // A test importing across modules closes nothing: tests are left out.
      put('payments/pay.test.ts', "import { total } from '../orders/orders.service.js';\nexport const t = total;\n");
      put('payments/pay.ts', "import { total } from '../orders/orders.service.js';\nexport const t = total;\n");

      const imports = moduleImports(dir, dir);
      const groups = strongGroups(moduleNames(dir), imports);
      assert.deepEqual(groups, [
        ['audit', 'mail', 'users'],
        ['catalogue', 'orders'],
      ]);
      const text = describeGroups(groups, imports);
      assert.match(text, /cycle among modules \{catalogue, orders\}/);
      assert.match(text, /catalogue → orders {2}catalogue\/prices\.ts:1 {2}\(\.\.\/orders\/sub\/order\.types\.js\)/);
      assert.match(text, /orders → catalogue {2}orders\/orders\.service\.ts:1/);
      assert.match(text, /mail → users {2}mail\/index\.ts:1/);
      assert.match(text, /users → audit {2}users\/names\.ts:1/);
      assert.doesNotMatch(text, /payments/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a back-import between enrolment's sub-folders is a cycle and an upward import, both named", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'enrolment-'));
    try {
      const put = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      put('seats/waitlist.repository.ts', "import type { OrderRecord } from '../orders/orders.repository.js';\nexport type W = OrderRecord;\n");
      put('sessions/sessions.service.ts', "import type { W } from '../seats/waitlist.repository.js';\nexport type S = W;\n");
      put('orders/orders.repository.ts', "import type { S } from '../sessions/sessions.service.js';\nexport type OrderRecord = { s?: S };\n");
      // Sideways between two top folders: no cycle, still against the layers.
      put('moves/move.service.ts', "export { cancelSession } from '../session-cancel/session-cancel.service.js';\n");
      put('session-cancel/session-cancel.service.ts', "import '../orders/orders.repository.js';\nexport const cancelSession = 1;\n");
      // Imports leaving the module are not edges here.
      put('orders/orders.service.ts', "import { mail } from '../../mail/mailer.js';\nexport const m = mail;\n");

      const imports = moduleImports(dir, dir);
      assert.deepEqual(strongGroups(moduleNames(dir), imports), [['orders', 'seats', 'sessions']]);
      assert.deepEqual(againstLayers(imports, ENROLMENT_LAYERS), [
        'moves → session-cancel  moves/move.service.ts:1  (../session-cancel/session-cancel.service.js)',
        'seats → orders  seats/waitlist.repository.ts:1  (../orders/orders.repository.js)',
      ]);
      assert.deepEqual(looseFiles(dir), []);
      put('index.ts', "export * from './orders/orders.repository.js';\n");
      assert.deepEqual(looseFiles(dir), [path.join(dir, 'index.ts')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * One way between the API's modules (issue 50, decision record 0465, superseding 0292): the
 * graph of every import between `apps/api/src/modules/<m>/` (value, `import type`,
 * `export … from`, `import()`) has no cycle, and each import points down the layer table that
 * docs/architecture.md draws. Checked on the graph, not on file names: a rule kept by renaming a
 * file is not kept. Print the graph with `node --import tsx lint/module-graph.ts` (in scripts/).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { ROOT } from '../child-process.js';
import { describeGroups, moduleImports, moduleNames, sourceFiles, strongGroups, type ModuleImport } from './module-graph.js';

const MODULES = path.join(ROOT, 'apps/api/src/modules');

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

const layerOf = new Map(LAYERS.flatMap((names, i) => names.map((n) => [n, LAYERS.length - i] as const)));

/** The imports that point sideways or up the layer table. */
function againstLayers(imports: ModuleImport[]): string[] {
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
    assert.deepEqual(againstLayers(imports), []);
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
});

/**
 * No import cycle in the shop's source, counting what ESLint's `import-x/no-cycle` does not:
 * type-only imports (`import type`), lazy imports (`import('./x')`) and re-exports. madge
 * (decision record 0291) reads each package's files with its own tsconfig, so the `@/` paths
 * of the web app resolve as the compiler resolves them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import madge from 'madge';
import ts from 'typescript';
import { ROOT } from '../child-process.js';

/** The packages whose `src/` must be free of cycles, each with its tsconfig. */
const SOURCES = ['apps/web', 'apps/api', 'packages/shared'];

/**
 * The parsed compiler options of `tsconfigFile` (with `extends` and `paths` applied). Given to
 * madge as a parsed config: madge 8 turns a tsconfig path into options its resolver then reads
 * as raw JSON, which loses `paths` and the module resolution (every `@/` import goes unseen).
 */
function compilerOptions(tsconfigFile: string): object {
  const file = ts.readJsonConfigFile(tsconfigFile, (name) => ts.sys.readFile(name));
  const parsed = ts.parseJsonSourceFileConfigFileContent(file, ts.sys, path.dirname(tsconfigFile));
  return parsed.options;
}

const COUNT_EVERY_IMPORT = { skipTypeImports: false, skipAsyncImports: false };

/** madge's graph of `folder/src`, every kind of import counted. */
async function graph(folder: string) {
  return madge(path.join(folder, 'src'), {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: { options: compilerOptions(path.join(folder, 'tsconfig.json')) },
    detectiveOptions: { ts: COUNT_EVERY_IMPORT, tsx: COUNT_EVERY_IMPORT, es6: COUNT_EVERY_IMPORT },
  });
}

const describeCycle = (cycle: string[]) => [...cycle, cycle[0]].join(' → ');

describe('no import cycles (type-only and lazy imports counted)', () => {
  for (const pkg of SOURCES) {
    test(`${pkg}/src has none`, async () => {
      const result = await graph(path.join(ROOT, pkg));
      // An import madge cannot resolve is an edge it cannot see: a cycle could hide behind it.
      assert.deepEqual(result.warnings().skipped, [], `${pkg}: imports madge could not resolve`);
      assert.ok(Object.keys(result.obj()).length > 10, `${pkg}: madge found almost no files`);
      const cycles = result.circular();
      assert.equal(
        cycles.length,
        0,
        `${pkg} has ${cycles.length} import cycle(s); move what both sides need into a module of its own:\n` +
          cycles.map((c) => `  ${describeCycle(c)}`).join('\n'),
      );
    });
  }

  test('the check sees a cycle made of a type-only import, a lazy import and a path alias', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    try {
      mkdirSync(path.join(dir, 'src', 'lib'), { recursive: true });
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: path.join(ROOT, 'tsconfig.base.json'),
          compilerOptions: { jsx: 'react-jsx', paths: { '@/*': ['./src/*'] } },
          include: ['src'],
        }),
      );
      // index loads the catalogue lazily; the catalogue imports only a type back, through `@/`.
      writeFileSync(
        path.join(dir, 'src', 'lib', 'index.ts'),
        "export interface Shape { a: string }\nexport const load = () => import('./catalogue');\n",
      );
      writeFileSync(
        path.join(dir, 'src', 'lib', 'catalogue.ts'),
        "import type { Shape } from '@/lib/index';\nexport default { a: 'x' } satisfies Shape;\n",
      );
      // A component and its lazily loaded form, as the newsletter box once was.
      writeFileSync(
        path.join(dir, 'src', 'box.tsx'),
        "import { lazy } from 'react';\nexport const Form = lazy(() => import('./form'));\nexport const Fields = () => null;\n",
      );
      writeFileSync(
        path.join(dir, 'src', 'form.tsx'),
        "import { Fields } from './box';\nexport default function F() { return Fields(); }\n",
      );
      const cycles = (await graph(dir)).circular().map((c) => c.map((f) => path.basename(f)).sort().join(' '));
      assert.deepEqual(cycles.sort(), ['box.tsx form.tsx', 'catalogue.ts index.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

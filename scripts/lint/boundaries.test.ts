/**
 * The import rules of eslint.config.js, proven on deliberately wrong imports: a file placed in
 * a layer imports what that layer may not, and ESLint (through its Node API, with the repo's
 * own config) must report it, so `pnpm lint` fails. Allowed imports must stay quiet.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from '../child-process.js';

let eslint: ESLint;
before(() => {
  // As `pnpm lint` runs: from the repo root (the TypeScript resolver caches per working directory).
  process.chdir(ROOT);
  eslint = new ESLint({ cwd: ROOT });
});

/** `rule: message` of each problem ESLint finds in `code` as if it were the file at `file`. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = (found: string[]) =>
  found.filter((p) => p.startsWith('import-x/no-restricted-paths'));

describe('API layers', () => {
  test('db/ may not import a module', async () => {
    const found = await problems(
      'apps/api/src/db/wrong.ts',
      "import { findCourse } from '../modules/courses/courses.repository.js';\nexport const f = findCourse;\n",
    );
    assert.equal(restricted(found).length, 1, found.join('\n'));
    assert.match(restricted(found)[0] ?? '', /db\/ is the bottom layer/);
  });

  test('middleware/ may not import a module', async () => {
    const found = await problems(
      'apps/api/src/middleware/wrong.ts',
      "import { findSessionUser } from '../modules/identity/users.repository.js';\nexport const f = findSessionUser;\n",
    );
    assert.match(restricted(found)[0] ?? '', /middleware\/ does not import modules/);
  });

  test('a module may not import app.ts', async () => {
    const found = await problems(
      'apps/api/src/modules/enrolment/orders/wrong.ts',
      "import type { AppDeps } from '../../../app.js';\nexport type D = AppDeps;\n",
    );
    assert.match(restricted(found)[0] ?? '', /Nothing imports app\.ts/);
  });

  test('a module may import db/, http/, middleware/ and another module', async () => {
    const found = await problems(
      'apps/api/src/modules/enrolment/orders/fine.ts',
      [
        "import type { Db } from '../../../db/client.js';",
        "import { apiRoutes } from '../../../http/route.js';",
        "import { requireAdmin } from '../../../middleware/auth.js';",
        "import { getCourseDetail } from '../../courses/courses.service.js';",
        'export const all: unknown[] = [apiRoutes, requireAdmin, getCourseDetail];',
        'export type D = Db;',
        '',
      ].join('\n'),
    );
    assert.deepEqual(found, []);
  });
});

// One way between API modules (decision record 0465, superseding 0292) is checked on the module
// graph by modules.test.ts, not by ESLint on file names.

describe('web layers', () => {
  test('a feature may not import another feature', async () => {
    const found = await problems(
      'apps/web/src/features/catalogue/wrong.ts',
      "import { adminRoutes } from '@/features/admin/routes';\nexport const r = adminRoutes;\n",
    );
    assert.match(restricted(found)[0] ?? '', /Features never import each other/);
  });

  test('components/ and lib/ may not import features/ or app/', async () => {
    const fromComponents = await problems(
      'apps/web/src/components/wrong.ts',
      "import { catalogueRoutes } from '@/features/catalogue/routes';\nexport const r = catalogueRoutes;\n",
    );
    assert.match(restricted(fromComponents)[0] ?? '', /components\/ and lib\/ do not import/);
    const fromLib = await problems(
      'apps/web/src/lib/wrong.ts',
      "import { makeStore } from '@/app/store';\nexport const s = makeStore;\n",
    );
    assert.match(restricted(fromLib)[0] ?? '', /components\/ and lib\/ do not import/);
  });

  test('a feature may import its own files, components/ and lib/', async () => {
    const found = await problems(
      'apps/web/src/features/catalogue/fine.ts',
      "import { paths } from '@/config/paths';\nimport { STORAGE_KEYS } from '@/lib/storage';\nexport const all = [paths, STORAGE_KEYS];\n",
    );
    assert.deepEqual(found, []);
  });
});

describe('import cycles', () => {
  const dir = path.join(ROOT, `apps/api/src/lib/lint-fixture-${randomBytes(4).toString('hex')}`);
  before(() => {
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, 'a.ts'),
      "import { b } from './b.js';\nexport const a = () => b();\n",
    );
    writeFileSync(
      path.join(dir, 'b.ts'),
      "import { a } from './a.js';\nexport const b = () => a();\n",
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('two files importing each other are a cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    const cycles = (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle');
    assert.equal(cycles.length, 1, JSON.stringify(result?.messages));
  });
});

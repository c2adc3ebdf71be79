import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Zones are relative to the repo root whatever the working directory (each package lints itself too).
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const API = './apps/api/src';
const WEB = './apps/web/src';
const WEB_FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * One-way dependencies of the API (docs/decisions/0023): modules may use everything
 * below them; middleware/, http/ and db/ never reach up into modules/; lib/ uses nothing of the
 * app; app.ts composes the modules and only server.ts (and tests) import it.
 */
const apiLayers = [
  { target: `${API}/db`, from: [`${API}/modules`, `${API}/middleware`, `${API}/http`, `${API}/seed`], message: 'db/ is the bottom layer: it does not import modules, middleware or http.' },
  { target: `${API}/middleware`, from: [`${API}/modules`, `${API}/http`], message: 'middleware/ does not import modules/ or http/: inject what it needs (see requireAuth).' },
  { target: `${API}/http`, from: `${API}/modules`, message: 'http/ (route helper, OpenAPI) does not import modules/.' },
  { target: `${API}/lib`, from: [`${API}/modules`, `${API}/middleware`, `${API}/http`, `${API}/db`], message: 'lib/ holds plain helpers: it imports nothing of the app.' },
];
const apiAppImport = {
  target: [`${API}/modules`, `${API}/middleware`, `${API}/http`, `${API}/db`, `${API}/lib`, `${API}/deps.ts`, `${API}/seed`, `${API}/bootstrap.ts`],
  from: `${API}/app.ts`,
  message: 'Nothing imports app.ts (take AppDeps from deps.ts); only server.ts and tests build the app.',
};

/*
 * One way between API modules (docs/decisions/0465, superseding 0292) is checked on the module
 * graph itself, not on file names: scripts/lint/modules.test.ts maps every import between
 * apps/api/src/modules/<m>/ to its module and fails on any cycle or any import against the
 * layer table of docs/architecture.md.
 */

/** Web (bulletproof-react): features never import each other; shared code never imports features or the app shell. */
const webLayers = [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what they share down to components/ or lib/.',
  })),
  { target: [`${WEB}/components`, `${WEB}/lib`], from: [`${WEB}/features`, `${WEB}/app`], message: 'components/ and lib/ do not import features/ or app/.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'apps/api/drizzle/**', 'scripts/bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads the imported files (TypeScript), as its flatConfigs.typescript sets it.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/api', 'apps/web', 'packages/shared'].map((dir) => `${ROOT}${dir}/tsconfig.json`) }),
      ],
    },
    rules: {
      // Type-only imports are erased and do not count as a cycle; neither does a lazy import()
      // (a code-split chunk may import its parent: nothing runs at load time in a loop). Those are
      // counted by scripts/lint/cycles.test.ts (madge, decision record 0291).
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...apiLayers, apiAppImport] }] },
  },
  {
    // Tests build the app (createApp) and may reach across layers to arrange a case.
    files: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // Each worker runs its test files in one module graph (isolate: false in both apps' Vitest
    // configs): a replaced module would leak into the files after it.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message: "Test files share their worker's modules: spy on the export (vi.spyOn) and let it be restored.",
        })),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webLayers }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**/*.{ts,js,mjs}'],
    rules: { 'no-console': 'off' },
  },
);

/**
 * Every setting is documented, in `.env.example` and passed to the compose app (issue 31):
 * `TRUST_PROXY` set in `.env` once never reached the container, whose environment is a fixed
 * list in docker-compose.yml. The three places are read as text and compared, so a setting
 * added to one and forgotten in another fails `pnpm --filter @shop/scripts test`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../child-process.js';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/**
 * Settings the compose file sets itself rather than from `.env`: the container's own port and
 * data directory (the image's only writable place), the production mode, and the database
 * URL built from POSTGRES_* (decision 0242).
 */
const FIXED_IN_COMPOSE = new Set(['NODE_ENV', 'PORT', 'DATA_DIR', 'DATABASE_URL']);

const NAME = /^[A-Z][A-Z0-9_]*$/;

/** The names in the first column of every table of README's "Configuration" section. */
export function readmeSettings(readme: string): Set<string> {
  const start = readme.indexOf('\n## Configuration');
  assert.ok(start >= 0, 'README.md has a "## Configuration" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const [, name] of firstCell.matchAll(/`([^`]+)`/g)) if (name && NAME.test(name)) names.add(name);
  }
  return names;
}

/** `.env.example`'s variables: the app's, and those after the "docker compose only" line. */
export function envExampleSettings(text: string): { app: Set<string>; composeOnly: Set<string> } {
  const app = new Set<string>();
  const composeOnly = new Set<string>();
  let target = app;
  for (const line of text.split('\n')) {
    if (/^#.*docker compose only/i.test(line)) target = composeOnly;
    const name = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
    if (name) target.add(name);
  }
  return { app, composeOnly };
}

/** The `environment:` map of the compose `app` service, as `NAME -> value text`. */
export function composeAppEnvironment(text: string): Map<string, string> {
  const lines = text.split('\n');
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const app = lines.findIndex((l) => /^ {2}app:\s*$/.test(l));
  assert.ok(app >= 0, 'docker-compose.yml has an "app" service');
  const env = new Map<string, string>();
  let i = lines.findIndex((l, n) => n > app && /^ {4}environment:\s*$/.test(l));
  assert.ok(i > app, 'the app service has an "environment:" map');
  for (i += 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (indentOf(line) <= 4) break;
    const entry = /^\s+([A-Z][A-Z0-9_]*):\s*(.*)$/.exec(line);
    assert.ok(entry, `docker-compose.yml: the app's environment is a map of NAME: value (line ${i + 1})`);
    env.set(entry[1] ?? '', entry[2] ?? '');
  }
  return env;
}

/** The variables `apps/api/src/config.ts` reads: the keys of its `envSchema`. */
export function configSettings(text: string): Set<string> {
  const start = text.indexOf('const envSchema = z.object({');
  assert.ok(start >= 0, 'config.ts declares envSchema');
  const end = text.indexOf('\n});', start);
  const names = new Set<string>();
  for (const [, name] of text.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)) if (name) names.add(name);
  return names;
}

/** Read by config.ts but not settings of the centre: how the shop is run, and the built client's place. */
const NOT_SETTINGS = new Set(['NODE_ENV', 'WEB_DIST']);

const missing = (names: Iterable<string>, from: Set<string> | Map<string, string>) =>
  [...names].filter((n) => !from.has(n)).sort();

const readme = readmeSettings(read('README.md'));
const example = envExampleSettings(read('.env.example'));
const compose = read('docker-compose.yml');
const appEnv = composeAppEnvironment(compose);
const config = configSettings(read('apps/api/src/config.ts'));

describe('settings: README.md, .env.example and docker-compose.yml agree', () => {
  test('the readers find the settings they must (a changed layout fails here, not silently)', () => {
    for (const name of ['PORT', 'DATABASE_URL', 'TRUST_PROXY', 'DB_POOL_SIZE', 'PAYMENT_TIMEOUT_MS']) {
      assert.ok(readme.has(name), `README.md's configuration tables name ${name}`);
      assert.ok(example.app.has(name), `.env.example names ${name}`);
    }
    assert.ok(example.composeOnly.has('POSTGRES_PASSWORD'), '.env.example has its "docker compose only" part');
    assert.ok(appEnv.has('NODE_ENV') && appEnv.has('JWT_SECRET'), "the compose app's environment is read");
    assert.ok(config.has('TRUST_PROXY') && config.has('KONNECT_API_URL'), "config.ts's envSchema is read");
  });

  test('every variable config.ts reads is documented in README.md, and nothing more', () => {
    assert.deepEqual(missing(config, new Set([...readme, ...NOT_SETTINGS])), [], "read by config.ts but missing from README.md's configuration tables");
    assert.deepEqual(missing(readme, config), [], 'in README.md but config.ts does not read it');
  });

  test('every setting in README.md is in .env.example, and the other way round', () => {
    assert.deepEqual(missing(readme, example.app), [], 'documented in README.md but missing from .env.example');
    assert.deepEqual(missing(example.app, readme), [], "in .env.example but missing from README.md's configuration tables");
  });

  test('every documented setting reaches the compose app, taken from .env', () => {
    assert.deepEqual(missing(readme, appEnv), [], "documented in README.md but missing from docker-compose.yml's app environment");
    const notFromEnv = [...readme]
      .filter((n) => !FIXED_IN_COMPOSE.has(n) && !(appEnv.get(n) ?? '').includes(`\${${n}`))
      .sort();
    assert.deepEqual(notFromEnv, [], 'the compose app sets these without reading ${NAME} from .env');
  });

  test('the compose app is given nothing undocumented, and compose reads only what .env.example names', () => {
    assert.deepEqual(
      missing(appEnv.keys(), new Set([...readme, ...FIXED_IN_COMPOSE])),
      [],
      "in docker-compose.yml's app environment but not in README.md",
    );
    const used = new Set([...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? ''));
    assert.deepEqual(missing(used, new Set([...example.app, ...example.composeOnly])), [], 'read by docker-compose.yml but not in .env.example');
  });
});

/**
 * `pnpm start`'s client build, skipped when the built client is that of the sources as they are
 * (issue 54: every start rebuilt the client, about a minute on this machine, though nothing had
 * changed). The build writes a fingerprint of everything it is made from (SHA-256 over the paths
 * and contents of the web app's sources, its build files, the shared package and the lockfile)
 * beside its output; a start whose fingerprint matches the one there serves the client as it is.
 * Contents, not modification times: a checkout or a `git stash` sets every time to now, and an
 * edit undone leaves a newer time on the same bytes.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './child-process.js';

/** What the client is built from, relative to the repository's root. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'pnpm-lock.yaml',
];

/** The file in the built client that names the sources it was built from. */
export const FINGERPRINT_FILE = '.sources-fingerprint';

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}

/** SHA-256 over the sorted paths and contents of the build's inputs under `root`. */
export function sourcesFingerprint(root = ROOT, inputs = WEB_BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(root, input)).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when `dist` holds a client built from sources with this fingerprint. */
export function isBuildCurrent(dist: string, fingerprint: string): boolean {
  const file = path.join(dist, FINGERPRINT_FILE);
  return existsSync(path.join(dist, 'index.html')) && existsSync(file) && readFileSync(file, 'utf8').trim() === fingerprint;
}

function main(): void {
  const dist = path.join(ROOT, 'apps/web/dist');
  const fingerprint = sourcesFingerprint();
  if (process.argv.includes('--if-changed') && isBuildCurrent(dist, fingerprint)) {
    console.log('web client: up to date with its sources, build skipped (pnpm build forces one)');
    return;
  }
  const built = spawnSync('pnpm', ['--filter', '@shop/web', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(path.join(dist, FINGERPRINT_FILE), `${fingerprint}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();

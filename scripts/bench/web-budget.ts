/**
 * `pnpm bench:web`: builds the storefront and checks its initial JavaScript against the budget.
 *
 * "Initial" means what the browser must download before the first route renders: the entry
 * script of index.html, the modulepreload links, and everything those import statically.
 * Lazily loaded route chunks (dynamic `import()`) are listed apart and do not count.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { ROOT } from '../child-process.js';

const BUDGET_BYTES = 200 * 1024;
const DIST = path.join(ROOT, 'apps/web/dist');

interface Chunk {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** The `src`/`href` of the module scripts and modulepreload links in the built index.html. */
export function entryUrls(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    const isModuleScript = /^<script/i.test(tag) && attr('type') === 'module' && attr('src');
    const isPreload = /^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href');
    if (isModuleScript) urls.push(attr('src') as string);
    else if (isPreload) urls.push(attr('href') as string);
  }
  return urls;
}

/** A URL of the built site (absolute from the site root, or relative to `from`) as a file in dist. */
function fileOf(url: string, from: string): string | undefined {
  if (/^[a-z]+:\/\//i.test(url) || url.startsWith('//')) return undefined;
  return url.startsWith('/') ? path.join(DIST, url) : path.resolve(path.dirname(from), url);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  if (process.env['BENCH_WEB_SKIP_BUILD'] !== '1') {
    execFileSync('pnpm', ['--filter', '@shop/web', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const indexHtml = path.join(DIST, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`no build found at ${indexHtml}`);
  await init();

  const initial = new Map<string, Chunk>();
  const lazy = new Set<string>();
  const queue = entryUrls(readFileSync(indexHtml, 'utf8'))
    .map((url) => fileOf(url, indexHtml))
    .filter((f): f is string => f !== undefined);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (initial.has(file)) continue;
    if (!existsSync(file))
      throw new Error(`index.html or a chunk refers to a missing file: ${file}`);
    const source = readFileSync(file);
    initial.set(file, {
      file,
      bytes: source.length,
      gzipBytes: gzipSync(source, { level: 9 }).length,
    });
    const [imports] = parse(source.toString('utf8'), file);
    for (const imported of imports) {
      if (imported.type === 'import-meta' || !imported.specifier) continue;
      // Static imports (and re-exports) load with the module; dynamic import() loads on demand.
      const target = fileOf(imported.specifier, file);
      if (!target || !target.endsWith('.js')) continue;
      if (imported.type === 'dynamic') lazy.add(target);
      else queue.push(target);
    }
  }
  for (const file of initial.keys()) lazy.delete(file);

  const rows = [...initial.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const total = rows.reduce((sum, c) => sum + c.gzipBytes, 0);
  console.log('\nInitial JavaScript of the storefront (gzip -9):');
  for (const c of rows) {
    console.log(
      `  ${path.relative(DIST, c.file).padEnd(44)} ${kb(c.bytes).padStart(10)}  gzip ${kb(c.gzipBytes).padStart(9)}`,
    );
  }
  console.log(
    `  ${'total'.padEnd(44)} ${''.padStart(10)}  gzip ${kb(total).padStart(9)}  (budget ${kb(BUDGET_BYTES)})`,
  );
  console.log(`  lazily loaded chunks (not counted): ${lazy.size}`);
  if (total > BUDGET_BYTES) {
    console.error(
      `\nFAIL: initial JavaScript is ${kb(total)} gzipped, over the ${kb(BUDGET_BYTES)} budget.`,
    );
    process.exit(1);
  }
  console.log('\nOK: within budget.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

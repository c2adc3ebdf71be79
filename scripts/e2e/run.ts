/**
 * Browser journeys against the real shop: build the client, start the API as `pnpm start`
 * does (tsx apps/api/src/server.ts, serving the built client) on a free port with a fresh
 * DATA_DIR, run every scripts/e2e/*.e2e.ts with node's test runner, then stop and clean up.
 * Exit code: the test runner's (with several groups, the first failing group's).
 *
 * - `pnpm test:e2e <part of a file name>…` runs only the matching journey files.
 * - `E2E_WEB_DIST=<folder>` uses a client already built there (`.ci/run` builds once for the
 *   journeys and the bundle budget) instead of building one.
 * - `E2E_GROUPS=<n>` (default 1) splits the journey files into n groups, each against its own
 *   shop (own port, own DATA_DIR), run at the same time. The journeys mostly wait (the 3 s start
 *   loader, redirects, mails), so two groups take little more than half the time on two cores.
 *   Each group's output is kept and printed when it ends, so logs never interleave.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT, stopChild, waitUntilAnswering } from '../child-process.js';

const here = import.meta.dirname;

/** Builds the web client into `outDir`; the build's exit code. */
function buildClient(outDir: string): number {
  console.log('e2e: building the web client');
  const build = spawnSync(
    'pnpm',
    ['--filter', '@shop/web', 'build', '--outDir', outDir, '--emptyOutDir'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return build.status ?? 1;
}

/**
 * Splits `files` into `count` groups of about the same size (bytes of journey code, a fair
 * proxy for their duration), largest first into the lightest group.
 */
function groupsOf(files: string[], count: number): string[][] {
  const groups = Array.from({ length: Math.max(1, Math.min(count, files.length)) }, () => ({
    files: [] as string[],
    weight: 0,
  }));
  const bySize = files
    .map((file) => ({ file, weight: statSync(file).size }))
    .sort((a, b) => b.weight - a.weight);
  for (const { file, weight } of bySize) {
    const lightest = groups.reduce((min, g) => (g.weight < min.weight ? g : min));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  return groups.map((g) => g.files.sort());
}

interface GroupResult {
  code: number;
  output: string;
}

const running = new Set<() => Promise<void>>();

/**
 * Starts one shop on a fresh DATA_DIR serving `webDist`, runs `journeys` against it and stops
 * it. With `keep`, the shop's and the runner's output is collected instead of printed.
 */
async function runGroup(
  journeys: string[],
  webDist: string,
  label: string,
  keep: boolean,
): Promise<GroupResult> {
  const chunks: string[] = [];
  const say = (line: string) => (keep ? chunks.push(`${line}\n`) : console.log(line));
  const stdio = keep ? 'pipe' : 'inherit';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_DEMO: 'true',
    AUTH_RATE_LIMIT: '1000',
    // Journeys place many orders for one customer; the fair-hold caps have their own tests.
    MAX_UNPAID_ORDERS: '1000',
    MAX_UNPAID_SEATS: '100000',
    LOG_LEVEL: 'warn',
    APP_URL: baseUrl,
  };
  delete env['NODE_ENV'];
  delete env['DATABASE_URL'];
  delete env['SMTP_URL'];

  say(`e2e${label}: starting the shop on ${baseUrl} (DATA_DIR ${dataDir})`);
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps/api'),
    env,
    stdio: ['ignore', stdio, stdio],
  });
  if (keep) {
    server.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
    server.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  }
  const stop = async () => {
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  running.add(stop);

  try {
    await waitUntilAnswering(`${baseUrl}/api/health`, server, 90_000, () => chunks.join(''));
    say(
      `e2e${label}: running ${journeys.length} journey file(s): ${journeys.map((j) => path.basename(j)).join(', ')}`,
    );
    const tests = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', ...journeys],
      {
        cwd: path.join(ROOT, 'scripts'),
        stdio: ['ignore', stdio, stdio],
        env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
      },
    );
    if (keep) {
      tests.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
      tests.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
    }
    const code = await new Promise<number>((resolve) => {
      tests.once('error', () => resolve(1));
      tests.once('close', (status) => resolve(status ?? 1));
    });
    return { code, output: chunks.join('') };
  } catch (err) {
    say(`e2e${label}: ${String(err)}`);
    return { code: 1, output: chunks.join('') };
  } finally {
    running.delete(stop);
    await stop();
  }
}

async function main(): Promise<number> {
  const journeys = readdirSync(here)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => path.join(here, name));
  const filter = process.argv.slice(2);
  const selected = filter.length
    ? journeys.filter((j) => filter.some((f) => j.includes(f)))
    : journeys;

  // Ctrl-C: stop the shops and remove their temporary folders before leaving.
  const interrupted = () => {
    void Promise.all([...running].map((stop) => stop())).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  // The client is built into the run's own folder (or given): a build or another run started
  // meanwhile (which empties apps/web/dist) cannot pull chunks from under the browser.
  const given = process.env['E2E_WEB_DIST'];
  let buildDir: string | undefined;
  let webDist: string;
  if (given) {
    webDist = path.resolve(given);
    console.log(`e2e: using the web client built in ${webDist}`);
  } else {
    buildDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-web-'));
    webDist = path.join(buildDir, 'web-dist');
    const status = buildClient(webDist);
    if (status !== 0) {
      rmSync(buildDir, { recursive: true, force: true });
      return status;
    }
  }

  try {
    const groups = groupsOf(selected, Number(process.env['E2E_GROUPS'] ?? '1') || 1);
    if (groups.length === 1) return (await runGroup(selected, webDist, '', false)).code;
    console.log(`e2e: ${selected.length} journey files in ${groups.length} groups, run at once`);
    const started = Date.now();
    const results = await Promise.all(
      groups.map(async (files, i) => {
        const result = await runGroup(files, webDist, ` [group ${i + 1}]`, true);
        const seconds = Math.round((Date.now() - started) / 1000);
        const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
        // Printed whole as each group ends, so the groups' logs never interleave.
        process.stdout.write(
          `\n--- e2e group ${i + 1} of ${groups.length} ${verdict} after ${seconds} s\n${result.output}`,
        );
        return result.code;
      }),
    );
    return results.find((code) => code !== 0) ?? 0;
  } finally {
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('e2e:', err);
    process.exit(1);
  },
);

/**
 * Browser journeys against the real shop: build the client, start the API as `pnpm start`
 * does (tsx apps/api/src/server.ts, serving apps/web/dist) on a free port with a fresh
 * DATA_DIR, run every scripts/e2e/*.e2e.ts with node's test runner, then stop and clean up.
 * Exit code: the test runner's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT, stopChild, waitUntilAnswering } from '../child-process.js';

const here = import.meta.dirname;

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  // The client is built into the run's own folder: a build or another run started meanwhile
  // (which empties apps/web/dist) cannot pull chunks from under the browser.
  const webDist = path.join(dataDir, 'web-dist');
  console.log('e2e: building the web client');
  const build = spawnSync(
    'pnpm',
    ['--filter', '@shop/web', 'build', '--outDir', webDist, '--emptyOutDir'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    return build.status ?? 1;
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_DEMO: 'true',
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    APP_URL: baseUrl,
  };
  delete env['NODE_ENV'];
  delete env['DATABASE_URL'];
  delete env['SMTP_URL'];

  console.log(`e2e: starting the shop on ${baseUrl} (DATA_DIR ${dataDir})`);
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps/api'),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  // Ctrl-C: stop the shop and remove the temporary folder before leaving.
  const interrupted = () => {
    void stopChild(server).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    await waitUntilAnswering(`${baseUrl}/api/health`, server, 90_000);
    const journeys = readdirSync(here)
      .filter((name) => name.endsWith('.e2e.ts'))
      .map((name) => path.join(here, name));
    const filter = process.argv.slice(2);
    const selected = filter.length
      ? journeys.filter((j) => filter.some((f) => j.includes(f)))
      : journeys;
    console.log(`e2e: running ${selected.length} journey file(s)`);
    const tests = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', ...selected],
      {
        cwd: path.join(ROOT, 'scripts'),
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
      },
    );
    return tests.status ?? 1;
  } finally {
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('e2e:', err);
    process.exit(1);
  },
);

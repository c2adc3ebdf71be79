/** Child processes of the benchmark: the API under test and the bare server. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, ROOT, stopChild, waitUntilAnswering } from '../child-process.js';

const TSX = path.join(ROOT, 'scripts/node_modules/.bin/tsx');

export interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  base: string,
  cwd: string,
): Promise<Child> {
  const child = spawn(TSX, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = () => stopChild(child);
  return waitUntilAnswering(readyUrl, child, 60_000, () => log).then(
    () => ({ url: base, process: child, stop }),
    async (err: unknown) => {
      await stop();
      throw err;
    },
  );
}

/** The API in production mode against `databaseUrl`, as `pnpm start` would run it. */
export async function startApi(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  /** The checkout whose `apps/api` runs (the A/B harness runs another build beside this one). */
  root = ROOT,
): Promise<Child> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env['PATH'],
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'benchmark-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    // Journeys place many orders for one customer; the fair-hold caps have their own tests.
    MAX_UNPAID_ORDERS: '1000',
    MAX_UNPAID_SEATS: '100000',
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: 'bench-admin-password',
    APP_URL: base,
    DATA_DIR: path.join(ROOT, 'scripts/bench/results/data'),
    ...extraEnv,
  };
  // BENCH_CPU_PROF=1: the API writes a V8 CPU profile under results/profiles when it stops.
  const profile = process.env['BENCH_CPU_PROF']
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, 'scripts/bench/results/profiles')}`]
    : [];
  return startChild(
    [...profile, 'src/server.ts'],
    env,
    `${base}/api/health`,
    base,
    path.join(root, 'apps/api'),
  );
}

export async function startBareServer(
  kind: 'node' | 'express',
  bodyFile: string,
  totalCount: string,
): Promise<Child> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PATH: process.env['PATH'], NODE_ENV: 'production', BARE_TOTAL_COUNT: totalCount };
  return startChild(
    [path.join(import.meta.dirname, 'bare-server.ts'), kind, bodyFile, String(port)],
    env,
    `${base}/api/courses`,
    base,
    ROOT,
  );
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { courses } from './modules/courses/courses.schema.js';
import { orders } from './modules/enrolment/tables/orders.schema.js';
import { createHttpServer } from './http-server.js';
import { openTestDatabase } from './test/context.js';
import { createCourse, createUser } from './test/factories.js';

const serverUrl = process.env['TEST_DATABASE_URL'];
const JWT_SECRET = 'server-test-secret-long-enough';
const report = (line: string) => process.stdout.write(`  ${line}\n`);

/**
 * A client that never finishes its headers: one header line every 300 ms. Resolves with what
 * the server wrote and how long until it closed the socket (bounded: the test fails at `giveUpMs`).
 */
function slowHeaderClient(port: number, giveUpMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let n = 0;
    const trickle = setInterval(() => socket.write(`X-Slow-${n++}: still coming\r\n`), 300);
    const giveUp = setTimeout(() => {
      clearInterval(trickle);
      socket.destroy();
      reject(new Error(`the server kept a slow-header socket open for ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: shop.test\r\n'));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - start, answer });
    });
  });
}

describe('slow clients', () => {
  it('keeps Node from holding a slow-header socket: the default header time-out is at most 20 s', () => {
    const { limits } = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://' });
    expect(limits.headersMs).toBeLessThanOrEqual(20_000);
    expect(limits.requestMs).toBeGreaterThanOrEqual(limits.headersMs);
  });

  it('closes a socket whose headers never finish, with a 408, soon after HEADERS_TIMEOUT_MS', async () => {
    const server = createHttpServer((_req, res) => res.end('ok'), { headersMs: 1_000, requestMs: 2_000 }, { stopping: false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { closedAfterMs, answer } = await slowHeaderClient((server.address() as AddressInfo).port, 10_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // The time-out plus at most one check interval (1 s) and some slack.
      expect(closedAfterMs).toBeLessThan(3_500);
    } finally {
      server.close();
    }
  });
});

/** One POST /api/orders on its own connection: the status and full body, or the socket error. */
function postOrder(
  port: number,
  token: string,
  body: string,
  key: string,
): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/orders',
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Authorization: `Bearer ${token}`,
          'Idempotency-Key': key,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (err) => resolve({ error: `cut mid-answer: ${err.message}` }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(body);
  });
}

// The real server process (tsx src/server.ts) on a fresh PostgreSQL database.
describe.skipIf(!serverUrl)('the server process on SIGTERM (needs TEST_DATABASE_URL)', () => {
  let child: ChildProcess;
  let port: number;
  let log = '';
  let testDb: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    // node itself runs the server, as in the image and `pnpm start`: the tsx CLI wrapper relays
    // SIGTERM and, when its child does not confirm within 30 ms (a loaded machine), kills it (exit 143).
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.join(import.meta.dirname, '..'),
      env: {
        PATH: process.env['PATH'],
        NODE_ENV: 'production',
        // A port the system chooses, read from the server's own "listening" line: a port found
        // free beforehand can be taken by another suite's server before this one binds it, and
        // that server would then answer this test (seen in CI).
        PORT: '0',
        DATABASE_URL: testDb.url,
        JWT_SECRET,
        APP_URL: 'http://127.0.0.1',
        ADMIN_PASSWORD: 'server-test-admin',
        LOG_LEVEL: 'info',
        DATA_DIR: path.join(tmpdir(), `shop-server-test-${randomBytes(4).toString('hex')}`),
        HEADERS_TIMEOUT_MS: '2000',
        SHUTDOWN_GRACE_MS: '20000',
        // The orders below wait on a row lock (holding a connection) or queue for the pool for as
        // long as the test holds the lock, which a busy machine stretches past the default limits
        // (statement 4 s, pool 2 s): a 503 from a limit is not what is tested here.
        DB_CONNECT_TIMEOUT_MS: '30000',
        DB_STATEMENT_TIMEOUT_MS: '30000',
        DB_QUERY_TIMEOUT_MS: '30000',
        // One buyer places the 50 orders below: the unpaid caps (issue 31) are not what is tested here.
        MAX_UNPAID_ORDERS: '1000',
        MAX_UNPAID_SEATS: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let listening: number | undefined;
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
      listening ??= Number(/listening on http:\/\/localhost:(\d+)/.exec(log)?.[1]) || undefined;
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 45_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited at start:\n${log}`);
      if (listening === undefined) {
        if (Date.now() > deadline) throw new Error(`the server did not listen within 45 s:\n${log}`);
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      port = listening;
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the server did not answer within 45 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await testDb?.drop();
  });

  it('closes a slow-header socket of the real server within HEADERS_TIMEOUT_MS', async () => {
    const { closedAfterMs, answer } = await slowHeaderClient(port, 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('during 50 concurrent orders: every order answered 201 exists, no answer is cut, new connections are refused', async () => {
    const { db } = testDb.database;
    const course = await createCourse(db, { availability: 1_000 });
    const buyer = await createUser(db, { jwtSecret: JWT_SECRET });
    const body = JSON.stringify({
      orderItems: [{ course: course.id, qty: 1 }],
      shippingAddress: { address: '1 Rue du Lac', city: 'Tunis', postalCode: '1053', country: 'France' },
      paymentMethod: 'In Place',
    });

    // Hold the course's row: the orders wait on it inside the server, so all 50 are in flight at SIGTERM.
    const locker = new pg.Client({ connectionString: testDb.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from courses where id = $1 for update', [course.id]);

    const prefix = `sigterm-${randomBytes(4).toString('hex')}-`;
    const answers = Promise.all(Array.from({ length: 50 }, (_, i) => postOrder(port, buyer.token, body, `${prefix}${i}`)));
    // Time for the server to accept all 50 (they then wait on the row lock or for a pooled connection).
    await new Promise((r) => setTimeout(r, 1_000));
    // A request opened after them (one that needs no database) is answered only once the server
    // has accepted and read what came before it: on a busy machine a second may not be enough.
    expect((await fetch(`http://127.0.0.1:${port}/api/no-such-route`)).status).toBe(404);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    // Stopped accepting: a new connection is refused while the 50 are still held. A busy
    // machine may take a moment to deliver the signal: asked again every 100 ms for 5 s (the grace is 20 s).
    const tryLate = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => `answered ${r.status}`,
        (err: { cause?: { code?: string } }) => err.cause?.code ?? 'failed',
      );
    let late = await tryLate();
    for (let i = 0; late !== 'ECONNREFUSED' && i < 50; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      late = await tryLate();
    }
    expect(late).toBe('ECONNREFUSED');
    await locker.query('commit');
    await locker.end();

    const results = await answers;
    const exitCode = await exited;
    report(`SIGTERM with 50 orders in flight: exited ${exitCode} after ${Date.now() - signalledAt} ms`);
    expect(exitCode).toBe(0);
    // Every request got its whole answer: no reset, no hang-up, no truncated JSON.
    expect(results.filter((r) => r.error)).toEqual([]);
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body ?? ''}`)).toEqual([]);
    const ids = results.map((r) => (JSON.parse(r.body ?? '{}') as { _id: string })._id);
    const stored = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
    expect(stored).toHaveLength(50);
    const [left] = await db.select({ n: courses.availability }).from(courses).where(inArray(courses.id, [course.id]));
    expect(left?.n).toBe(950);
  }, 60_000);
});

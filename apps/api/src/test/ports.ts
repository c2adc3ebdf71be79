/** Test helper: ports for servers a test (or a script) starts on 127.0.0.1. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port the system hands out for port 0 and outgoing connections (Linux's default). */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > 11_000 ? port : 32_768;
  } catch {
    return 32_768;
  }
}

const LOWEST = 10_000;

function listensFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on, for a server started later (or a test that
 * wants a port where nothing answers). Drawn below the system's ephemeral range, so neither a
 * server listening on port 0 nor an outgoing connection (another suite's database pool) can take
 * it in between, as one did when this asked the system for a port.
 */
export async function freePort(): Promise<number> {
  const top = ephemeralStart();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (top - LOWEST));
    if (await listensFree(port)) return port;
  }
  throw new Error(`no free port found between ${LOWEST} and ${top}`);
}

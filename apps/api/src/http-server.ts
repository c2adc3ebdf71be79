import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Limits } from './config.js';
import type { Logger } from './logger.js';

/** Shared by server.ts and the health route: true from SIGTERM on. */
export interface Lifecycle {
  stopping: boolean;
}

/**
 * The HTTP server around the app, with the edges set on purpose rather than Node's defaults:
 * a client must send its headers within HEADERS_TIMEOUT_MS and its whole request within
 * REQUEST_TIMEOUT_MS (Node then answers 408 and closes the socket), checked every second
 * (Node's default check every 30 s would let a slow-header client keep its socket that much
 * longer). While stopping, every answer says `Connection: close`, so each socket ends after
 * its answer instead of being cut mid-way.
 */
export function createHttpServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  limits: Pick<Limits, 'headersMs' | 'requestMs'>,
  lifecycle: Lifecycle,
): Server {
  return createServer(
    {
      headersTimeout: limits.headersMs,
      requestTimeout: Math.max(limits.requestMs, limits.headersMs),
      connectionsCheckingInterval: Math.min(1_000, limits.headersMs),
    },
    (req, res) => {
      if (lifecycle.stopping) res.setHeader('Connection', 'close');
      listener(req, res);
    },
  );
}

/**
 * Graceful shutdown: stop accepting (health already answers 503 through `lifecycle`), let the
 * requests in flight finish within `graceMs`, then cut whatever is left. Resolves with whether
 * every connection ended by itself.
 */
export function drainHttpServer(
  server: Server,
  { graceMs, lifecycle, logger }: { graceMs: number; lifecycle: Lifecycle; logger: Pick<Logger, 'warn'> },
): Promise<boolean> {
  lifecycle.stopping = true;
  return new Promise((resolve) => {
    let clean = true;
    const cut = setTimeout(() => {
      clean = false;
      logger.warn({ graceMs }, 'requests still running after SHUTDOWN_GRACE_MS; closing their connections');
      server.closeAllConnections();
    }, graceMs);
    // Sockets that fall idle between keep-alive requests (an answer sent before `stopping`
    // was set kept them open) are closed as they appear.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    server.close(() => {
      clearTimeout(cut);
      clearInterval(sweep);
      resolve(clean);
    });
  });
}

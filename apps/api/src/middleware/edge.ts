import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A middleware that needs nothing from Express and calls `next` synchronously (request ids and
 * logging, security headers, CORS): what every answer gets, whether Express sends it or the
 * catalogue fast path does (modules/catalogue/catalogue-fast-path.ts).
 */
export type EdgeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void;

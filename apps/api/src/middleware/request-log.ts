import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger.js';
import type { EdgeHandler } from './edge.js';
import { redactLinkTokens, redactRequestLinkTokens } from '../lib/redact-link-tokens.js';

/** The caller's X-Request-Id when it is sane, else a new one; echoed in the answer. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id =
    typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Request ids and `req.log` for every request, plus one access line per API request when
 * LOG_LEVEL lets info lines through (pino-http): `GET /api/courses 200 12 ms` with the request's
 * id, method, path, status and time. The headers (request and answer) are written only at
 * `debug`: at info they made every request a screenful (issue 54: 9 000 lines in 25 minutes
 * of one user).
 *
 * Above info, those lines are dropped anyway, yet pino-http would still build a child logger
 * with the serialised request for every request (measured: about a tenth of the CPU time of
 * a cached catalogue answer). Then a plain middleware sets the id, and the request's logger
 * is only built when something (a warning, an error) is logged.
 */
export function requestLogging(logger: Logger): EdgeHandler {
  if (logger.isLevelEnabled('info')) {
    const headers = logger.isLevelEnabled('debug');
    return pinoHttp({
      logger,
      genReqId: requestId,
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api') },
      serializers: headers
        ? { req: redactRequestLinkTokens }
        : { req: accessRequest, res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
      customSuccessMessage: accessLine,
      // The error and the time are in the line's fields (err, responseTime).
      customErrorMessage: (req, res) => accessLine(req, res),
    });
  }
  return (req, res, next) => {
    const id = requestId(req, res);
    req.id = id;
    (req as LazyLogRequest)[BASE_LOGGER] = logger;
    // Module-level accessors (no closures per request: this runs for every cached catalogue answer).
    Object.defineProperty(req, 'log', LAZY_LOG);
    next();
  };
}

/** The request as an info line names it: id, method and path (link tokens redacted), no headers. */
function accessRequest(req: { id?: unknown; method?: string; url?: string }) {
  return { id: req.id, method: req.method, url: redactLinkTokens(req.url ?? '') };
}

/** `GET /api/courses 200 12 ms`: what a reader scanning the log needs, on one line. */
function accessLine(req: IncomingMessage, res: ServerResponse, responseTime?: number): string {
  const url = redactLinkTokens((req as { originalUrl?: string }).originalUrl ?? req.url ?? '');
  const line = `${req.method ?? ''} ${url} ${res.statusCode}`;
  return responseTime === undefined ? line : `${line} ${Math.round(responseTime)} ms`;
}

const BASE_LOGGER = Symbol('base logger');
const REQUEST_LOGGER = Symbol('request logger');
type LazyLogRequest = IncomingMessage & {
  id?: unknown;
  [BASE_LOGGER]?: Logger;
  [REQUEST_LOGGER]?: Logger;
};

/** `req.log`, built from the base logger on first use (a warning, an error). */
const LAZY_LOG: PropertyDescriptor = {
  configurable: true,
  get(this: LazyLogRequest): Logger | undefined {
    const base = this[BASE_LOGGER];
    if (!base) return undefined;
    const id = this.id;
    return (this[REQUEST_LOGGER] ??= base.child({
      reqId: id,
      req: {
        id,
        method: this.method,
        url: redactLinkTokens((this as { originalUrl?: string }).originalUrl ?? this.url ?? ''),
      },
    }));
  },
  set(this: LazyLogRequest, value: Logger) {
    this[REQUEST_LOGGER] = value;
  },
};

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
 * LOG_LEVEL lets info lines through (pino-http).
 *
 * Above info, those lines are dropped anyway, yet pino-http would still build a child logger
 * with the serialised request for every request (measured: about a tenth of the CPU time of
 * a cached catalogue answer). Then a plain middleware sets the id, and the request's logger
 * is only built when something (a warning, an error) is logged.
 */
export function requestLogging(logger: Logger): EdgeHandler {
  if (logger.isLevelEnabled('info')) {
    return pinoHttp({
      logger,
      genReqId: requestId,
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api') },
      serializers: { req: redactRequestLinkTokens },
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

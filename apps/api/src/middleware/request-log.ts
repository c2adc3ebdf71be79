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
    let requestLogger: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () =>
        (requestLogger ??= logger.child({
          reqId: id,
          req: { id, method: req.method, url: redactLinkTokens((req as { originalUrl?: string }).originalUrl ?? req.url ?? '') },
        })),
      set: (value: Logger) => {
        requestLogger = value;
      },
    });
    next();
  };
}

import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { errorCodeOf, MESSAGES } from '@shop/shared';
import { AppError } from '../errors.js';
import { causeOf, RETRY_AFTER_SECONDS, unavailabilityOf } from '../lib/outages.js';
import type { Logger } from '../logger.js';

/** Unknown API routes answer a JSON 404. */
export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new AppError(404, MESSAGES.routeNotFound));
};

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** The one error middleware: `{ message, code }` for every failure, no stack traces or SQL. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (err instanceof AppError) {
    // Every 503 says when to try again (a payment provider's outage as much as the database's).
    if (err.status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(err.status).json({
      message: err.message,
      code: err.code ?? errorCodeOf(err.status, err.message),
      ...(err.details ? { details: err.details } : {}),
      ...err.extra,
    });
    return;
  }
  const outage = unavailabilityOf(err);
  if (outage) {
    if (req.log) warnOutage(req.log, outage);
    answerUnavailable(res);
    return;
  }
  const httpErr = (err ?? {}) as HttpLikeError;
  const status = httpErr.status ?? httpErr.statusCode;
  if (httpErr.type === 'entity.parse.failed') {
    res.status(400).json({ message: MESSAGES.malformedJson, code: 'MALFORMED_JSON' });
    return;
  }
  if (httpErr.type === 'entity.too.large' || status === 413) {
    res.status(413).json({ message: MESSAGES.bodyTooLarge, code: 'BODY_TOO_LARGE' });
    return;
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // body-parser and friends: unsupported charset, encoding, … Their messages are safe.
    const message = httpErr.expose && err instanceof Error ? err.message : MESSAGES.invalidInput;
    res.status(status).json({ message, code: errorCodeOf(status, message) });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ message: MESSAGES.serverError, code: 'SERVER_ERROR' });
};

/** `503 {message, code}` with Retry-After: what clients and proxies know to retry. */
export function answerUnavailable(res: Response): void {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(503).json({ message: MESSAGES.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
}

/** An outage answers many requests with 503: one warning per cause every 10 s, with how many it stood for. */
const OUTAGE_LOG_EVERY_MS = 10_000;
const outageLog = new Map<string, { loggedAt: number; since: number }>();

function warnOutage(log: Logger, outage: Error): void {
  const cause = causeOf(outage);
  const key = `${cause.code ?? ''}:${cause.message}`;
  const now = Date.now();
  const seen = outageLog.get(key);
  if (seen && now - seen.loggedAt < OUTAGE_LOG_EVERY_MS) {
    seen.since += 1;
    return;
  }
  if (outageLog.size > 100) outageLog.clear();
  outageLog.set(key, { loggedAt: now, since: 0 });
  log.warn({ cause, alsoAnswered503: seen?.since ?? 0 }, 'a dependency is unavailable; answered 503');
}

import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MESSAGES } from '@shop/shared';
import { AppError } from '../errors.js';

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

/** The one error middleware: `{ message }` for every failure, no stack traces or SQL. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (err instanceof AppError) {
    res.status(err.status).json(err.details ? { message: err.message, details: err.details } : { message: err.message });
    return;
  }
  const httpErr = (err ?? {}) as HttpLikeError;
  const status = httpErr.status ?? httpErr.statusCode;
  if (httpErr.type === 'entity.parse.failed') {
    res.status(400).json({ message: MESSAGES.malformedJson });
    return;
  }
  if (httpErr.type === 'entity.too.large' || status === 413) {
    res.status(413).json({ message: MESSAGES.bodyTooLarge });
    return;
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // body-parser and friends: unsupported charset, encoding, … Their messages are safe.
    res.status(status).json({ message: httpErr.expose && err instanceof Error ? err.message : MESSAGES.invalidInput });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ message: MESSAGES.serverError });
};

import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { MESSAGES } from '@shop/shared';
import { badRequest } from '../errors.js';

/**
 * Parses a value with a shared zod schema or throws a 400 listing the field problems. The
 * answer's `message` is the first problem in the shop's words, without the field's path
 * ("Password must be at least 8 characters", not "password: …"): clients show it as it is, and
 * `details` names the fields.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw badRequest(details[0]?.message ?? MESSAGES.invalidInput, details);
}

/**
 * Validates `req.body` or `req.query` at the edge and replaces it with the parsed value,
 * so handlers receive trusted, typed input.
 */
export function validate(schema: z.ZodType, source: 'body' | 'query' = 'body'): RequestHandler {
  return (req, _res, next) => {
    const parsed = parseInput(schema, req[source]);
    // Express 5 exposes req.query through a getter: redefine it on this request.
    Object.defineProperty(req, source, { value: parsed, writable: true, configurable: true, enumerable: true });
    next();
  };
}

/** A path parameter as a string, '' when absent (guards in front widen Express's inferred param types). */
export function pathParam(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}

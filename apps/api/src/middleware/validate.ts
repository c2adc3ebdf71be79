import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { MESSAGES } from '@shop/shared';
import { badRequest } from '../errors.js';

/** Parses a value with a shared zod schema or throws a 400 listing the field problems. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = details[0];
  throw badRequest(first ? (first.path ? `${first.path}: ${first.message}` : first.message) : MESSAGES.invalidInput, details);
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

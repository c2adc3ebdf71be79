import type { RequestHandler } from 'express';
import { MESSAGES } from '@shop/shared';
import { badRequest } from '../errors.js';

/**
 * PostgreSQL text cannot hold U+0000 (PGlite happens to accept it): a NUL that reaches a
 * query is a 500 there. No real input contains one, so it is refused at the edge, in the
 * JSON body (a JSON.parse reviver: body-parser answers its throw as malformed JSON, 400)…
 */
export function refuseNulCharacters(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\u0000')) throw new SyntaxError('NUL character in a string');
  return value;
}

/** …and in the path or query string (%00), where ids and search words come from. */
export const rejectNulInUrl: RequestHandler = (req, _res, next) => {
  if (/%00/.test(req.originalUrl)) throw badRequest(MESSAGES.invalidInput);
  next();
};

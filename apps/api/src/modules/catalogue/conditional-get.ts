import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import vary from 'vary';
import { acceptedEncoding, type ContentEncoding } from '../../lib/content-encoding.js';

/**
 * Conditional GETs of catalogue answers: strong ETags, If-None-Match and 304, and the one writer
 * of a kept answer (used by the Express route and the server's fast path alike).
 */

/** Browsers and proxies may keep an answer but must ask again (cheaply, with If-None-Match) before using it. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** A serialised answer with its validator, as kept and as sent. */
export interface ReadyAnswer {
  body: Buffer;
  headers: Record<string, string>;
  etag: string;
  /**
   * The body compressed, per encoding, made once by the first request that asks for it (off
   * the fast path) and kept with the answer: later hits send these bytes with no compression work.
   */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

/** Strong validator: the same version and key always give the same bytes. */
export function etagOf(versionTag: string, key: string): string {
  return `"${createHash('sha1').update(versionTag).update('\n').update(key).digest('base64url')}"`;
}

/** If-None-Match: `*`, one tag or a list; weak comparison (W/ ignored), as RFC 9110 asks for GET. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** 304 for a current ETag: the validators again, no body. */
export function writeNotModified(res: ServerResponse, etag: string): void {
  res.setHeader('Cache-Control', CATALOGUE_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  vary(res, 'Accept-Encoding');
  res.statusCode = 304;
  res.end();
}

/** A kept answer, or 304 when the client already holds it. */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: ReadyAnswer): void {
  if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
    writeNotModified(res, answer.etag);
    return;
  }
  res.setHeader('Cache-Control', CATALOGUE_CACHE_CONTROL);
  res.setHeader('ETag', answer.etag);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  vary(res, 'Accept-Encoding');
  const encoding = acceptedEncoding(req);
  const encoded = encoding && answer.encoded[encoding];
  if (encoding && encoded) res.setHeader('Content-Encoding', encoding);
  const body = encoded || answer.body;
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}

import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';

/** The encodings the shop sends, best first (Brotli is about 15 % smaller than gzip on JSON). */
export type ContentEncoding = 'br' | 'gzip';
const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];

/** Below this a compressed body saves less than the headers it adds (the compression middleware's threshold too). */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** negotiator 0.6.4 takes the server's preference for equal q-values (compression uses it); its types predate that. */
interface PreferringNegotiator {
  encoding(available: string[], preferred: string[]): string | undefined;
}

/** The encoding a client asked for (Accept-Encoding with q-values), or undefined for the plain body. */
export function acceptedEncoding(req: IncomingMessage): ContentEncoding | undefined {
  if (!req.headers['accept-encoding']) return undefined;
  const chosen = (new Negotiator(req) as unknown as PreferringNegotiator).encoding([...ENCODINGS, 'identity'], ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/**
 * Compresses once, off the event loop (zlib's thread pool). Brotli quality 5 is where its
 * size levels off on the catalogue's JSON while taking a few milliseconds, not a few hundred.
 */
export function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}

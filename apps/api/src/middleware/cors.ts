import vary from 'vary';
import type { Config } from '../config.js';
import type { EdgeHandler } from './edge.js';

/** The vite dev server, allowed besides APP_URL outside production. */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

/**
 * CORS for the web client only: APP_URL's origin (plus the vite dev server outside
 * production). Bearer tokens, no cookies, so no credentials mode. Other origins get no
 * CORS headers and the browser keeps their scripts out.
 */
export function cors(config: Pick<Config, 'appUrl' | 'env'>): EdgeHandler {
  const allowed = new Set([new URL(config.appUrl).origin]);
  if (config.env !== 'production') allowed.add(VITE_DEV_ORIGIN);
  return (req, res, next) => {
    vary(res, 'Origin');
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, X-Request-Id, X-Catalogue-Stale');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, X-Request-Id');
      res.setHeader('Access-Control-Max-Age', '600');
      res.statusCode = 204;
      res.end();
      return;
    }
    next();
  };
}

/**
 * Paths whose last segment is a one-time link token (verify, reset, confirm-email, cancel-email): the API's,
 * and the web pages a mailed link opens (`/verify/{token}`, `/confirm-email/{token}`, issue 31;
 * `/cancel-email/{token}`, issue 49).
 */
const LINK_TOKEN_PATH =
  /^(\/api\/users\/(?:verify|validate-reset-token|reset-password|confirm-email|cancel-email)|\/(?:verify|confirm-email|cancel-email))\/[^/?#]+/;

/**
 * Request URLs go to the logs; a reset token there would let anyone who reads them take
 * an account over for an hour. The token is replaced before the URL is logged.
 */
export function redactLinkTokens(url: string): string {
  // Issue 51: a parent's link to pay a child's order is `/order/{id}?payer={token}`.
  return url.replace(LINK_TOKEN_PATH, '$1/[redacted]').replace(/([?&]payer=)[^&#]+/, '$1[redacted]');
}

/** pino-http request serializer: the serialized request with link tokens redacted. */
export function redactRequestLinkTokens<T extends { url?: string; params?: Record<string, unknown> }>(req: T): T {
  if (typeof req.url === 'string') req.url = redactLinkTokens(req.url);
  if (req.params && 'token' in req.params) req.params = { ...req.params, token: '[redacted]' };
  return req;
}

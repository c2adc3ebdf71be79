/**
 * Recognises a dependency (PostgreSQL, Redis) that is down, frozen or out of connections, in
 * whatever wrapping the driver and Drizzle give the error, so that it answers 503, not 500.
 */

/** Seconds a client should wait before retrying (the Retry-After of every 503). */
export const RETRY_AFTER_SECONDS = 5;

/** Socket-level codes: nothing listens, the peer went away, the name or route is gone. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs meaning "not now" rather than "wrong request": class 08 (connection
 * exception), 57P01-57P03 (shutting down, crashed, starting), 57014 (statement_timeout),
 * 53300 (too many connections), 55P03 (lock_timeout).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300', '55P03'].includes(code);
}

/** What pg, pg-pool and ioredis say when the wait was bounded or the link broke (no code of their own). */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no connection free within connectionTimeoutMillis
  'Connection terminated', // pg: "… unexpectedly", "… due to connection timeout"
  'Query read timeout', // pg: query_timeout
  'is not queryable', // pg: a client whose connection failed
  'Command timed out', // ioredis: commandTimeout
  "Stream isn't writeable", // ioredis: offline queue disabled and not connected
  'Connection is closed', // ioredis
];

/** The first error of the cause chain that names an outage, if any. */
export function unavailabilityOf(err: unknown): Error | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (!(e instanceof Error)) continue;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code))))
      return e;
    if (e.name === 'MaxRetriesPerRequestError') return e;
    if (UNAVAILABLE_MESSAGES.some((text) => e.message.includes(text))) return e;
    // AggregateError (a host with several addresses, all refusing).
    if (e instanceof AggregateError && e.errors.some((inner) => unavailabilityOf(inner))) return e;
  }
  return undefined;
}

/** One line for the log: the cause's code and message, no stack, no SQL. */
export function causeOf(err: Error): { code?: string; message: string } {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? { code, message: err.message } : { message: err.message };
}

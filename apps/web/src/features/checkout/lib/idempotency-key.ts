/**
 * A fresh Idempotency-Key for one checkout attempt. crypto.randomUUID only exists in secure
 * contexts (https, localhost); a self-hosted shop on plain http still gets 128 random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

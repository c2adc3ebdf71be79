import type { PriceChangedError } from '@shop/shared';

/**
 * The 409 `PRICE_CHANGED` answer of POST /orders (the amounts the customer saw are not the
 * server's any more), or undefined for any other refusal.
 */
export function priceChangeOf(error: unknown): PriceChangedError | undefined {
  if (!error || typeof error !== 'object' || !('status' in error) || error.status !== 409) return undefined;
  const data = (error as { data?: unknown }).data as Partial<PriceChangedError> | undefined;
  if (data?.code !== 'PRICE_CHANGED' || !data.amounts || !Array.isArray(data.orderItems)) return undefined;
  return data as PriceChangedError;
}

import { ORDER_QTY_MAX } from '@shop/shared';

/** The most seats one cart line may hold: what is left, and never more than an order line allows. */
export function maxSeats(availability: number): number {
  return Math.max(0, Math.min(Math.floor(availability), ORDER_QTY_MAX));
}

/** A quantity from the URL (?qty=) brought into 1..maxSeats; anything unreadable is 1. */
export function clampQty(raw: string | null, availability: number): number {
  const wanted = Math.floor(Number(raw ?? '1'));
  const limit = Math.max(1, maxSeats(availability));
  if (!Number.isFinite(wanted) || wanted < 1) return 1;
  return Math.min(wanted, limit);
}

import { formatAmount } from '@shop/shared';

/**
 * The one money formatter. SPEC §9: Tnd in the catalogue and cart, $ at checkout and on orders.
 */
export function formatMoney(amount: number, where: 'catalogue' | 'checkout'): string {
  const value = formatAmount(amount);
  return where === 'catalogue' ? `${value} Tnd` : `$${value}`;
}

/** Dates are shown as the first 10 characters of the stored ISO date (SPEC §9). */
export function formatDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

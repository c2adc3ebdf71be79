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

/**
 * A moment to the minute in the viewer's own time, `YYYY-MM-DD HH:mm` (a seat hold ends at a
 * time of day, so the 10-character date alone would not say when).
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

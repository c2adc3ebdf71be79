/** The requests of issue 55's rows, shared by `pnpm bench` (run.ts) and the A/B harness (ab.ts). */

/** Issue 55's category: one category, as a customer moving the price slider stays in one. */
export const WIDE_CATEGORY = 'Programming';

/** The cached filtered page (one category, sorted by price, a price range). */
export const FILTER_PATH = '/api/courses?Cg=Programming&sort=price_asc&from=100&to=400';

const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** A price with cents between `low` and `high` (the query schema takes two decimals). */
const cents = (low: number, high: number) => (between(low * 100, high * 100) / 100).toFixed(2);

/**
 * Issue 55: one category, a price window of about 30 to 900 TND drawn anew each request (the
 * synthetic prices run from 30 to 900: the window keeps most of the category, as a price slider
 * moved a little does), sorted by price, 24 a page, with its exact X-Total-Count. Both bounds
 * stay inside the prices (a bound keeping every course folds away, catalogue-key.ts) and carry
 * cents: 36 million windows, so nearly every request misses the cache.
 */
export function wideWindowQuery(): string {
  return `Cg=${encodeURIComponent(WIDE_CATEGORY)}&sort=price_asc&from=${cents(31, 90)}&to=${cents(840, 899)}&limit=24`;
}

export function shuffled<T>(values: T[]): T[] {
  for (let i = values.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [values[i], values[j]] = [values[j] as T, values[i] as T];
  }
  return values;
}

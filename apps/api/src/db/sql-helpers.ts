import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The shop's days are Tunis days: date filters and the dashboard's buckets use this zone. */
export const SHOP_TIME_ZONE = 'Africa/Tunis';

/** Escapes LIKE wildcards so a search text matches literally (`\` is the default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`, lower-cased and escaped: "contains", as the trigram indexes on lower(…) serve it. */
export const containsPattern = (text: string): string => `%${escapeLike(text.toLowerCase())}%`;

/**
 * Descending as the `(… DESC NULLS LAST, id DESC NULLS LAST)` indexes are built: a plain DESC
 * means NULLS FIRST, which those indexes cannot deliver, and PostgreSQL would sort the whole
 * table for every page. (The columns are NOT NULL: the results are the same.)
 */
export const descIndexed = (column: SQLWrapper): SQL => sql`${column} desc nulls last`;

/** Ascending by walking such an index backwards (ASC NULLS FIRST). */
export const ascBackwards = (column: SQLWrapper): SQL => sql`${column} asc nulls first`;

/** The instant a Tunis day (`YYYY-MM-DD`) starts, computed by PostgreSQL (an index bound). */
export const dayStart = (day: string): SQL =>
  sql`((${day}::date)::timestamp at time zone ${SHOP_TIME_ZONE})`;

/** The instant after a Tunis day ends (the next day's start): `to` days are inclusive. */
export const dayEnd = (day: string): SQL =>
  sql`(((${day}::date + 1))::timestamp at time zone ${SHOP_TIME_ZONE})`;

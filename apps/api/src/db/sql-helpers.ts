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

/**
 * The seats a course has on sale now, as the public catalogue answers them (issue 49, 54): for a
 * course that has or had sessions, the seats left across its open sessions not ended (0 when none
 * is open); otherwise its own seats. `courseRow` names the courses row of the statement: written
 * out in full, since drizzle leaves a single table's columns unqualified and a bare "id" inside
 * the subqueries would be the session's.
 */
export function seatsOnSale(courseRow: string, now: Date): SQL<number> {
  const id = sql.raw(`"${courseRow}"."id"`);
  const own = sql.raw(`"${courseRow}"."availability"`);
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<number>`coalesce(
    (select sum(s.seats_left)::integer from sessions s where s.course_id = ${id} and s.status = 'open' and s.ends_at > ${at}),
    case when exists (select 1 from sessions had where had.course_id = ${id}) then 0 else ${own} end
  )`.mapWith(Number);
}

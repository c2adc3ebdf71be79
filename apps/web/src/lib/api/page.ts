import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** One page of a paged list and `X-Total-Count`: every row matching the query, over all pages. */
export type Page<Key extends string, Row> = { [K in Key]: Row[] } & { total: number };

/**
 * `transformResponse` of every paged list: the rows under their own name (courses, orders,
 * users) and the total from `X-Total-Count`, or the rows' count when the header is missing.
 */
export function pageOf<Key extends string, Row>(
  key: Key,
  rows: Row[],
  meta: FetchBaseQueryMeta | undefined,
): Page<Key, Row> {
  const header = meta?.response?.headers.get('X-Total-Count');
  const total = header === null || header === undefined ? NaN : Number(header);
  return {
    [key]: rows,
    total: Number.isSafeInteger(total) && total >= 0 ? total : rows.length,
  } as Page<Key, Row>;
}

/** Query parameters of a list without the empty ones (filters not set). */
export function definedParams(args: object): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args) as [string, unknown][])
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  return params;
}

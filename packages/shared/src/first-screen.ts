import { PAGE_LIMIT_DEFAULT, type CourseSort } from './constants.js';

/**
 * What the storefront's pages ask the API for first, in one place for both sides: the web client
 * asks for these lists, and the server names them in each page's head (`<link rel="preload"
 * as="fetch">`) so the answer is on its way with the HTML, before the script runs (issue 23).
 * A preload is used only when the client's URL is exactly the same, hence `courseListPath`.
 */

/** The arguments of `GET /api/courses` as the web client holds them. */
export interface CourseListQuery {
  keyword?: string;
  Cg?: string;
  filter?: string;
  from?: number;
  to?: number;
  sort?: CourseSort;
  page?: number;
  limit?: number;
}

/** The default keyword of the kids area. */
export const KIDS_KEYWORD = 'kids';

/** The list of each storefront page's first screen. */
export const FIRST_SCREEN_LISTS = {
  /** Home: the latest courses. */
  home: { sort: 'date', limit: 6 },
  /** /courses with no query: the first catalogue page. */
  catalogue: { page: 1, limit: PAGE_LIMIT_DEFAULT },
  /** Kids home: the kids courses. */
  kids: { keyword: KIDS_KEYWORD, limit: 6 },
} as const satisfies Record<string, CourseListQuery>;

/** The query parameters of `GET /api/courses`, empty values left out, in the arguments' order. */
export function courseListParams(args: CourseListQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '' || value === 0) continue;
    params[key] = String(value);
  }
  return params;
}

/** A query value as `URLSearchParams` writes it (form encoding: `+` for a space, `!'()~` escaped). */
const formEncoded = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/**
 * The URL the client fetches for a list: what RTK Query's fetchBaseQuery builds from the params
 * (`new URLSearchParams(params)`), written out here because this package runs without the DOM.
 */
export function courseListPath(args: CourseListQuery): string {
  const query = Object.entries(courseListParams(args))
    .map(([key, value]) => `${formEncoded(key)}=${formEncoded(value)}`)
    .join('&');
  return query ? `/api/courses?${query}` : '/api/courses';
}

/** The URL the client fetches for a course page. */
export const courseDetailPath = (id: string): string => `/api/courses/${encodeURIComponent(id)}`;

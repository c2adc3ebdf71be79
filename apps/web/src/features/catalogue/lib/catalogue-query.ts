import { COURSE_SORTS, matchCategories, PAGE_LIMIT_DEFAULT, type CourseSort } from '@shop/shared';
import type { CourseListArgs } from '@/lib/api/courses';

/** URL search keys the catalogue itself writes; they never count as a category or filter. */
export const VIEW_KEYS = ['page', 'sort', 'from', 'to'] as const;

export const CATALOGUE_PAGE_SIZE = PAGE_LIMIT_DEFAULT;

export type Selection =
  | { kind: 'all' }
  | { kind: 'category'; value: string }
  | { kind: 'filter'; value: string }
  | { kind: 'keyword'; value: string; isDefault: boolean };

export interface CatalogueView {
  page: number;
  sort: CourseSort | undefined;
  from: number;
  to: number;
}

export interface CatalogueQuery {
  selection: Selection;
  view: CatalogueView;
  /** What GET /api/courses receives. */
  args: CourseListArgs;
}

function decodeSegment(segment: string | undefined): string {
  if (!segment) return '';
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return segment.trim();
  }
}

function nonNegative(value: string | null): number {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/**
 * SPEC §2 "Header and footer": if the first query key is cg, load by category; otherwise a
 * non-empty query value loads by filter; with no query, the keyword is the third path segment
 * (/search/{keyword}). The kids catalogue passes defaultKeyword 'kids'.
 */
export function readSelection(pathname: string, search: string, defaultKeyword?: string): Selection {
  const entries = [...new URLSearchParams(search)].filter(([key]) => !(VIEW_KEYS as readonly string[]).includes(key));
  const [first] = entries;
  if (first && first[0].toLowerCase() === 'cg' && first[1].trim()) return { kind: 'category', value: first[1].trim() };
  const filled = entries.find(([, value]) => value.trim());
  if (filled) return { kind: 'filter', value: filled[1].trim() };
  const keyword = decodeSegment(pathname.split('/')[2]);
  if (keyword) return { kind: 'keyword', value: keyword, isDefault: false };
  if (defaultKeyword) return { kind: 'keyword', value: defaultKeyword, isDefault: true };
  return { kind: 'all' };
}

export function readView(search: string): CatalogueView {
  const params = new URLSearchParams(search);
  const page = Math.floor(Number(params.get('page')));
  const sort = params.get('sort');
  return {
    page: Number.isFinite(page) && page > 1 ? page : 1,
    sort: (COURSE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CourseSort) : undefined,
    from: nonNegative(params.get('from')),
    to: nonNegative(params.get('to')),
  };
}

/**
 * The API query for a catalogue location. A cg or filter value naming a category or a category
 * group (the home card "Language") goes to the API as Cg / filter; one that names neither is
 * searched as a keyword instead of failing with a 400.
 */
export function catalogueQuery(location: { pathname: string; search: string }, defaultKeyword?: string): CatalogueQuery {
  const selection = readSelection(location.pathname, location.search, defaultKeyword);
  const view = readView(location.search);
  const args: CourseListArgs = { page: view.page, limit: CATALOGUE_PAGE_SIZE };
  if (view.sort) args.sort = view.sort;
  if (view.from) args.from = view.from;
  if (view.to) args.to = view.to;
  if (selection.kind === 'keyword') args.keyword = selection.value;
  else if (selection.kind === 'category' || selection.kind === 'filter') {
    if (!matchCategories(selection.value)) args.keyword = selection.value;
    else if (selection.kind === 'category') args.Cg = selection.value;
    else args.filter = selection.value;
  }
  return { selection, view, args };
}

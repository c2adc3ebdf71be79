import { COURSE_SORTS, matchCategories, PAGE_LIMIT_DEFAULT, type CourseSort } from '@shop/shared';
import type { CourseListArgs } from '@/lib/api/courses';

/** URL search keys the catalogue itself writes; they never count as a category or filter. */
export const VIEW_KEYS = ['page', 'sort', 'from', 'to'] as const;

/**
 * The only query keys that choose courses (the two link forms of docs/product.md#screens, "Catalogue"). Every other key
 * (`fbclid`, `utm_source`, `gclid`, …: links shared on social networks and in mails) is ignored,
 * so it can never empty the catalogue.
 */
const SELECTION_KEYS = ['cg', 'filter'] as const;

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
 * The header's category links: if the first query key is cg, load by category; otherwise a
 * non-empty query value loads by filter; with no query, the keyword is the third path segment
 * (/search/{keyword}). Only `cg` and `filter` count as query keys here (SELECTION_KEYS).
 * The kids catalogue passes defaultKeyword 'kids'.
 */
export function readSelection(pathname: string, search: string, defaultKeyword?: string): Selection {
  const entries = [...new URLSearchParams(search)].filter(([key]) =>
    (SELECTION_KEYS as readonly string[]).includes(key.toLowerCase()),
  );
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

/** `keyword` with `areaKeyword` added as one more word, unless it is already one of its words. */
function withinArea(keyword: string | undefined, areaKeyword: string | undefined): string | undefined {
  if (!areaKeyword) return keyword;
  if (!keyword) return areaKeyword;
  const words = keyword.toLowerCase().split(/\s+/);
  return words.includes(areaKeyword.toLowerCase()) ? keyword : `${areaKeyword} ${keyword}`;
}

/**
 * The API query for a catalogue location. A cg or filter value naming a category or a category
 * group (the home card "Language") goes to the API as Cg / filter; one that names neither is
 * searched as a keyword instead of failing with a 400.
 *
 * `areaKeyword` (the kids area: 'kids', its default keyword) is a word every course of
 * the page must match, also under a category or a search: the kids "Soft skills" link lists the
 * kids' soft-skills courses, never the adults' ones of the same category.
 */
export function catalogueQuery(location: { pathname: string; search: string }, areaKeyword?: string): CatalogueQuery {
  const selection = readSelection(location.pathname, location.search, areaKeyword);
  const view = readView(location.search);
  const args: CourseListArgs = { page: view.page, limit: CATALOGUE_PAGE_SIZE };
  if (view.sort) args.sort = view.sort;
  if (view.from) args.from = view.from;
  if (view.to) args.to = view.to;
  let keyword: string | undefined;
  if (selection.kind === 'keyword') keyword = selection.value;
  else if (selection.kind === 'category' || selection.kind === 'filter') {
    if (!matchCategories(selection.value)) keyword = selection.value;
    else if (selection.kind === 'category') args.Cg = selection.value;
    else args.filter = selection.value;
  }
  keyword = withinArea(keyword, areaKeyword);
  if (keyword) args.keyword = keyword;
  return { selection, view, args };
}

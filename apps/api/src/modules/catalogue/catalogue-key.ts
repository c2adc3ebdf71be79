import { parse as parseQueryString } from 'node:querystring';
import { courseQuerySchema, PAGE_LIMIT_DEFAULT, type Category, type CourseQuery } from '@shop/shared';
import type { CatalogueVersion } from './catalogue-version.js';
import { keywordWords } from './catalogue.repository.js';

/**
 * One cache key per question (issue 38, decision 0281): every spelling of a catalogue query
 * that the repository answers identically is rewritten to one normal form, and that form is
 * both the cache key and the query the answer is built from. Each rule mirrors what
 * courses.repository.ts (courseFilter, catalogueQueries) does with the query, so the normal
 * form asks the database exactly the same question:
 *
 * - keyword: the repository matches each of its first 8 folded words (lower case, no accents,
 *   Arabic spelling variants met: lib/search-fold.ts) as a substring of the folded `search_text`
 *   (AND): so letter case, accents, those variants, spacing, word order, repeated words and a
 *   word contained in another word (`java javascript` = `javascript`) change nothing.
 * - Cg / filter: a one-category list is required (`@>`), a longer one is a group (`&&`), both
 *   ANDed whichever parameter carries them; so the two may swap, a category given twice counts
 *   once, a group holding a required category or holding a smaller group is already met.
 * - from / to: 0 means none; a `from` at or below the cheapest listed course and a `to` at or
 *   above the dearest (read with the version, in the same statement) keep every course.
 * - sort, page, limit: the defaults written out (`date`, 1, 24). Unknown parameters never
 *   get here (the query schema drops them).
 */
export function normalCourseQuery(query: CourseQuery, version?: Pick<CatalogueVersion, 'prices'>): CourseQuery {
  const normal: CourseQuery = {};
  const keyword = normalKeyword(query);
  if (keyword) normal.keyword = keyword;
  const [first, second] = normalCategories(query);
  if (first) normal.Cg = first;
  if (second) normal.filter = second;
  const prices = version?.prices;
  if (query.from && !(prices && query.from <= prices.min)) normal.from = query.from;
  if (query.to && !(prices && query.to >= prices.max)) normal.to = query.to;
  normal.sort = query.sort ?? 'date';
  normal.page = query.page ?? 1;
  normal.limit = query.limit ?? PAGE_LIMIT_DEFAULT;
  return normal;
}

/** The cache key of a catalogue page: its normal form (see normalCourseQuery) in a fixed order. */
export function catalogueKey(query: CourseQuery, version?: Pick<CatalogueVersion, 'prices'>): string {
  const q = normalCourseQuery(query, version);
  return `courses:${JSON.stringify([q.keyword ?? '', q.Cg ?? [], q.filter ?? [], q.from ?? 0, q.to ?? 0, q.sort, q.page, q.limit])}`;
}

/**
 * The key of a GET of the list as the Express route would compute it (the app's "simple" query
 * parser is node:querystring, then the route's schema), for the fast path to find a kept answer
 * under a spelling it has not seen yet. Only `/api/courses` itself, without `%00` (which Express
 * refuses at the edge), and a query the schema accepts: anything else is left to Express.
 */
export function catalogueKeyOfUrl(url: string, version: Pick<CatalogueVersion, 'prices'>): string | undefined {
  const mark = url.indexOf('?');
  if ((mark === -1 ? url : url.slice(0, mark)) !== '/api/courses' || url.includes('%00')) return undefined;
  const parsed = courseQuerySchema.safeParse(parseQueryString(mark === -1 ? '' : url.slice(mark + 1)));
  return parsed.success ? catalogueKey(parsed.data, version) : undefined;
}

/** The words the repository matches, each once, none inside another, sorted, joined by one space. */
function normalKeyword(query: CourseQuery): string {
  const words = [...new Set(keywordWords(query))];
  return words
    .filter((word) => !words.some((other) => other !== word && other.includes(word)))
    .sort()
    .join(' ');
}

/**
 * The category conditions as at most two sorted lists: required categories one per list, then
 * the groups not already met; sorted so the order of Cg and filter does not matter.
 */
function normalCategories(query: CourseQuery): Category[][] {
  const required = new Set<Category>();
  const groups: Category[][] = [];
  for (const categories of [query.Cg, query.filter]) {
    if (!categories || categories.length === 0) continue;
    const unique = [...new Set(categories)].sort();
    if (unique.length === 1) required.add(unique[0] as Category);
    else groups.push(unique);
  }
  const needed = groups.filter(
    (group, i) =>
      !group.some((category) => required.has(category)) &&
      // A course in a smaller group is in this one too; of two equal groups the first stays.
      !groups.some((other, j) => j !== i && isWithin(other, group) && (other.length < group.length || j < i)),
  );
  const lists = [...[...required].sort().map((category) => [category]), ...needed];
  return lists.sort((a, b) => {
    const x = JSON.stringify(a);
    const y = JSON.stringify(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Whether every category of `small` is in `big`. */
const isWithin = (small: readonly Category[], big: readonly Category[]) => small.every((c) => big.includes(c));

import type { CourseQuery } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { categoryPrices, keywordWords } from './catalogue.repository.js';

/**
 * Exact counts of one category's price windows without a count in SQL (issue 55, decision 0455).
 *
 * A page of one category with a price window that keeps most of it (a customer moving the price
 * slider) counted every course of the window on every request: an index-only scan of thousands
 * of entries of the category's price index, a third of PostgreSQL's work for that page. Here the
 * API keeps, per catalogue version, the sorted prices of each category asked for (one read of
 * that index, in its order) and counts a window with two binary searches. The version changes
 * with any write to a course (price, category, draft state, insert, delete; also seats and
 * ratings), so a list is never used for another version than the one it was read at or after:
 * the count is the exact count at the version the answer is labelled with, as the kept answers
 * themselves are (catalogue-cache.ts reads the version before the data it labels).
 *
 * Only for a query without keyword whose categories come down to one category (`Cg` or `filter`
 * naming it, or both); other queries keep counting in their page's statement.
 */
export class CategoryPriceCounts {
  private tag: string | undefined;
  private readonly lists = new Map<string, Promise<number[]>>();

  constructor(private readonly db: DbOrTx) {}

  /** The exact number of listed courses `query` matches at `version`, or undefined when this cannot tell. */
  async count(query: CourseQuery, version: Pick<CatalogueVersion, 'tag'>): Promise<number | undefined> {
    const category = singleCategoryOf(query);
    if (category === undefined) return undefined;
    if (version.tag !== this.tag) {
      this.tag = version.tag;
      this.lists.clear();
    }
    let list = this.lists.get(category);
    if (!list) {
      list = categoryPrices(this.db, category);
      this.lists.set(category, list);
      const lists = this.lists;
      // A failed read is not kept: the next request reads again.
      list.catch(() => {
        if (lists.get(category) === list) lists.delete(category);
      });
    }
    return countWithin(await list, query.from, query.to);
  }
}

/** The one category a keyword-free query keeps (its only single categories, no group), or undefined. */
export function singleCategoryOf(query: CourseQuery): string | undefined {
  if (keywordWords(query).length > 0) return undefined;
  const required = new Set<string>();
  for (const categories of [query.Cg, query.filter]) {
    if (!categories || categories.length === 0) continue;
    if (categories.length > 1) return undefined;
    required.add(categories[0] as string);
  }
  return required.size === 1 ? [...required][0] : undefined;
}

/** How many of `sorted` (ascending) lie within [from, to]; 0 or undefined means no bound (as courseFilter). */
export function countWithin(sorted: readonly number[], from?: number, to?: number): number {
  const low = from ? firstAtLeast(sorted, from) : 0;
  const high = to ? firstAbove(sorted, to) : sorted.length;
  return Math.max(0, high - low);
}

function firstAtLeast(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function firstAbove(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const counters = new WeakMap<DbOrTx, CategoryPriceCounts>();

/** The counts kept for a database handle (one per API instance). */
export function categoryPriceCounts(db: DbOrTx): CategoryPriceCounts {
  let counts = counters.get(db);
  if (!counts) counters.set(db, (counts = new CategoryPriceCounts(db)));
  return counts;
}

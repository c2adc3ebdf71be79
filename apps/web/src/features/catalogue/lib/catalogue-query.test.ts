import { describe, expect, it } from 'vitest';
import { courseListParams, courseListPath, FIRST_SCREEN_LISTS } from '@shop/shared';
import { catalogueQuery, readSelection } from './catalogue-query';

const at = (url: string) => {
  const parsed = new URL(url, 'http://shop.test');
  return { pathname: parsed.pathname, search: parsed.search };
};

describe('catalogue query rules', () => {
  it('asks for the list the server preloads on a plain /courses (FIRST_SCREEN_LISTS, issue 23)', () => {
    expect(catalogueQuery(at('/courses')).args).toEqual(FIRST_SCREEN_LISTS.catalogue);
    expect(catalogueQuery(at('/courses/')).args).toEqual(FIRST_SCREEN_LISTS.catalogue);
    // The URL the server preloads is the one fetchBaseQuery builds (URLSearchParams of the params).
    for (const args of [...Object.values(FIRST_SCREEN_LISTS), { keyword: "l'art (été) ~!*", Cg: 'Art', page: 2 }]) {
      expect(courseListPath(args)).toBe(`/api/courses?${new URLSearchParams(courseListParams(args)).toString()}`);
    }
  });

  it('loads by category when the first query key is cg', () => {
    const { selection, args } = catalogueQuery(at('/courses/?cg=Programming'));
    expect(selection).toEqual({ kind: 'category', value: 'Programming' });
    expect(args).toEqual({ Cg: 'Programming', page: 1, limit: 24 });
  });

  it('loads by filter when another query key has a value', () => {
    const { selection, args } = catalogueQuery(at('/courses/?filter=other'));
    expect(selection).toEqual({ kind: 'filter', value: 'other' });
    expect(args).toEqual({ filter: 'other', page: 1, limit: 24 });
  });

  it('reads a filter when cg is not the first key', () => {
    expect(readSelection('/courses/', '?filter=Art&cg=English')).toEqual({ kind: 'filter', value: 'Art' });
  });

  it('takes the keyword from the third path segment with no query', () => {
    const { selection, args } = catalogueQuery(at('/search/react%20node'));
    expect(selection).toEqual({ kind: 'keyword', value: 'react node', isDefault: false });
    expect(args).toEqual({ keyword: 'react node', page: 1, limit: 24 });
  });

  it('loads everything with no query and no keyword', () => {
    const { selection, args } = catalogueQuery(at('/courses'));
    expect(selection).toEqual({ kind: 'all' });
    expect(args).toEqual({ page: 1, limit: 24 });
  });

  it("defaults the kids keyword to 'kids'", () => {
    expect(catalogueQuery(at('/courseskids'), 'kids').args).toEqual({ keyword: 'kids', page: 1, limit: 24 });
    expect(catalogueQuery(at('/courseskids?cg=LanguageKids'), 'kids').args).toEqual({
      Cg: 'LanguageKids',
      keyword: 'kids',
      page: 1,
      limit: 24,
    });
  });

  it('keeps every kids list to kids courses: a category or a search also asks for the kids keyword', () => {
    expect(catalogueQuery(at('/courseskids/?cg=Softskills'), 'kids').args).toEqual({
      Cg: 'Softskills',
      keyword: 'kids',
      page: 1,
      limit: 24,
    });
    expect(catalogueQuery(at('/courseskids/scratch'), 'kids').args).toEqual({ keyword: 'kids scratch', page: 1, limit: 24 });
    expect(catalogueQuery(at('/courseskids/Kids%20games'), 'kids').args).toEqual({ keyword: 'Kids games', page: 1, limit: 24 });
    expect(catalogueQuery(at('/courseskids/?cg=Cooking'), 'kids').args).toEqual({ keyword: 'kids Cooking', page: 1, limit: 24 });
  });

  it('ignores tracking parameters: only cg and filter choose courses', () => {
    for (const url of ['/courses?fbclid=IwAR0abc', '/courses/?utm_source=facebook&utm_medium=social', '/courses?gclid=x&page=1']) {
      expect(catalogueQuery(at(url)).selection).toEqual({ kind: 'all' });
      expect(catalogueQuery(at(url)).args).toEqual({ page: 1, limit: 24 });
    }
    expect(catalogueQuery(at('/courses/?utm_source=x&cg=Programming')).args).toEqual({ Cg: 'Programming', page: 1, limit: 24 });
    expect(catalogueQuery(at('/search/react?fbclid=abc')).args).toEqual({ keyword: 'react', page: 1, limit: 24 });
  });

  it('keeps page, sort and price range out of the selection and sends them along', () => {
    const { selection, args } = catalogueQuery(at('/courses/?sort=price_asc&page=2&from=50&to=300'));
    expect(selection).toEqual({ kind: 'all' });
    expect(args).toEqual({ sort: 'price_asc', page: 2, from: 50, to: 300, limit: 24 });
  });

  it('ignores an unknown sort, a bad page and negative prices', () => {
    expect(catalogueQuery(at('/courses?sort=cheapest&page=-3&from=-5&to=abc')).args).toEqual({ page: 1, limit: 24 });
  });

  it('sends the Language group of the home card as Cg', () => {
    expect(catalogueQuery(at('/courses/?cg=Language')).args).toEqual({ Cg: 'Language', page: 1, limit: 24 });
    expect(catalogueQuery(at('/courses/?language')).args).toEqual({ page: 1, limit: 24 });
    expect(catalogueQuery(at('/courses/?filter=language')).args).toEqual({ filter: 'language', page: 1, limit: 24 });
  });

  it('searches a cg or filter value that names no category or group as a keyword', () => {
    expect(catalogueQuery(at('/courses/?cg=Cooking')).args).toEqual({ keyword: 'Cooking', page: 1, limit: 24 });
    expect(catalogueQuery(at('/courses/?filter=Languages')).args).toEqual({ keyword: 'Languages', page: 1, limit: 24 });
  });
});

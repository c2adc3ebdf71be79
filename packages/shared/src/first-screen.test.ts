import { describe, expect, it } from 'vitest';
import {
  courseDetailPath,
  courseListParams,
  courseListPath,
  FIRST_SCREEN_LISTS,
} from './first-screen.js';

describe('first-screen lists', () => {
  it("writes the list URL with form encoding, in the arguments' order", () => {
    expect(courseListPath(FIRST_SCREEN_LISTS.catalogue)).toBe('/api/courses?page=1&limit=24');
    expect(courseListPath(FIRST_SCREEN_LISTS.home)).toBe('/api/courses?sort=date&limit=6');
    expect(courseListPath(FIRST_SCREEN_LISTS.kids)).toBe('/api/courses?keyword=kids&limit=6');
    expect(courseListPath({ keyword: "l'art (été) ~!", page: 2 })).toBe(
      '/api/courses?keyword=l%27art+%28%C3%A9t%C3%A9%29+%7E%21&page=2',
    );
    expect(courseListPath({})).toBe('/api/courses');
  });

  it('leaves empty values out', () => {
    expect(courseListParams({ keyword: '', from: 0, sort: undefined, limit: 6 })).toEqual({
      limit: '6',
    });
  });

  it('names a course detail by its id', () => {
    expect(courseDetailPath('abc')).toBe('/api/courses/abc');
  });
});

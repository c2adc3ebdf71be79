import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_GROUPS,
  categoryKey,
  matchCategories,
  matchCategory,
} from './categories.js';
import { courseQuerySchema, courseUpdateBodySchema } from './schemas/courses.js';

describe('matchCategory', () => {
  it('ignores case and spaces', () => {
    expect(matchCategory('LanguageKids')).toBe('Language Kids');
    expect(matchCategory('ProgrammingKids')).toBe('Programming Kids');
    expect(matchCategory('Softskills')).toBe('Soft skills');
    expect(matchCategory('ART')).toBe('Art');
    expect(matchCategory('  english ')).toBe('English');
  });

  it('treats CREW as Cabin Crew', () => {
    expect(matchCategory('CREW')).toBe('Cabin Crew');
    expect(matchCategory('Cabin Crew')).toBe('Cabin Crew');
  });

  it('finds every category of the table by its own name', () => {
    for (const c of CATEGORIES) expect(matchCategory(c)).toBe(c);
  });

  it('names nothing for unknown values', () => {
    expect(matchCategory('Cooking')).toBeUndefined();
    expect(matchCategory('')).toBeUndefined();
  });
});

describe('matchCategories', () => {
  it('answers one category for a category of the table or an alias', () => {
    expect(matchCategories('CREW')).toEqual(['Cabin Crew']);
    expect(matchCategories('languagekids')).toEqual(['Language Kids']);
  });

  it('answers the members of a group, ignoring case and spaces', () => {
    for (const value of ['Language', 'language', ' LANGUAGE ', 'Lang uage'])
      expect(matchCategories(value), value).toEqual(['English', 'Francais']);
  });

  it('names nothing for unknown values', () => {
    expect(matchCategories('Languages')).toBeUndefined();
    expect(matchCategories('Cooking')).toBeUndefined();
  });

  it('has groups of known categories whose names spell no category', () => {
    for (const [name, members] of Object.entries(CATEGORY_GROUPS)) {
      expect(matchCategory(name), name).toBeUndefined();
      expect(CATEGORIES.map(categoryKey)).not.toContain(categoryKey(name));
      expect(members.length).toBeGreaterThan(0);
      for (const member of members) expect(CATEGORIES).toContain(member);
    }
  });
});

describe('courseQuerySchema', () => {
  it('maps category aliases to the table', () => {
    expect(courseQuerySchema.parse({ Cg: 'CREW', filter: 'LanguageKids' })).toMatchObject({
      Cg: ['Cabin Crew'],
      filter: ['Language Kids'],
    });
  });

  it('turns a group into the list of its categories', () => {
    expect(courseQuerySchema.parse({ Cg: 'language' })).toMatchObject({
      Cg: ['English', 'Francais'],
    });
    expect(courseQuerySchema.parse({ filter: 'Language' })).toMatchObject({
      filter: ['English', 'Francais'],
    });
  });

  it('rejects an unknown category, a bad sort and a reversed range', () => {
    expect(courseQuerySchema.safeParse({ Cg: 'Cooking' }).success).toBe(false);
    expect(courseQuerySchema.safeParse({ filter: 'Languages' }).success).toBe(false);
    expect(courseQuerySchema.safeParse({ sort: 'cheapest' }).success).toBe(false);
    expect(courseQuerySchema.safeParse({ from: '50', to: '10' }).success).toBe(false);
    expect(courseQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(courseQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('courseUpdateBodySchema', () => {
  it('accepts Images as images and de-duplicates categories', () => {
    expect(
      courseUpdateBodySchema.parse({ Images: ['/images/a.svg'], category: ['ART', 'Art'] }),
    ).toEqual({ images: ['/images/a.svg'], category: ['Art'] });
  });

  it('refuses prices with more than two decimals', () => {
    expect(courseUpdateBodySchema.safeParse({ price: 10.005 }).success).toBe(false);
  });
});

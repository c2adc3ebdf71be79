import { describe, expect, it } from 'vitest';
import { CATEGORIES, matchCategory } from './categories.js';
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

describe('courseQuerySchema', () => {
  it('maps category aliases to the table', () => {
    expect(courseQuerySchema.parse({ Cg: 'CREW', filter: 'LanguageKids' })).toMatchObject({
      Cg: 'Cabin Crew',
      filter: 'Language Kids',
    });
  });

  it('rejects an unknown category, a bad sort and a reversed range', () => {
    expect(courseQuerySchema.safeParse({ Cg: 'Cooking' }).success).toBe(false);
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

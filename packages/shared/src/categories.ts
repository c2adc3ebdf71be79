/**
 * The category table of the shop (docs/api.md#catalogue). Stored course categories are always one of
 * these canonical names; query values and admin input are matched to them with
 * {@link matchCategory}.
 */
export const CATEGORIES = [
  'English',
  'Francais',
  'Art',
  'Programming',
  'Cabin Crew',
  'Soft skills',
  'other',
  'Programming Kids',
  'Language Kids',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Categories shown in the kids area. */
export const KIDS_CATEGORIES: readonly Category[] = [
  'Programming Kids',
  'Language Kids',
  'Soft skills',
];

/** Extra spellings that do not follow from the case-and-space rule. */
const ALIASES: Record<string, Category> = { crew: 'Cabin Crew' };

/** Lower-cases and strips white space: `Language Kids`, `LanguageKids`, `languagekids` all agree. */
export function categoryKey(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

const BY_KEY = new Map<string, Category>([
  ...CATEGORIES.map((c) => [categoryKey(c), c] as const),
  ...Object.entries(ALIASES),
]);

/**
 * Category groups a link may name instead of one category (docs/product.md#screens: the home card
 * "Language" opens `/courses/?cg=Language`). A course is in a group when it has ANY of the
 * group's categories. Group names are matched like categories (case and spaces ignored) and
 * must not spell a category of the table.
 */
export const CATEGORY_GROUPS: Readonly<Record<string, readonly Category[]>> = {
  Language: ['English', 'Francais'],
};

const GROUP_BY_KEY = new Map<string, readonly Category[]>(
  Object.entries(CATEGORY_GROUPS).map(([name, members]) => [categoryKey(name), members] as const),
);

/**
 * Finds the canonical category for a user-typed value, ignoring case and spaces
 * (`ART` → `Art`, `Softskills` → `Soft skills`, `CREW` → `Cabin Crew`).
 * Returns `undefined` when the value names no category.
 */
export function matchCategory(value: string): Category | undefined {
  return BY_KEY.get(categoryKey(value));
}

/**
 * The categories a `Cg` / `filter` value stands for: one category of the table
 * ({@link matchCategory}) or the members of a {@link CATEGORY_GROUPS} group
 * (`language` → `['English', 'Francais']`). Returns `undefined` when the value names neither.
 */
export function matchCategories(value: string): readonly Category[] | undefined {
  const category = matchCategory(value);
  if (category) return [category];
  return GROUP_BY_KEY.get(categoryKey(value));
}

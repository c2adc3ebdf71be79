/**
 * The category table of the shop (CONTRACT §4). Stored course categories are always one of
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
 * Finds the canonical category for a user-typed value, ignoring case and spaces
 * (`ART` → `Art`, `Softskills` → `Soft skills`, `CREW` → `Cabin Crew`).
 * Returns `undefined` when the value names no category.
 */
export function matchCategory(value: string): Category | undefined {
  return BY_KEY.get(categoryKey(value));
}

import { matchCategory } from '@shop/shared';
import type { TFunction } from 'i18next';

/** How a category is shown in the language on screen (a value that names none, as it is). */
export function categoryLabel(t: TFunction, value: string): string {
  const category = matchCategory(value);
  return category ? t(`catalogue.categoryNames.${category}`) : value;
}

import { COUNTRIES, type Country } from '@shop/shared';
import type { TFunction } from 'i18next';

/**
 * How a country of the shipping address is named in the language on screen (issue 54: the list
 * was French in the Arabic checkout). The stored value stays the shop's French name.
 */
export function countryLabel(t: TFunction, value: string): string {
  return (COUNTRIES as readonly string[]).includes(value) ? t(`checkout.countries.${value as Country}`) : value;
}

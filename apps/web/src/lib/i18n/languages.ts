/** The shop's languages (CONTRACT §6: local storage key `lang`). */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'lang';

/** How each language names itself in the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

/** The locale given to Intl for numbers and dates (Tunisian French and Arabic, Latin digits). */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-TN', ar: 'ar-TN' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The first of the browser's languages the shop speaks (by primary subtag), else English. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The stored choice, else the browser's language (first visit). */
export function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage disabled: fall through to the browser's language.
  }
  return browserLanguage(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

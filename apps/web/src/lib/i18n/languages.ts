/** The shop's languages (kept in local storage under `lang`). */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'lang';

/** How each language names itself in the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
};

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

/** The language chosen on this device with the switch (local storage `lang`), if any. */
export function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // Storage disabled.
  }
}

/** The stored choice, else the browser's language (first visit). */
export function initialLanguage(): Language {
  return (
    storedLanguage() ??
    browserLanguage(
      typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
    )
  );
}

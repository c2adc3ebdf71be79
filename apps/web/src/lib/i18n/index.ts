import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './catalogue-type';
import { en } from './en';
import {
  directionOf,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from './languages';

export * from './languages';
export { en };
export type { Catalogue } from './catalogue-type';

/**
 * French and Arabic are separate chunks, loaded when chosen: the storefront entry carries
 * English only (the budget of `pnpm bench:web`).
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'fr', 'ar'],
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

/** Makes a language's catalogue available (a dynamic import the first time). */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const { default: catalogue } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', catalogue, true, true);
}

function applyToDocument(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Loads, switches to and remembers a language; `<html lang dir>` follows it. */
export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  applyToDocument(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage disabled: the choice lasts for this visit.
  }
}

/** The language on screen. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * Start-up: loads and applies `language` (main.tsx reads it with `initialLanguage()` in a step of
 * its own) before the first render.
 */
export async function startI18n(language: Language): Promise<Language> {
  try {
    await loadLanguage(language);
    await i18n.changeLanguage(language);
    applyToDocument(language);
    return language;
  } catch {
    // The chunk failed to load (offline): the shop still works in English.
    applyToDocument('en');
    return 'en';
  }
}

export const t = i18n.t.bind(i18n);

import { ERROR_CODES, MESSAGES } from '@shop/shared';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import ar from './ar';
import { en } from './en';
import fr from './fr';
import { courseText } from './course-text';
import { browserLanguage } from './languages';
import { translateMessage } from './messages';
import { i18n, setLanguage, type Catalogue } from './index';

const PLURAL = /_(zero|one|two|few|many|other)$/;
type Leaf = string | readonly unknown[];

/** Every leaf of a catalogue by its dotted key (arrays are leaves: compared by shape). */
function leaves(tree: unknown, prefix = ''): Map<string, Leaf> {
  const found = new Map<string, Leaf>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || Array.isArray(value)) found.set(path, value as Leaf);
    else for (const [k, v] of leaves(value, path)) found.set(k, v);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = leaves(en);

describe('catalogue layout', () => {
  it('keeps each language in the same per-feature files as English', () => {
    const files = (language: string) => readdirSync(join(dirname(fileURLToPath(import.meta.url)), language)).sort();
    expect(files('en').length).toBeGreaterThan(5);
    expect(files('fr')).toEqual(files('en'));
    expect(files('ar')).toEqual(files('en'));
  });
});
/** English keys without plural suffixes, and which of them are plurals. */
const baseKeys = new Set([...english.keys()].map((key) => key.replace(PLURAL, '')));
const pluralKeys = new Set(
  [...english.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
);

describe.each([
  ['fr', fr],
  ['ar', ar],
] as [string, Catalogue][])('the %s catalogue', (language, catalogue) => {
  const translated = leaves(catalogue);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it('has every English key, each plural in all of the language’s forms, and nothing else', () => {
    const missing: string[] = [];
    for (const key of baseKeys) {
      if (pluralKeys.has(key)) {
        for (const form of categories)
          if (!translated.has(`${key}_${form}`)) missing.push(`${key}_${form}`);
      } else if (!translated.has(key)) missing.push(key);
    }
    expect(missing).toEqual([]);
    const extra = [...translated.keys()].filter((key) => !baseKeys.has(key.replace(PLURAL, '')));
    expect(extra).toEqual([]);
  });

  it('translates every text (no empty text, same list lengths) with the English placeholders', () => {
    for (const [key, value] of translated) {
      const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
      expect(source, key).toBeDefined();
      if (Array.isArray(value)) {
        expect(value.length, key).toBe((source as readonly unknown[]).length);
        expect(JSON.stringify(value), key).not.toMatch(/""/);
        continue;
      }
      expect(String(value).trim(), key).not.toBe('');
      const wanted = placeholders(String(source));
      // A plural form may spell its number out ("دورتان"), so `count` may be missing there.
      const got = placeholders(String(value));
      if (PLURAL.test(key))
        expect(
          wanted.filter((p) => p !== 'count'),
          key,
        ).toEqual(got.filter((p) => p !== 'count'));
      else expect(got, key).toEqual(wanted);
    }
  });
});

describe('English', () => {
  it('keeps the API’s words: messages are MESSAGES, error codes are all there', () => {
    expect(en.messages).toEqual(MESSAGES);
    expect(Object.keys(en.errors).sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('plurals', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('never says "(1 reviews)" in any language, and follows each language’s forms', async () => {
    expect(i18n.t('catalogue.card.reviews', { count: 1 })).toBe('(1 review)');
    expect(i18n.t('catalogue.card.reviews', { count: 2 })).toBe('(2 reviews)');
    expect(i18n.t('catalogue.card.reviews', { count: 0 })).toBe('(0 reviews)');
    await setLanguage('fr');
    expect(i18n.t('catalogue.card.reviews', { count: 1 })).toBe('(1 avis)');
    expect(i18n.t('catalogue.detail.seatsLeft', { count: 1 })).toBe('1 place restante');
    expect(i18n.t('catalogue.detail.seatsLeft', { count: 3 })).toBe('3 places restantes');
    await setLanguage('ar');
    expect(i18n.t('catalogue.card.reviews', { count: 0 })).toBe('(لا توجد مراجعات)');
    expect(i18n.t('catalogue.card.reviews', { count: 1 })).toBe('(مراجعة واحدة)');
    expect(i18n.t('catalogue.card.reviews', { count: 2 })).toBe('(مراجعتان)');
    expect(i18n.t('catalogue.card.reviews', { count: 5 })).toBe('(5 مراجعات)');
    expect(i18n.t('catalogue.card.reviews', { count: 11 })).toBe('(11 مراجعة)');
    expect(i18n.t('catalogue.card.reviews', { count: 100 })).toBe('(100 مراجعة)');
    for (const language of ['en', 'fr', 'ar'] as const) {
      await setLanguage(language);
      for (const count of [0, 1, 2, 3, 11, 21, 101, 1000000])
        expect(i18n.t('catalogue.card.reviews', { count })).not.toMatch(/\b1 reviews/);
    }
  });
});

describe('switching', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('sets <html lang dir> and remembers the choice under `lang`', async () => {
    await setLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('lang')).toBe('ar');
    await setLanguage('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('common.nav.home')).toBe('Accueil');
  });

  it('takes the browser’s language on a first visit when the shop speaks it, else English', () => {
    expect(browserLanguage(['ar-TN', 'fr'])).toBe('ar');
    expect(browserLanguage(['de-DE', 'fr-FR'])).toBe('fr');
    expect(browserLanguage(['de-DE', 'it'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('the API’s words on screen', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows English as the server wrote it and translates other languages by message or code', async () => {
    expect(translateMessage('Not enough seats left for Python', 'SEATS_LEFT')).toBe(
      'Not enough seats left for Python',
    );
    await setLanguage('fr');
    expect(translateMessage(MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS')).toBe(
      'E-mail ou mot de passe incorrect',
    );
    expect(translateMessage('Not enough seats left for Python', 'SEATS_LEFT')).toBe(
      'Plus assez de places pour Python',
    );
    expect(translateMessage('Please enter a valid email')).toBe('Veuillez entrer un e-mail valide');
    expect(translateMessage('Cannot cancel this order: it is expired.', 'ORDER_STATE')).toBe(
      'Cette commande ne peut pas être modifiée dans son état actuel (Expirée).',
    );
    await setLanguage('ar');
    expect(translateMessage('Something the catalogue does not know', 'RATE_LIMITED')).toBe(
      'طلبات كثيرة جدًا، يرجى المحاولة لاحقًا.',
    );
    expect(translateMessage('Something the catalogue does not know')).toBe(
      'Something the catalogue does not know',
    );
  });
});

describe('course texts', () => {
  it('shows the visitor’s language and falls back to the main text', () => {
    const course = {
      name: 'Drawing',
      description: 'Lines.',
      nameFr: 'Dessin',
      nameAr: '',
      descriptionFr: '',
      descriptionAr: 'خطوط.',
    };
    expect(courseText(course, 'fr')).toEqual({ name: 'Dessin', description: 'Lines.' });
    expect(courseText(course, 'ar')).toEqual({ name: 'Drawing', description: 'خطوط.' });
    expect(courseText(course, 'en')).toEqual({ name: 'Drawing', description: 'Lines.' });
  });
});

import type { Language } from './constants.js';

/**
 * A course's name in each language an order line was sold with (issue 54): the main name, and
 * the French and Arabic ones when the course had them. Kept with the line at placement so a
 * later rename of the course changes no order, mail, invoice or certificate.
 */
export interface CourseNames {
  en: string;
  fr?: string | undefined;
  ar?: string | undefined;
}

/** Something that carries a course's name and its French and Arabic ones ('' or absent: none). */
export interface NamedInLanguages {
  name: string;
  nameFr?: string | undefined;
  nameAr?: string | undefined;
}

/** The name in `language`, else the main one. */
export function courseNameIn(item: NamedInLanguages, language: Language): string {
  const translated = language === 'fr' ? item.nameFr : language === 'ar' ? item.nameAr : '';
  return translated?.trim() || item.name;
}

/** Stored names (a jsonb object, or its text from PGlite) as NamedInLanguages, `name` the fallback. */
export function namesOf(name: string, stored: unknown): NamedInLanguages {
  const names = (typeof stored === 'string' ? safeParse(stored) : stored) as Partial<CourseNames> | null | undefined;
  return {
    name: typeof names?.en === 'string' && names.en ? names.en : name,
    nameFr: typeof names?.fr === 'string' ? names.fr : '',
    nameAr: typeof names?.ar === 'string' ? names.ar : '',
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

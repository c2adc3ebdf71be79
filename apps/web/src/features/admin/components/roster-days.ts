import { currentLanguage, INTL_LOCALES } from '@/lib/i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Tue 12 Jan": a session day (`YYYY-MM-DD`, a Tunis calendar day) in the language on screen. */
export function formatRosterDay(day: string): string {
  if (!day) return '';
  const language = currentLanguage();
  let format = formats.get(language);
  if (!format) {
    // The day is already a Tunis day: formatted at noon UTC in UTC, it is the same day everywhere.
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    formats.set(language, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}

import type { Language } from './constants.js';
import { tunisClock } from './tunis-clock.js';

/**
 * A session's schedule and place in the reader's language (issues 51 and 54), the same on the
 * course page, the cart, orders, mails, the calendar file and the company documents:
 * - with meetings, the schedule line is written from them ("Tue and Thu 18:00–20:00 · 12
 *   meetings"), in the reader's language, on Tunis clocks;
 * - else the French or Arabic text the admin gave, or the main text when there is none.
 */
export interface SessionTextSource {
  schedule: string;
  place: string;
  scheduleFr?: string | undefined;
  scheduleAr?: string | undefined;
  placeFr?: string | undefined;
  placeAr?: string | undefined;
  meetings?: readonly { startsAt: string | Date; endsAt: string | Date }[] | undefined;
}

/** Weekday indexes of `tunisClock` (0 = Sunday) in the week's order from Monday. */
const MONDAY_FIRST = [6, 0, 1, 2, 3, 4, 5];

const WEEKDAY_NAMES: Record<Language, string[]> = {
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  fr: ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.'],
  ar: ['الإثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت', 'الأحد'],
};

const AND: Record<Language, string> = { en: ' and ', fr: ' et ', ar: ' و' };

const MEETING_COUNT: Record<Language, (n: number) => string> = {
  en: (n) => `${n} meeting${n === 1 ? '' : 's'}`,
  fr: (n) => `${n} séance${n === 1 ? '' : 's'}`,
  ar: (n) => (n === 1 ? 'حصة واحدة' : n === 2 ? 'حصتان' : n <= 10 ? `${n} حصص` : `${n} حصة`),
};

function joinDays(days: string[], language: Language): string {
  if (days.length <= 1) return days.join('');
  return `${days.slice(0, -1).join(language === 'ar' ? '، ' : ', ')}${AND[language]}${days.at(-1)}`;
}

/** "Tue and Thu 18:00–20:00 · 12 meetings", from a session's meetings on Tunis clocks; '' when none. */
export function scheduleFromMeetings(
  meetings: readonly { startsAt: string | Date; endsAt: string | Date }[],
  language: Language,
): string {
  if (meetings.length === 0) return '';
  // Each distinct time range, with the weekdays it is held on, in the order they first come.
  // Tunis clocks without Intl (tunis-clock.ts): a course page's first time-zone formatter would
  // start the browser's ICU in the middle of its first render.
  const ranges = new Map<string, Set<number>>();
  for (const m of meetings) {
    const start = tunisClock(m.startsAt);
    const range = `${start.time}–${tunisClock(m.endsAt).time}`;
    const days = ranges.get(range) ?? new Set<number>();
    days.add(MONDAY_FIRST[start.weekday] ?? 0);
    ranges.set(range, days);
  }
  const names = WEEKDAY_NAMES[language];
  const parts = [...ranges].map(([range, days]) => {
    const sorted = [...days].sort((a, b) => a - b).map((d) => names[d] ?? '');
    // The clock is wrapped in a left-to-right isolate in Arabic so its digits keep their order.
    const clock = language === 'ar' ? `\u2066${range}\u2069` : range;
    return `${joinDays(sorted, language)} ${clock}`;
  });
  return `${parts.join(language === 'ar' ? '، ' : ', ')} · ${MEETING_COUNT[language](meetings.length)}`;
}

/** The schedule line in `language`: from the meetings when there are some, else the translated or main text. */
export function sessionScheduleText(session: SessionTextSource, language: Language): string {
  if (session.meetings && session.meetings.length > 0) return scheduleFromMeetings(session.meetings, language);
  const translated = language === 'fr' ? session.scheduleFr : language === 'ar' ? session.scheduleAr : '';
  return translated?.trim() || session.schedule;
}

/** The place in `language`: the translated text, or the main one. */
export function sessionPlaceText(session: SessionTextSource, language: Language): string {
  const translated = language === 'fr' ? session.placeFr : language === 'ar' ? session.placeAr : '';
  return translated?.trim() || session.place;
}

/** Whether a session is held online (its place says "Online", in any case): the link is its location. */
export function isOnlinePlace(place: string): boolean {
  return place.trim().toLowerCase() === 'online';
}

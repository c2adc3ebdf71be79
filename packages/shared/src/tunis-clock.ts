/**
 * An instant on Tunis clocks, without Intl. Tunisia keeps UTC+1 all year (no summer time since
 * 2009); `tunis-clock.test.ts` compares these fields with Intl's `Africa/Tunis` over 2024-2035,
 * so a change in the zone's rules fails it. Why not Intl: a page's first time-zone formatter
 * starts the browser's ICU, tens of milliseconds on a phone in the middle of the first render
 * (issue 54, decisions 0499 and 0500).
 */
export const TUNIS_UTC_OFFSET_MS = 60 * 60 * 1000;

export interface TunisClock {
  year: number;
  /** 0 = January. */
  month: number;
  day: number;
  /** 0 = Sunday, as `Date#getDay`. */
  weekday: number;
  /** "09:05", a 24-hour clock. */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function tunisClock(instant: string | number | Date): TunisClock {
  const at = new Date(new Date(instant).getTime() + TUNIS_UTC_OFFSET_MS);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth(),
    day: at.getUTCDate(),
    weekday: at.getUTCDay(),
    time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
  };
}

import {
  sessionPlaceText,
  sessionScheduleText,
  type NextSession,
  type OrderLineSession,
  type Session,
  type SessionTextSource,
  tunisClock,
} from '@shop/shared';
import { currentLanguage, INTL_LOCALES, type Language } from '@/lib/i18n';

/**
 * Dated sessions (issue 33) on the web: their dates are shown in Tunis time in every language,
 * with Intl in the visitor's locale (no date library: the catalogue's bundle stays light).
 */
export const SHOP_TIME_ZONE = 'Africa/Tunis';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, language: Language, options: Intl.DateTimeFormatOptions) {
  const key = `${kind}:${language}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      ...options,
      timeZone: SHOP_TIME_ZONE,
    });
    formatters.set(key, made);
  }
  return made;
}

/** en-GB's short months and weekdays, as Intl writes them ("Sept"). */
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Intl's range dash between days: thin spaces around an en dash. */
const EN_DAYS_DASH = '\u2009\u2013\u2009';

type EnglishClock = ReturnType<typeof englishClock>;

/** An instant on Tunis clocks (`@shop/shared`'s tunisClock, UTC+1 all year) with English names. */
function englishClock(iso: string) {
  const at = tunisClock(iso);
  return { ...at, month: EN_MONTHS[at.month] ?? '', weekday: EN_WEEKDAYS[at.weekday] ?? '' };
}

/**
 * Session dates in English are written without Intl, as English prices are (lib/format.ts): a
 * page's first Intl formatter starts the browser's ICU, 45-65 ms on this host and four times that
 * on a phone, one long task in the middle of the first render (Lighthouse TBT, issue 54; decision
 * 0499). The same texts as Intl's en-GB on Tunis clocks. French and Arabic keep Intl (their prices
 * start ICU anyway).
 */
const english = {
  /** "12 Jan 2027 – 20 Mar 2027" shortened as Intl does; one day: "12 Jan 2027". */
  days(start: EnglishClock, end: EnglishClock): string {
    const last = `${end.day} ${end.month} ${end.year}`;
    if (start.year !== end.year) return `${start.day} ${start.month} ${start.year}${EN_DAYS_DASH}${last}`;
    if (start.month !== end.month) return `${start.day} ${start.month}${EN_DAYS_DASH}${last}`;
    if (start.day !== end.day) return `${start.day}${EN_DAYS_DASH}${last}`;
    return last;
  },
  /** "09:00–17:00" within one day ("09:00" when both are the same minute); null across days. */
  hours(start: EnglishClock, end: EnglishClock): string | null {
    if (start.year !== end.year || start.month !== end.month || start.day !== end.day) return null;
    return start.time === end.time ? start.time : `${start.time}\u2013${end.time}`;
  },
};

/** "12 Jan" (the card's next start), in Tunis time. */
export function formatShortDay(iso: string): string {
  const language = currentLanguage();
  if (language === 'en') {
    const { day, month } = englishClock(iso);
    return `${day} ${month}`;
  }
  return formatter('short-day', language, { day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** The hours of a day, on a 24-hour clock in every language (fr-TN and ar-TN would say 9:00 AM and 6:00 م). */
const hoursOf = (language: Language) =>
  formatter('session-time', language, { timeStyle: 'short', hourCycle: 'h23' });

/** "12 Jan 2027 – 20 Mar 2027": a session's days, in Tunis time; one day: its day and hours. */
export function formatSessionDates(session: Pick<OrderLineSession, 'startsAt' | 'endsAt'>): string {
  const language = currentLanguage();
  if (language === 'en') {
    const start = englishClock(session.startsAt);
    const end = englishClock(session.endsAt);
    const hours = english.hours(start, end);
    const days = english.days(start, end);
    return hours === null ? days : `${days}, ${hours}`;
  }
  const days = formatter('session-days', language, { day: 'numeric', month: 'short', year: 'numeric' });
  const start = new Date(session.startsAt);
  const end = new Date(session.endsAt);
  if (days.format(start) === days.format(end)) return `${days.format(start)}, ${hoursOf(language).formatRange(start, end)}`;
  return days.formatRange(start, end);
}

/** A session the course page and the cart offer: open, with seats, not ended. */
export function isBookable(session: Session, now = Date.now()): boolean {
  return session.status === 'open' && session.seatsLeft > 0 && Date.parse(session.endsAt) > now;
}

/** A course's sessions as the detail answers them (none for a course sold as one number). */
export function sessionsOf(course: object | undefined): Session[] {
  return (course as { sessions?: Session[] } | undefined)?.sessions ?? [];
}

/** A course's next session as the list answers it (null: dates on request). */
export function nextSessionOf(course: object): NextSession | null {
  return (course as { nextSession?: NextSession | null }).nextSession ?? null;
}

/** The session of an order line as the order keeps it (null for a course without sessions). */
export function lineSessionOf(line: object): OrderLineSession | null {
  return (line as { session?: OrderLineSession | null }).session ?? null;
}

/** What a cart line keeps of its session: the order line's shape. */
export function sessionOfLine({
  _id,
  startsAt,
  endsAt,
  schedule,
  place,
}: Session): OrderLineSession {
  return { _id, startsAt, endsAt, schedule, place };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The parts of an instant on Tunis clocks, from Intl (the admin's date fields: any zone rule). */
function tunisParts(at: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** An instant as a `datetime-local` value on Tunis clocks (`2027-01-12T18:00`). */
export function toTunisInput(iso: string): string {
  const p = tunisParts(new Date(iso));
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A `datetime-local` value read on Tunis clocks, as an ISO instant with Tunis's offset at that
 * moment (`2027-01-12T18:00:00+01:00`); '' when the value is not a date and time.
 */
export function fromTunisInput(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return '';
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Tunis's offset at that moment: what its clocks show minus UTC's (read twice near a change).
  const offsetAt = (t: number) => {
    const p = tunisParts(new Date(t));
    return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - t) / 60_000;
  };
  const offset = offsetAt(asUtc - offsetAt(asUtc) * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A session's schedule line in the language on screen: from its meetings, else its translation (issues 51, 54). */
export function scheduleOf(session: SessionTextSource): string {
  return sessionScheduleText(session, currentLanguage());
}

/** A session's place in the language on screen (issue 54). */
export function placeOf(session: SessionTextSource): string {
  return sessionPlaceText(session, currentLanguage());
}

/** The next `count` meetings of a session not ended yet (issue 51), as "Tue 12 Jan, 18:00–20:00" in Tunis time. */
export function nextMeetings(session: Pick<Session, 'meetings'>, count = 3, now = Date.now()): string[] {
  const language = currentLanguage();
  const text = (m: { startsAt: string; endsAt: string }) => {
    if (language === 'en') {
      const start = englishClock(m.startsAt);
      const hours = english.hours(start, englishClock(m.endsAt));
      if (hours !== null) return `${start.weekday} ${start.day} ${start.month}, ${hours}`;
    }
    const day = formatter('meeting-day', language, { weekday: 'short', day: 'numeric', month: 'short' });
    const start = new Date(m.startsAt);
    return `${day.format(start)}, ${hoursOf(language).formatRange(start, new Date(m.endsAt))}`;
  };
  return (session.meetings ?? [])
    .filter((m) => Date.parse(m.endsAt) > now)
    .slice(0, count)
    .map(text);
}

import ical, { ICalEventStatus, type ICalLuxonDateTimeStub } from 'ical-generator';
import { courseNameIn, isOnlinePlace, sessionPlaceText, sessionScheduleText, type Language } from '@shop/shared';
import type { OrderRecord } from './orders.repository.js';

/** The calendar's name (X-WR-CALNAME) as a calendar app lists it, in the reader's language (issue 54). */
export const CALENDAR_NAME: Record<Language, string> = {
  en: 'Course sessions',
  fr: 'Séances de formation',
  ar: 'حصص الدورات',
};

/** The centre's time zone: sessions are written on Tunis clocks (decision 0391). */
export const CALENDAR_TIME_ZONE = 'Africa/Tunis';
/** Tunisia's only offset since 2009 (no summer time): the VTIMEZONE's one STANDARD component. */
const TUNIS_OFFSET = '+01:00';

/**
 * Africa/Tunis as an RFC 5545 VTIMEZONE: one fixed STANDARD component, UTC+01:00 all year
 * (Tunisia has had no summer time since 2009). ical-generator calls this for every TZID in use.
 */
export function tunisVtimezone(tzid: string): string | null {
  if (tzid !== CALENDAR_TIME_ZONE) return null;
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${CALENDAR_TIME_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0100',
    'TZNAME:CET',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    zoneFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone, read with Intl (never the machine's zone). */
export function wallClock(instant: Date, zone: string) {
  const parts = Object.fromEntries(
    zoneFormatter(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const offset = /^GMT([+-]\d\d:\d\d)?$/.exec(parts.timeZoneName ?? '')?.[1] ?? '+00:00';
  return {
    date: `${parts.year}${parts.month}${parts.day}`,
    time: `${parts.hour}${parts.minute}${parts.second}`,
    offset,
  };
}

/**
 * An instant shaped like the Luxon DateTime ical-generator documents for time zones
 * (`ICalLuxonDateTimeStub`: it calls `setZone(tzid)` then `toFormat('yyyyLLdd')` / `toFormat('HHmmss')`),
 * its local fields computed by Intl in that zone.
 */
function zonedInstant(instant: Date, zone = 'UTC'): ICalLuxonDateTimeStub {
  const clock = wallClock(instant, zone);
  return {
    isValid: true,
    zone: { type: zone === 'UTC' ? 'fixed' : 'iana' },
    setZone: (next?: string) => zonedInstant(instant, next ?? 'UTC'),
    toFormat: (format: string) => {
      if (format === 'yyyyLLdd') return clock.date;
      if (format === 'HHmmss') return clock.time;
      throw new Error(`Unsupported calendar date format ${format}`);
    },
    toJSDate: () => new Date(instant.getTime()),
    toJSON: () => instant.toISOString(),
  };
}

/** A session an order no longer has (the learner was moved out of it). */
export interface WithdrawnSession {
  id: string;
  course: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The order's sessions as an iCalendar file (RFC 5545): one VEVENT per line with a session,
 * SUMMARY the course, LOCATION the place, DESCRIPTION the schedule. Times are written on Tunis
 * clocks, `DTSTART;TZID=Africa/Tunis:…` with the VTIMEZONE in the file (decision 0391, revising
 * 0303); should Intl ever give Tunis another offset than the VTIMEZONE's for a session, that
 * event falls back to UTC instants so the moment stays right. UIDs are stable (order and
 * session), so importing the file again updates the events instead of doubling them. Null when
 * no line has a session.
 */
export function orderCalendar(
  order: OrderRecord,
  appUrl: string,
  now: Date,
  /** Sessions the order left (a learner moved, decision 0399): written CANCELLED, SEQUENCE 1, under their old UID. */
  withdrawn: readonly WithdrawnSession[] = [],
  /** The events' page (`URL`) when no meeting link: the order page, or the course page for a learner who cannot open the order. */
  pageUrl = `${appUrl}/order/${order.id}`,
  /** Issue 54: who reads it (the account downloading it); default the buyer's language, as the mails. */
  language: Language = order.userLanguage,
): string | null {
  const lines = order.lines.filter((l) => l.session);
  if (lines.length === 0) return null;
  const calendar = ical({
    prodId: { company: 'course-shop', product: 'sessions', language: 'EN' },
    name: CALENDAR_NAME[language],
    // No calendar-wide zone name: DTSTAMP stays in UTC as RFC 5545 requires; the generator
    // writes a VTIMEZONE for every event zone.
    timezone: { name: null, generator: tunisVtimezone },
  });
  const host = new URL(appUrl).hostname || 'shop';
  // Issue 51: the online link only for a paid order (never to a pending one).
  const paid = order.isPaid && (order.status === 'paid' || order.status === 'learned');
  for (const line of lines) {
    const session = line.session;
    if (!session) continue;
    const meetingUrl = paid ? (session.meetingUrl ?? null) : null;
    const place = sessionPlaceText(session, language);
    const common = {
      stamp: now,
      summary: courseNameIn(line, language),
      location: meetingUrl && isOnlinePlace(session.place) ? meetingUrl : place,
      description: sessionScheduleText(session, language),
      url: meetingUrl ?? pageUrl,
    };
    // Issue 51: a session that lists its meetings is one VEVENT per meeting (UID per meeting);
    // otherwise one event from its start to its end, as before.
    const spans =
      session.meetings && session.meetings.length > 0
        ? session.meetings.map((m, index) => ({
            id: `${order.id}-${session.id}-${index + 1}@${host}`,
            start: new Date(m.startsAt),
            end: new Date(m.endsAt),
          }))
        : [{ id: `${order.id}-${session.id}@${host}`, start: session.startsAt, end: session.endsAt }];
    for (const span of spans) {
      const inTunis =
        wallClock(span.start, CALENDAR_TIME_ZONE).offset === TUNIS_OFFSET &&
        wallClock(span.end, CALENDAR_TIME_ZONE).offset === TUNIS_OFFSET;
      calendar.createEvent({
        ...common,
        id: span.id,
        start: zonedInstant(span.start),
        end: zonedInstant(span.end),
        timezone: inTunis ? CALENDAR_TIME_ZONE : null,
      });
    }
  }
  for (const gone of withdrawn) {
    calendar.createEvent({
      id: `${order.id}-${gone.id}@${host}`,
      start: gone.startsAt,
      end: gone.endsAt,
      stamp: now,
      sequence: 1,
      status: ICalEventStatus.CANCELLED,
      summary: gone.course,
      url: pageUrl,
    });
  }
  return calendar.toString();
}

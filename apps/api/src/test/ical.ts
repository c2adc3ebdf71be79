import ICAL from 'ical.js';

/**
 * The events of an iCalendar text, read by a real RFC 5545 parser (ical.js). ical.js resolves a
 * TZID with the file's own VTIMEZONE, so the instants below depend on its offsets (not on the
 * machine's zone: run with TZ=UTC and TZ=America/New_York).
 */
export function calendarEvents(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startZone: event.startDate.zone?.tzid,
      endZone: event.endDate.zone?.tzid,
      stamp: v.getFirstPropertyValue('dtstamp')?.toString(),
      uid: event.uid,
    };
  });
}

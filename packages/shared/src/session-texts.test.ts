import { describe, expect, it } from 'vitest';
import { scheduleFromMeetings } from './session-texts.js';

const meeting = (startsAt: string, hours: number) => ({
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + hours * 3_600_000).toISOString(),
});

describe('scheduleFromMeetings', () => {
  it('writes the weekdays of each time range on Tunis clocks, Monday first, in each language', () => {
    // Sun 10 Jan 2027 and Tue 12 Jan, 17:00 UTC = 18:00 in Tunis; a Thursday at another hour.
    const meetings = [
      meeting('2027-01-12T17:00:00.000Z', 2),
      meeting('2027-01-10T17:00:00.000Z', 2),
      meeting('2027-01-14T08:30:00.000Z', 3),
    ];
    expect(scheduleFromMeetings(meetings, 'en')).toBe('Tue and Sun 18:00–20:00, Thu 09:30–12:30 · 3 meetings');
    expect(scheduleFromMeetings(meetings, 'fr')).toBe('mar. et dim. 18:00–20:00, jeu. 09:30–12:30 · 3 séances');
    expect(scheduleFromMeetings(meetings, 'ar')).toBe(
      'الثلاثاء والأحد \u206618:00–20:00\u2069، الخميس \u206609:30–12:30\u2069 · 3 حصص',
    );
  });

  it("counts a meeting at 23:30 UTC on Tunis's next day", () => {
    expect(scheduleFromMeetings([meeting('2027-01-11T23:30:00.000Z', 1)], 'en')).toBe('Tue 00:30–01:30 · 1 meeting');
    expect(scheduleFromMeetings([], 'en')).toBe('');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { setLanguage } from '@/lib/i18n';
import { aSession } from '@/testing/sessions';
import {
  formatSessionDates,
  formatShortDay,
  fromTunisInput,
  nextMeetings,
  isBookable,
  toTunisInput,
} from './sessions';

describe('session dates (issue 33)', () => {
  afterEach(() => setLanguage('en'));

  it('reads and writes datetime-local values on Tunis clocks (UTC+1)', () => {
    expect(fromTunisInput('2027-01-12T18:00')).toBe('2027-01-12T18:00:00+01:00');
    expect(fromTunisInput('2027-07-01T09:30')).toBe('2027-07-01T09:30:00+01:00');
    expect(fromTunisInput('not a date')).toBe('');
    expect(toTunisInput('2027-01-12T17:00:00.000Z')).toBe('2027-01-12T18:00');
    // 23:30 UTC is already the next day in Tunis.
    expect(toTunisInput('2027-01-11T23:30:00.000Z')).toBe('2027-01-12T00:30');
    expect(new Date(fromTunisInput(toTunisInput('2027-05-03T06:15:00.000Z'))).toISOString()).toBe(
      '2027-05-03T06:15:00.000Z',
    );
  });

  it("writes an English card's day as Intl does on Africa/Tunis clocks, without Intl (every 5 hours, 2024–2035)", () => {
    const tunis = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Tunis',
      day: 'numeric',
      month: 'short',
    });
    const mismatches: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2036, 0, 1); t += 5 * 60 * 60 * 1000) {
      const iso = new Date(t).toISOString();
      if (formatShortDay(iso) !== tunis.format(new Date(t))) mismatches.push(iso);
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(formatShortDay('2026-09-30T22:59:00.000Z')).toBe('30 Sept');
    expect(formatShortDay('2026-09-30T23:00:00.000Z')).toBe('1 Oct');
  });

  it('writes English session days, hours and meetings as Intl does on Africa/Tunis clocks, without Intl', () => {
    const tunis = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', ...options });
    const days = tunis({ day: 'numeric', month: 'short', year: 'numeric' });
    const hours = tunis({ timeStyle: 'short', hourCycle: 'h23' });
    const weekday = tunis({ weekday: 'short', day: 'numeric', month: 'short' });
    const intlDates = (a: Date, b: Date) =>
      days.format(a) === days.format(b) ? `${days.format(a)}, ${hours.formatRange(a, b)}` : days.formatRange(a, b);
    // A fixed walk through 2024-2035: starts on quarter hours, lengths from none to two years,
    // so the pairs fall within a day, a month, a year and across years.
    const lengths = [0, 15, 90, 8 * 60, 23 * 60, 26 * 60, 9 * 24 * 60, 40 * 24 * 60, 400 * 24 * 60, 800 * 24 * 60];
    const mismatches: string[] = [];
    let t = Date.UTC(2024, 0, 1);
    for (let i = 0; t < Date.UTC(2036, 0, 1); i += 1) {
      t += (37 + (i % 11) * 15) * 60 * 60 * 1000 + (i % 4) * 15 * 60 * 1000;
      const start = new Date(t);
      const end = new Date(t + (lengths[i % lengths.length] ?? 0) * 60 * 1000);
      const session = { startsAt: start.toISOString(), endsAt: end.toISOString() };
      if (formatSessionDates(session) !== intlDates(start, end))
        mismatches.push(`${session.startsAt} ${session.endsAt}: ${formatSessionDates(session)}`);
      const [meeting] = nextMeetings({ meetings: [session] }, 1, 0);
      if (meeting !== `${weekday.format(start)}, ${hours.formatRange(start, end)}`)
        mismatches.push(`meeting ${session.startsAt} ${session.endsAt}: ${meeting}`);
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(
      formatSessionDates({ startsAt: '2027-01-12T08:00:00.000Z', endsAt: '2027-01-20T16:00:00.000Z' }),
    ).toBe('12\u2009\u2013\u200920 Jan 2027');
    expect(
      nextMeetings({ meetings: [{ startsAt: '2027-01-12T17:00:00.000Z', endsAt: '2027-01-12T19:00:00.000Z' }] }, 1, 0),
    ).toEqual(['Tue 12 Jan, 18:00\u201320:00']);
  });

  it('shows days in Tunis time in each language', async () => {
    expect(formatShortDay('2027-01-11T23:30:00.000Z')).toBe('12 Jan');
    expect(formatSessionDates(aSession())).toMatch(/^12 Jan\s–\s20 Mar 2027$/);
    // A one-day session shows its day and hours.
    expect(
      formatSessionDates({
        startsAt: '2027-01-12T08:00:00.000Z',
        endsAt: '2027-01-12T16:00:00.000Z',
      }),
    ).toMatch(/^12 Jan 2027, 09:00\s?–\s?17:00$/);
    await setLanguage('fr');
    expect(formatShortDay('2027-01-11T23:30:00.000Z')).toBe('12 janv.');
    await setLanguage('ar');
    expect(formatSessionDates(aSession())).toMatch(/12 جانفي\s–\s20 مارس 2027/);
  });

  it('writes hours on a 24-hour clock in every language, as in Tunisia (no AM/PM)', async () => {
    const oneDay = { startsAt: '2027-01-12T08:00:00.000Z', endsAt: '2027-01-12T17:30:00.000Z' };
    await setLanguage('fr');
    expect(formatSessionDates(oneDay)).toMatch(/09:00\s?–\s?18:30$/);
    // (formatDateTime writes the viewer's own clock.)
    expect(formatDateTime('2027-01-12T17:30:00.000Z')).toMatch(/, \d{2}:30$/);
    await setLanguage('ar');
    expect(formatSessionDates(oneDay)).toMatch(/09:00\s?–\s?18:30/);
    expect(formatDateTime('2027-01-12T17:30:00.000Z')).toMatch(/\d{2}:30$/);
  });

  it('offers only open sessions with seats that have not ended', () => {
    const now = Date.parse('2027-02-01T00:00:00.000Z');
    expect(isBookable(aSession(), now)).toBe(true);
    expect(isBookable(aSession({ seatsLeft: 0 }), now)).toBe(false);
    expect(isBookable(aSession({ status: 'cancelled' }), now)).toBe(false);
    expect(isBookable(aSession({ endsAt: '2027-01-31T00:00:00.000Z' }), now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { tunisClock } from './tunis-clock.js';

describe('tunisClock', () => {
  it("reads Intl's Africa/Tunis day, weekday and 24-hour time, every 10 hours 13 minutes over 2024-2035", () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Africa/Tunis',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const mismatches: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2036, 0, 1); t += 613 * 60 * 1000) {
      const parts = Object.fromEntries(intl.formatToParts(t).map((p) => [p.type, p.value]));
      const expected = {
        year: Number(parts.year),
        month: Number(parts.month) - 1,
        day: Number(parts.day),
        weekday: weekdays.indexOf(parts.weekday ?? ''),
        time: `${parts.hour}:${parts.minute}`,
      };
      const clock = tunisClock(t);
      if (JSON.stringify(clock) !== JSON.stringify(expected)) {
        mismatches.push(`${new Date(t).toISOString()}: ${JSON.stringify(clock)} ≠ ${JSON.stringify(expected)}`);
        if (mismatches.length === 3) break;
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('takes ISO texts, milliseconds and dates alike, and turns the day at 23:00 UTC', () => {
    expect(tunisClock('2026-09-30T22:59:00.000Z')).toEqual({ year: 2026, month: 8, day: 30, weekday: 3, time: '23:59' });
    expect(tunisClock(new Date('2026-09-30T23:00:00.000Z'))).toEqual({ year: 2026, month: 9, day: 1, weekday: 4, time: '00:00' });
    expect(tunisClock(Date.UTC(2026, 11, 31, 23, 5))).toEqual({ year: 2027, month: 0, day: 1, weekday: 5, time: '00:05' });
  });
});

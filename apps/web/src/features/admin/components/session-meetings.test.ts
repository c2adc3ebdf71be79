import { describe, expect, it } from 'vitest';
import { generateMeetings } from './session-meetings';

describe('generateMeetings (issue 51)', () => {
  it('writes Tue and Thu 18:00–20:00 for two weeks, inside the session only', () => {
    // Tue 12 Jan 2027 18:00 to Thu 21 Jan 2027 20:00; Tue = 1, Thu = 3.
    expect(generateMeetings('2027-01-12T18:00', '2027-01-21T20:00', [1, 3], '18:00', '20:00')).toEqual([
      { startsAt: '2027-01-12T18:00', endsAt: '2027-01-12T20:00' },
      { startsAt: '2027-01-14T18:00', endsAt: '2027-01-14T20:00' },
      { startsAt: '2027-01-19T18:00', endsAt: '2027-01-19T20:00' },
      { startsAt: '2027-01-21T18:00', endsAt: '2027-01-21T20:00' },
    ]);
    // A first day that starts after the hours asked leaves that day out.
    expect(generateMeetings('2027-01-12T19:00', '2027-01-14T20:00', [1, 3], '18:00', '20:00')).toEqual([
      { startsAt: '2027-01-14T18:00', endsAt: '2027-01-14T20:00' },
    ]);
  });

  it('gives nothing without weekdays or dates, and at most 200', () => {
    expect(generateMeetings('2027-01-12T18:00', '2027-01-21T20:00', [], '18:00', '20:00')).toEqual([]);
    expect(generateMeetings('', '2027-01-21T20:00', [1], '18:00', '20:00')).toEqual([]);
    expect(generateMeetings('2027-01-01T00:00', '2029-01-01T00:00', [0, 1, 2, 3, 4, 5, 6], '09:00', '10:00')).toHaveLength(200);
  });
});

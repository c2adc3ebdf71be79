/**
 * The meetings a session's form generates (issue 51): every day from the session's start day to
 * its end day whose weekday is chosen (0 = Monday … 6 = Sunday), from `from` to `to` (HH:MM), as
 * `datetime-local` values on Tunis clocks. The calendar walk is done on the dates themselves
 * (UTC noon), so no clock change can skip or repeat a day.
 */
export function generateMeetings(
  startsAt: string,
  endsAt: string,
  weekdays: readonly number[],
  from: string,
  to: string,
): { startsAt: string; endsAt: string }[] {
  const first = /^(\d{4}-\d{2}-\d{2})T/.exec(startsAt)?.[1];
  const last = /^(\d{4}-\d{2}-\d{2})T/.exec(endsAt)?.[1];
  if (!first || !last || weekdays.length === 0 || !/^\d{2}:\d{2}$/.test(from) || !/^\d{2}:\d{2}$/.test(to)) return [];
  const meetings: { startsAt: string; endsAt: string }[] = [];
  for (
    let day = new Date(`${first}T12:00:00Z`);
    day.toISOString().slice(0, 10) <= last && meetings.length < 200;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    const weekday = (day.getUTCDay() + 6) % 7;
    if (!weekdays.includes(weekday)) continue;
    const date = day.toISOString().slice(0, 10);
    const meeting = { startsAt: `${date}T${from}`, endsAt: `${date}T${to}` };
    // Only meetings inside the session (its first and last day may start late or end early).
    if (meeting.startsAt >= startsAt && meeting.endsAt <= endsAt) meetings.push(meeting);
  }
  return meetings;
}

import ical from 'ical-generator';
import type { OrderRecord } from '../orders/orders.repository.js';

/**
 * The order's sessions as an iCalendar file (RFC 5545): one VEVENT per line with a session,
 * SUMMARY the course, LOCATION the place, DESCRIPTION the schedule. Times are UTC instants
 * (`…Z`, decision 0303): every calendar shows them in its own zone, Tunis time for the centre's
 * learners, with no time-zone table to keep. UIDs are stable (order and session), so importing the
 * file again updates the events instead of doubling them. Null when no line has a session.
 */
export function orderCalendar(order: OrderRecord, appUrl: string, now: Date): string | null {
  const lines = order.lines.filter((l) => l.session);
  if (lines.length === 0) return null;
  const calendar = ical({
    prodId: { company: 'course-shop', product: 'sessions', language: 'EN' },
    name: 'Course sessions',
  });
  const host = new URL(appUrl).hostname || 'shop';
  for (const line of lines) {
    const session = line.session;
    if (!session) continue;
    calendar.createEvent({
      id: `${order.id}-${session.id}@${host}`,
      start: session.startsAt,
      end: session.endsAt,
      stamp: now,
      summary: line.name,
      location: session.place,
      description: session.schedule,
      url: `${appUrl}/order/${order.id}`,
    });
  }
  return calendar.toString();
}

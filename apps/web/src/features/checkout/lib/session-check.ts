import type { CourseDetail } from '@shop/shared';
import { isBookable, sessionsOf } from '@/lib/sessions';
import type { CartItem } from '@/stores/cart-slice';
import { withOffers, type WaitlistOffers } from '@/lib/waitlist';

/**
 * Why a cart line cannot be ordered as it is, judged against the course's current sessions
 * (issue 33): its session filled, has fewer seats than the line holds, was cancelled or ended,
 * or the course now runs in sessions and the line has none. Null: the line is fine (or the
 * course is not known yet: the server judges the order anyway).
 */
export type SessionProblem =
  | { kind: 'full' }
  | { kind: 'fewer'; seatsLeft: number }
  | { kind: 'cancelled' }
  | { kind: 'ended' }
  | { kind: 'noSession' };

export function sessionProblem(
  item: CartItem,
  course: CourseDetail | undefined,
  /** Issue 34: seats held for the customer by waitlist offers, counted with the seats left. */
  offers: WaitlistOffers = new Map(),
  now = Date.now(),
): SessionProblem | null {
  if (!course) return null;
  const sessions = withOffers(sessionsOf(course), offers);
  if (!item.session) return sessions.some((s) => isBookable(s, now)) ? { kind: 'noSession' } : null;
  const current = sessions.find((s) => s._id === item.session?._id);
  // The course page lists sessions not ended nor cancelled: one gone from it is one of those.
  if (!current)
    return Date.parse(item.session.endsAt) <= now ? { kind: 'ended' } : { kind: 'cancelled' };
  if (current.status === 'cancelled') return { kind: 'cancelled' };
  if (Date.parse(current.endsAt) <= now) return { kind: 'ended' };
  if (current.status === 'full' || current.seatsLeft <= 0) return { kind: 'full' };
  if (current.seatsLeft < item.qty) return { kind: 'fewer', seatsLeft: current.seatsLeft };
  return null;
}

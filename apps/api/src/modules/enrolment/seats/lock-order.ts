/**
 * The enrolment's one lock order, defined here and nowhere else in the code (docs/architecture.md
 * draws it; scripts/lint/modules.test.ts checks that the page says the same and that no other
 * source file spells it out). Every transaction that locks more than one of these rows takes
 * them in this order, each kind in id order, so no two of them deadlock:
 *
 * - placing an order: the order statement's CTEs lock its courses, then `locked_sessions`, then
 *   the buyer's waitlist offers (`buyer_offers`) (orders/orders.repository.ts); the buyer's own
 *   row (`lockBuyer`, fair holds) is taken before all of them, and the new order is not locked;
 * - changing an order's state (pay, cancel, expire, retake, refund, learn): the order's row first,
 *   then its courses and sessions (`lockSessionsOfOrder`; `FOR SHARE` for a learn), then the
 *   waitlist rows offered the freed seats (`offerFreedSeats`) (orders/order-states.repository.ts);
 * - a move between sessions: the order's row, then both sessions, then waitlist rows (moves/);
 * - an admin's capacity edit, joining, leaving and the lapse sweeper of a waitlist: sessions, then
 *   waitlist rows (sessions/, seats/waitlist.repository.ts);
 * - a session's cancel locks the session alone, commits, then cancels each order holding it in
 *   that order's own transaction (session-cancel/), so it never holds a session while waiting
 *   for an order.
 *
 * `payments` takes an order's lock only through enrolment's functions, never its own.
 */
export const LOCK_ORDER = ['order', 'courses', 'sessions', 'waitlist rows'] as const;

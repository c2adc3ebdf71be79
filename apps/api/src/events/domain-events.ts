/**
 * The domain events of the API (issue 50): what a committed change tells the rest of the app.
 * Each is recorded by the writer inside its transaction and delivered to the subscribers that
 * app.ts registers only once that transaction has committed (events/event-bus.ts). Payloads are
 * ids and plain facts, not rows: a subscriber reads what it needs after the commit. One exception,
 * `orderPlaced`, carries the order as placed (decision 0496): its mail tells exactly that, and
 * reading it back made placing an order cost a third more CPU.
 */

/**
 * The order as placed, which `orderPlaced` carries. Empty here so this file imports nothing from
 * the modules (the bus sits below them): enrolment declares it to be its order record
 * (module augmentation in enrolment/orders/orders.types.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by enrolment's augmentation
export interface PlacedOrder {}

/** An event that is its name alone. */
type NoPayload = Record<never, never>;

export interface DomainEventMap {
  /** A course's catalogue answer changed: seats, price, text, rating, sessions, created or deleted. */
  courseChanged: NoPayload;
  /** Seats were freed or offered to a waitlist (a cancel, an expiry, a capacity raised): the offers' mails can go now. */
  waitlistOffersChanged: NoPayload;
  /** Waitlist offers lapsed unused and passed on; `lapsed`: who lost which offer (they are told). */
  waitlistOffersLapsed: { lapsed: WaitlistLeaver[] };
  /** A session was cancelled and its waitlist emptied; `waited`: who was waiting (they are told). */
  sessionCancelled: { sessionId: string; waited: WaitlistLeaver[] };
  /** An order was placed (its seats taken, its coupon use counted). */
  orderPlaced: { orderId: string; /** The order as its transaction wrote it. */ placed: PlacedOrder };
  /** An order was paid (one that had expired also records courseChanged: its seats were taken again). */
  orderPaid: { orderId: string };
  /**
   * An order was cancelled. `session`: cancelled because that session was (the learner is told
   * of the session, not of an order cancel).
   */
  orderCancelled: { orderId: string; session?: { id: string; startsAt: string } };
  /** Learners were named on a paid order's line (issue 51): they are told of their seat. */
  learnersAdded: { orderId: string };
  /** A transfer receipt was refused with a reason: whoever pays is told, in their language. */
  proofRejected: { orderId: string; reason: string; at: string };
  /** A child buyer asked an adult to pay: the link (its token, single use) goes to `email`. */
  payerRequested: { orderId: string; email: string; token: string };
  /** Pending orders whose hold ended were expired (their seats given back). */
  ordersExpired: { orderIds: string[] };
  /** A certificate was issued (an order learned) or issued again (a corrected name). */
  certificateIssued: { certificateId: string };
  /** Money the order cannot take was recorded as owed back (provider and reference name the refund). */
  refundDue: { orderId: string; provider: string; reference: string | null };
  /** A refund owed was recorded as made, with its credit note's number. */
  refundMade: { orderId: string; creditNoteNumber: string };
  /** A learner was moved from one session to another of the same course. */
  learnerMoved: { orderId: string; toSessionId: string; from: { id: string; startsAt: string; endsAt: string }; at: string };
}

/** Someone who left a session's waitlist with the seats offered to them then (0: none). */
export interface WaitlistLeaver {
  sessionId: string;
  userId: string;
  offerSeats: number;
}

export type DomainEventName = keyof DomainEventMap;

/** One event: its name and its payload, as a discriminated union on `type`. */
export type DomainEvent = { [K in DomainEventName]: { type: K } & DomainEventMap[K] }[DomainEventName];

/** The event of name `K`. */
export type DomainEventOf<K extends DomainEventName> = Extract<DomainEvent, { type: K }>;

/**
 * The waitlist's seat moves that other modules make inside their own transactions (issue 34;
 * docs/decisions/0362): orders place with the buyer's offer counted, and any code that frees
 * seats of a session (a cancel, an expiry, a learner moved to another session) calls
 * `offerFreedSeats(tx, sessionIds)` in the same transaction, then `waitlistOffersChanged(ctx)`
 * once committed. Imports no other module's services, so orders can use it without a cycle.
 */
export {
  buyerLeavesWaitlistsCte,
  buyerOfferSeats,
  buyerOffersCte,
  offerFreedSeats,
  waitingCounts,
} from './waitlist.repository.js';
export { waitlistOffersChanged } from './waitlist.service.js';

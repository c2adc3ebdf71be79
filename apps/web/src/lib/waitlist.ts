import type { Session, WaitlistEntry } from '@shop/shared';
import { useMemo } from 'react';
import { useGetMyWaitlistQuery } from '@/lib/api/waitlist';
import { useAppSelector } from '@/stores/hooks';

/** Seats held for the signed-in customer by a waitlist offer (issue 34), by session id. */
export type WaitlistOffers = ReadonlyMap<string, number>;

const NONE: WaitlistOffers = new Map();

/** The offers of a customer's waitlists that are still running at `now`. */
export function offersOf(
  entries: readonly WaitlistEntry[] | undefined,
  now = Date.now(),
): WaitlistOffers {
  const offers = new Map<string, number>();
  for (const entry of entries ?? []) {
    const { offer } = entry;
    if (offer && (offer.expiresAt === null || Date.parse(offer.expiresAt) > now))
      offers.set(entry.session._id, offer.seats);
  }
  return offers.size > 0 ? offers : NONE;
}

/**
 * The sessions as the customer can book them: seats held for them by an offer count with the
 * seats left (the server does the same when the order is placed), and such a session is open.
 */
export function withOffers(sessions: Session[], offers: WaitlistOffers): Session[] {
  if (offers.size === 0) return sessions;
  return sessions.map((s) => {
    const held = offers.get(s._id);
    return held && s.status !== 'cancelled'
      ? { ...s, seatsLeft: s.seatsLeft + held, status: 'open' }
      : s;
  });
}

/** The signed-in customer's waitlists (none when signed out), and their running offers. */
export function useMyWaitlist() {
  const signedIn = useAppSelector((s) => !!s.user.userInfo);
  const query = useGetMyWaitlistQuery(undefined, {
    skip: !signedIn,
    refetchOnMountOrArgChange: true,
  });
  const entries = signedIn ? query.data : undefined;
  const offers = useMemo(() => offersOf(entries), [entries]);
  return { signedIn, entries, offers, loading: signedIn && query.isLoading, query };
}

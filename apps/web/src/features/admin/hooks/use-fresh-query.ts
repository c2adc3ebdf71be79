import { useState } from 'react';

/**
 * True once the query has an answer fetched after this screen opened. An edit form waits for
 * that (never starting from an older cache entry), and then stays mounted through later
 * refetches, such as the one a refused update triggers, so the admin's typing and the
 * server's field errors stay on screen.
 */
export function useFreshSince(fulfilledTimeStamp: number | undefined): boolean {
  const [openedAt] = useState(() => Date.now());
  return fulfilledTimeStamp !== undefined && fulfilledTimeStamp >= openedAt;
}

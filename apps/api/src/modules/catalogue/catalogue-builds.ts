import { MESSAGES } from '@shop/shared';
import pLimit from 'p-limit';
import { AppError } from '../../errors.js';

/** Runs a catalogue build when its turn comes (see buildTurns). */
export type InTurn = <T>(build: () => Promise<T>) => Promise<T>;

/**
 * At most `slots` catalogue builds (a page or a course's detail read from the database) at once in
 * this instance; the others wait their turn, first come first served. A flood of one-off queries
 * then holds `slots` of the pool's connections and as many of PostgreSQL's cores, not all of
 * them: kept answers, checkout and the back office go on at their speed while the flood queues
 * (docs/decisions/0380). A build that waits longer than `waitMs` for its turn answers 503, as a
 * pool with no connection free within its hand-out limit does; once its turn has come, only the
 * database's own limits bound it.
 */
export function buildTurns(slots: number, waitMs: number): InTurn {
  const limit = pLimit(slots);
  return <T>(build: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    let gaveUp = false;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        gaveUp = true;
        reject(tooBusy());
      }, waitMs);
    });
    const turn = limit(() => {
      clearTimeout(timer);
      // Its caller has had its 503: the turn passes on without a query.
      return gaveUp ? Promise.reject(tooBusy()) : build();
    });
    // Whichever of the two loses the race is never awaited.
    turn.catch(() => undefined);
    late.catch(() => undefined);
    return Promise.race([turn, late]);
  };
}

const tooBusy = () =>
  new AppError(503, MESSAGES.serviceUnavailable, undefined, 'SERVICE_UNAVAILABLE');

import { setTimeout as delay } from 'node:timers/promises';

/**
 * Time source injected into the app so tests can move it: what time it is (token expiry, holds,
 * dates) and the pauses the app takes on purpose (between a provider's tries, until a payment's
 * gap between two checks ends).
 */
export interface Clock {
  now(): Date;
  /** Waits `ms` of this clock's time; a pending sleep never keeps the process alive. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => delay(ms, undefined, { ref: false }),
};

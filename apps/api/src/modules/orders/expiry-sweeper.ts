import { sweepExpiredHolds } from './order-states.service.js';
import type { ServiceContext } from '../../deps.js';

/**
 * Every 30 s, at most one minute after a hold ends its order expires. The tick only runs
 * the claiming SQL: PostgreSQL decides which instance expires which order (SKIP LOCKED),
 * so nothing is lost when an instance stops and nothing is done twice when several run.
 */
export const EXPIRY_SWEEP_MS = 30_000;

export interface ExpirySweeper {
  /** Runs one sweep now (unless one is running) and resolves when it is done. */
  sweepNow(): Promise<void>;
  /** Stops the ticks and waits for a sweep under way. */
  stop(): Promise<void>;
}

export function startExpirySweeper(ctx: ServiceContext, intervalMs = EXPIRY_SWEEP_MS): ExpirySweeper {
  let running: Promise<void> | undefined;
  const sweepNow = (): Promise<void> => {
    running ??= sweepExpiredHolds(ctx)
      .then(
        () => undefined,
        (err: unknown) => ctx.logger.error({ err }, 'expiring seat holds failed; trying again at the next sweep'),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void sweepNow(), intervalMs);
  timer.unref();
  void sweepNow();
  return {
    sweepNow,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

import { sweepExpiredHolds } from './order-states.service.js';
import type { ServiceContext } from '../../../deps.js';
import { startSweeper, type Sweeper } from '../../../lib/sweeper.js';

/**
 * Every 30 s, at most one minute after a hold ends its order expires. The tick only runs
 * the claiming SQL: PostgreSQL decides which instance expires which order (SKIP LOCKED),
 * so nothing is lost when an instance stops and nothing is done twice when several run.
 */
export const EXPIRY_SWEEP_MS = 30_000;

export type ExpirySweeper = Sweeper;

export function startExpirySweeper(ctx: ServiceContext, intervalMs = EXPIRY_SWEEP_MS): ExpirySweeper {
  return startSweeper(
    () => sweepExpiredHolds(ctx),
    (err) => ctx.logger.error({ err }, 'expiring seat holds failed; trying again at the next sweep'),
    intervalMs,
    { runAtStart: true },
  );
}

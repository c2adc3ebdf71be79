import type { Logger } from '../../logger.js';
import { startSweeper, type Sweeper } from '../../lib/sweeper.js';
import type { Payments } from './payments.service.js';

/** The tick; each pending payment is asked about every minute at most (payments.service). */
export const PAYMENT_SWEEP_MS = 30_000;

/**
 * Asks the provider about pending payment attempts nobody asked about lately (no webhook came,
 * the customer did not come back) until their life span ends. The tick only runs the claiming
 * SQL (FOR UPDATE SKIP LOCKED): any number of instances, each attempt checked once per round,
 * nothing lost on restart.
 */
export function startPaymentSweeper(payments: Payments, logger: Logger, intervalMs = PAYMENT_SWEEP_MS): Sweeper {
  return startSweeper(
    () => payments.sweep(),
    (err) => logger.error({ err }, 'checking pending payments failed; trying again at the next sweep'),
    intervalMs,
    { runAtStart: true },
  );
}

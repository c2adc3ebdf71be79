import { pino } from 'pino';
import type { Logger } from '../logger.js';

/** A real pino logger at `level` whose JSON lines land, parsed, in `lines`. */
export function capturingLogger(level = 'info'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

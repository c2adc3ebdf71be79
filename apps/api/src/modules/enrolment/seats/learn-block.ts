import { tunisDay } from '@shop/shared';
import type { SessionRow } from './sessions.repository.js';

/** Why an order cannot be marked learned yet because of its sessions, or null when it can. */
export type LearnBlock = { kind: 'sessionNotOver'; endsAt: Date } | { kind: 'sessionCancelled' };

/**
 * The learn rule of sessions (issue 49, decision 0412): an order is learned only from the Tunis
 * calendar day on which the last of its lines' sessions ends, and never in a cancelled session.
 * An order without sessions has no such rule.
 */
export function learnBlockOf(sessions: readonly Pick<SessionRow, 'status' | 'endsAt'>[], at: Date): LearnBlock | null {
  if (sessions.some((s) => s.status === 'cancelled')) return { kind: 'sessionCancelled' };
  const last = sessions.reduce<Date | null>((latest, s) => (latest && latest >= s.endsAt ? latest : s.endsAt), null);
  if (last && tunisDay(last) > tunisDay(at)) return { kind: 'sessionNotOver', endsAt: last };
  return null;
}

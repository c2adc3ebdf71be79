import { and, asc, eq } from 'drizzle-orm';
import type { OrderActor } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema.js';

/** Who did it: a signed-in user (customer or admin) or the shop itself ('system', no id). */
export interface AuditActor {
  id: string | null;
  name: string;
  role: OrderActor;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'Course Shop', role: 'system' };

/** The fields that changed, `{ field: { from, to } }`. */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export interface AuditEvent {
  /** What was changed: 'order' today; users and courses can use the same table. */
  entity: string;
  entityId: string;
  action: string;
  actor: AuditActor;
  changes: AuditChanges;
  at: Date;
}

/**
 * Records events in the caller's transaction, so a change and its record commit together
 * (or neither does). Rows are only ever inserted.
 */
export async function recordAuditEvents(db: DbOrTx, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(
    events.map((e) => ({
      entity: e.entity,
      entityId: e.entityId,
      action: e.action,
      actorId: e.actor.id,
      actorName: e.actor.name,
      actorRole: e.actor.role,
      changes: e.changes,
      at: e.at,
    })),
  );
}

/** The history of one thing, oldest first (served by audit_events_entity_idx). */
export async function listAuditEvents(db: DbOrTx, entity: string, entityId: string): Promise<AuditEvent[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return rows.map((r) => ({
    entity: r.entity,
    entityId: r.entityId,
    action: r.action,
    actor: { id: r.actorId, name: r.actorName, role: r.actorRole as OrderActor },
    changes: r.changes,
    at: r.at,
  }));
}

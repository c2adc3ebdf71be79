import { and, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditQuery, OrderActor } from '@shop/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from './audit.schema.js';
import { dayEnd, dayStart, descIndexed } from '../../db/sql-helpers.js';
import type { AuthUser } from '../../middleware/auth.js';

/** Who did it: a signed-in user (customer or admin) or the shop itself ('system', no id). */
export interface AuditActor {
  id: string | null;
  name: string;
  role: OrderActor;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'Course Shop', role: 'system' };

/** The signed-in user behind a change. */
export const actorOf = (user: AuthUser): AuditActor => ({
  id: user.id,
  name: user.name,
  role: user.isAdmin ? 'admin' : 'customer',
});

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
 * The fields of `fields` whose values differ between `before` and `after` (compared as JSON,
 * so arrays and dates compare by value). `before` undefined: a creation (every field from
 * null); `after` undefined: a deletion (every field to null).
 */
export function changedFields<T extends object, K extends keyof T & string>(
  before: T | undefined,
  after: T | undefined,
  fields: readonly K[],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
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

/**
 * The INSERT of one event per row of `from`, a CTE of another module's single statement whose
 * rows carry the entity's `id` (the order's placing statement records "placed" this way, so
 * the order and its record are one statement: both or neither). A fragment for that statement's
 * `with … as (…)`, written here so the audit table keeps one writer.
 */
export function auditEventsOfRows(from: string, event: Omit<AuditEvent, 'entityId'>): SQL {
  const source = sql.identifier(from);
  return sql`insert into ${auditEvents} ("entity", "entity_id", "action", "actor_id", "actor_name", "actor_role", "changes", "at")
      select ${event.entity}::text, ${source}.id, ${event.action}::text, ${event.actor.id}::uuid, ${event.actor.name}::text,
        ${event.actor.role}::text, ${JSON.stringify(event.changes)}::jsonb, ${event.at.toISOString()}::timestamptz
      from ${source}`;
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

export interface AuditRecord extends AuditEvent {
  id: string;
}

/** The audit trail screen's filters: what, which one, what was done, who, which days. */
function auditWhere(query: AuditQuery): SQL | undefined {
  return and(
    query.entity ? eq(auditEvents.entity, query.entity) : undefined,
    query.entityId ? eq(auditEvents.entityId, query.entityId) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.actor ? eq(auditEvents.actorId, query.actor) : undefined,
    query.from ? gte(auditEvents.at, dayStart(query.from)) : undefined,
    query.to ? lt(auditEvents.at, dayEnd(query.to)) : undefined,
  );
}

/** One page of the trail, newest first (audit_events_at_idx, or the entity / actor indexes), and the count. */
export async function listAuditRecords(
  db: DbOrTx,
  query: AuditQuery,
  page: { offset: number; limit: number },
): Promise<{ records: AuditRecord[]; total: number }> {
  const where = auditWhere(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(descIndexed(auditEvents.at), descIndexed(auditEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      actor: { id: r.actorId, name: r.actorName, role: r.actorRole as OrderActor },
      changes: r.changes,
      at: r.at,
    })),
    total: counted?.total ?? 0,
  };
}

import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { keyOf } from '../../db/columns.js';

/** An event's actor is a user; identity, which owns users, records its own events here, so it sits above audit. */
const usersKey = keyOf('users');

/**
 * Who changed what and when: the order history today (entity 'order'), built to hold every
 * admin write later (users, courses). Rows are only ever inserted. `changes` holds the
 * fields that changed, `{ field: { from, to } }`.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    actorId: uuid('actor_id').references(() => usersKey.id, { onDelete: 'set null' }),
    /** Snapshot of the actor's name; 'system' work has no actor id. */
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.at),
    // The audit trail screen: newest first, alone or by kind of thing or by who did it.
    index('audit_events_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_events_entity_at_idx').on(t.entity, t.at.desc(), t.id.desc()),
    index('audit_events_actor_at_idx').on(t.actorId, t.at.desc(), t.id.desc()),
  ],
);

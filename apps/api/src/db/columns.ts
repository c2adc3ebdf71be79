/**
 * Column kinds every module's schema file uses (the tables themselves live with the module that
 * writes them: `modules/<m>/**\/*.schema.ts`, listed by drizzle.config.ts).
 */
import { customType, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A table of a module above the caller, by its key only, for a foreign key: a lower module's
 * rows may point at a higher module's (an audit event at its actor, a coupon use at its order)
 * without importing that module. Keep the result unexported: drizzle-kit reads the exported
 * tables only, so the shell adds no table, and the constraint it yields is the one the
 * migrations made (`<table>_<column>_<target>_id_fk`). scripts/lint/table-writes.test.ts checks
 * that each named table exists with a uuid `id` key.
 */
export const keyOf = (table: string) => pgTable(table, { id: uuid('id').primaryKey() });

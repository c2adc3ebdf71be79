import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../../db/columns.js';
import { users } from '../identity/identity.schema.js';

/**
 * Pictures uploaded in the back office, kept in the database so every API instance serves
 * them. One row per picture; its resized WebP copies are in image_variants.
 */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The type the bytes were (the name and the browser's type are not trusted). */
  sourceType: text('source_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The resized copies of a picture (metadata stripped), one per width, never changed once written. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

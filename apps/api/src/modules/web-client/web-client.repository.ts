import { and, asc, gt, lt, not } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { courses } from '../courses/courses.schema.js';

export interface SitemapCourse {
  id: string;
  updatedAt: Date;
}

/**
 * One batch of courses for the sitemap in id order after `afterId` (keyset on the primary key:
 * every batch is an index range scan, however deep into 100 000 courses), below `beforeId` when given.
 */
export function sitemapBatch(
  db: DbOrTx,
  { afterId, beforeId, limit }: { afterId: string; beforeId?: string; limit: number },
): Promise<SitemapCourse[]> {
  return db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(and(gt(courses.id, afterId), beforeId ? lt(courses.id, beforeId) : undefined, not(courses.isDraft)))
    .orderBy(asc(courses.id))
    .limit(limit);
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { catalogueVersions, courses } from '../courses/courses.schema.js';
import { sessions } from '../enrolment/tables/sessions.schema.js';
import type { CourseChanges } from '../../deps.js';

/**
 * Version tracking of the catalogue for one API instance. The version (catalogue_versions,
 * kept by triggers on every write to courses in the writer's transaction) is re-read at most
 * every `maxAgeMs` by one query shared by all requests, so a change committed on any instance
 * is seen everywhere within maxAgeMs + one query. A write through this instance records a
 * `courseChanged` event, which app.ts hands to courseChanged() once the write commits: the next
 * request reads the version again, so this instance answers the new catalogue at once.
 */

export interface CatalogueVersion {
  /**
   * Changes whenever any course changes (including seats and ratings), and when an open session
   * ends (time passing changes a course's next session and seats left: decision 0392).
   */
  tag: string;
  /** Exact number of courses at that version (the unfiltered X-Total-Count). */
  courses: number;
  /**
   * The cheapest and dearest listed course at that version (same statement, same snapshot),
   * when there is one: a price bound beyond them keeps every course (catalogue-key.ts).
   */
  prices?: { min: number; max: number };
}

/**
 * The one query behind the version: 64 counter rows summed (exported for the benchmark's EXPLAIN),
 * and the next instant after `at` (default: the database's now) an open session ends, one probe
 * of `sessions_open_ends_idx`.
 */
export function catalogueVersionQuery(db: DbOrTx, at?: Date) {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return db
    .select({
      // The table's oid tells a recreated or restored database apart from the old one.
      epoch: sql<string>`${sql.raw(`'catalogue_versions'::regclass::oid::text`)}`,
      changes: sql<string>`coalesce(sum(${catalogueVersions.changes}), 0)::text`,
      courses: sql<string>`coalesce(sum(${catalogueVersions.courses}), 0)::text`,
      // Both ends of courses_price_idx (drafts, few, skipped): two index probes.
      minPrice: sql<string | null>`(select min(${courses.price})::text from ${courses} where not ${courses.isDraft})`,
      maxPrice: sql<string | null>`(select max(${courses.price})::text from ${courses} where not ${courses.isDraft})`,
      nextSessionEnd: sql<string | null>`(select (extract(epoch from min(${sessions.endsAt})) * 1000)::bigint::text
        from ${sessions} where ${sessions.status} = 'open' and ${sessions.endsAt} > ${now})`,
    })
    .from(catalogueVersions);
}

/**
 * The catalogue version at `at` (the app clock's now; default the database's). Its tag names the
 * next session end, so it moves when that instant passes although no row changed, on every
 * instance; answers read sessions "not ended" at their own build time (never before `at`).
 */
export async function readCatalogueVersion(db: DbOrTx, at?: Date): Promise<CatalogueVersion> {
  const [row] = await catalogueVersionQuery(db, at);
  if (!row) throw new Error('catalogue version query returned nothing');
  const version: CatalogueVersion = {
    tag: `${row.epoch}.${row.changes}.${row.nextSessionEnd ?? 'none'}`,
    courses: Number(row.courses),
  };
  if (row.minPrice !== null && row.maxPrice !== null) version.prices = { min: Number(row.minPrice), max: Number(row.maxPrice) };
  return version;
}

export class CatalogueVersionTracker implements CourseChanges {
  private known: { version: CatalogueVersion; readAt: number } | undefined;
  private reading: Promise<CatalogueVersion> | undefined;
  private generation = 0;

  constructor(
    private readonly readVersion: () => Promise<CatalogueVersion>,
    private readonly maxAgeMs: number,
    private readonly now: () => number,
  ) {}

  /** The version read less than maxAgeMs ago, if there is one. */
  fresh(): CatalogueVersion | undefined {
    const known = this.known;
    return known && this.now() - known.readAt < this.maxAgeMs ? known.version : undefined;
  }

  /** The latest version read (fresh or not). */
  latest(): CatalogueVersion | undefined {
    return this.known?.version;
  }

  /** The current version: from memory when read less than maxAgeMs ago, else one shared read. */
  current(): Promise<CatalogueVersion> {
    const fresh = this.fresh();
    if (fresh) return Promise.resolve(fresh);
    if (this.reading) return this.reading;
    const generation = this.generation;
    const startedAt = this.now();
    const reading = this.readVersion().then(
      (version) => {
        // A read started before courseChanged() may predate the write: it must not be kept.
        if (generation === this.generation) {
          this.known = { version, readAt: startedAt };
          this.reading = undefined;
        }
        return version;
      },
      (err: unknown) => {
        if (generation === this.generation) this.reading = undefined;
        throw err;
      },
    );
    this.reading = reading;
    return reading;
  }

  /** A write through this instance committed: the next request reads the version again. */
  courseChanged(): void {
    this.generation += 1;
    this.known = undefined;
    this.reading = undefined;
  }
}

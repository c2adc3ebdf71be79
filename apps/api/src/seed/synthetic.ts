import { sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, SIZES } from '@shop/shared';
import { catalogueQueries } from '../modules/catalogue/catalogue.repository.js';
import { insertCoursesQuietly, type NewCourse } from '../modules/courses/courses.repository.js';
import type { Db, DbOrTx } from '../db/client.js';

/**
 * Synthetic catalogues for benchmarks and query-plan checks: deterministic courses whose
 * topics are spread so that one topic word matches about 1 course in 150.
 */
const LEVELS = ['Introduction to', 'Practical', 'Advanced', 'Weekend', 'Intensive', 'Evening'];
export const SYNTHETIC_TOPICS = [
  'accounting',
  'acrylics',
  'algebra',
  'animation',
  'arabic',
  'archery',
  'astronomy',
  'baking',
  'ballet',
  'blogging',
  'bookkeeping',
  'botany',
  'calligraphy',
  'ceramics',
  'chemistry',
  'chess',
  'coaching',
  'composting',
  'copywriting',
  'crochet',
  'cryptography',
  'dart',
  'debating',
  'django',
  'drumming',
  'ecology',
  'economics',
  'electronics',
  'embroidery',
  'ethics',
  'etiquette',
  'fencing',
  'filmmaking',
  'firstaid',
  'flutter',
  'gardening',
  'genetics',
  'geography',
  'geometry',
  'german',
  'golang',
  'graphql',
  'guitar',
  'haskell',
  'hiking',
  'history',
  'illustration',
  'italian',
  'jazz',
  'journalism',
  'kotlin',
  'kubernetes',
  'leadership',
  'linux',
  'logistics',
  'mandarin',
  'marketing',
  'mathematics',
  'meditation',
  'microbiology',
  'mosaics',
  'negotiation',
  'nutrition',
  'origami',
  'painting',
  'philosophy',
  'photoshop',
  'physics',
  'piano',
  'podcasting',
  'poetry',
  'pottery',
  'probability',
  'psychology',
  'rhetoric',
  'robotics',
  'rust',
  'sailing',
  'sculpture',
  'sewing',
  'singing',
  'sketching',
  'spanish',
  'statistics',
  'storytelling',
  'surfing',
  'swift',
  'tailoring',
  'terraform',
  'theatre',
  'trigonometry',
  'turkish',
  'typography',
  'ukulele',
  'violin',
  'watercolour',
  'weaving',
  'welding',
  'yoga',
  'zoology',
  'airline',
  'barista',
  'cabin',
  'cooking',
  'databases',
  'excel',
  'french',
  'grammar',
  'hospitality',
  'ielts',
  'javascript',
  'mobile',
  'networking',
  'python',
  'react',
  'security',
  'speaking',
  'toefl',
  'typescript',
  'vocabulary',
  'wordpress',
  'writing',
  'animation3d',
  'arduino',
  'assembly',
  'blender',
  'bootstrap',
  'canva',
  'clojure',
  'cobol',
  'css',
  'docker',
  'elixir',
  'erlang',
  'figma',
  'fortran',
  'gimp',
  'html',
  'inkscape',
  'java',
  'julia',
  'lua',
  'matlab',
  'nodejs',
  'ocaml',
  'perl',
  'php',
  'prolog',
  'ruby',
  'scala',
  'scratch',
];

/** The i-th synthetic course (i from 0): the same i always gives the same course. */
export function syntheticCourse(i: number, now: Date): NewCourse {
  const topic = SYNTHETIC_TOPICS[i % SYNTHETIC_TOPICS.length] ?? 'general';
  const level = LEVELS[Math.floor(i / SYNTHETIC_TOPICS.length) % LEVELS.length] ?? '';
  const category = CATEGORIES[(i * 7) % CATEGORIES.length] ?? 'other';
  const createdAt = new Date(now.getTime() - i * 60_000);
  return {
    name: `${level} ${topic[0]?.toUpperCase()}${topic.slice(1)} #${i + 1}`,
    price: 30 + ((i * 37) % 871),
    description: `Learn ${topic} step by step with exercises, projects and feedback from an experienced trainer.`,
    images: ['/images/courses/placeholder.svg'],
    category: [category],
    sizes: [SIZES[i % SIZES.length] ?? 'M'],
    availability: (i * 13) % 31,
    rating: ((i * 17) % 41) / 10 + 1,
    numReviews: (i * 11) % 50,
    createdAt,
    updatedAt: createdAt,
  };
}

export interface LoadSyntheticOptions {
  /** Number of the first course (to add more to an earlier load); default 0. */
  start?: number;
  /** Rows per multi-row INSERT; default 1000. */
  batchSize?: number;
  now?: Date;
  onBatch?: (loaded: number) => void;
  /** Dated sessions per course (issue 33), inserted with each batch; default 3, 0 for none. */
  sessionsPerCourse?: number;
}

/**
 * Inserts `count` synthetic courses in multi-row batches, then runs ANALYZE so the planner
 * knows the new size of the table.
 */
export async function loadSyntheticCourses(
  db: DbOrTx,
  count: number,
  options: LoadSyntheticOptions = {},
): Promise<void> {
  const { start = 0, batchSize = 1000, now = new Date(), onBatch, sessionsPerCourse = 3 } = options;
  for (let from = 0; from < count; from += batchSize) {
    const size = Math.min(batchSize, count - from);
    await insertCoursesQuietly(
      db,
      Array.from({ length: size }, (_, k) => syntheticCourse(start + from + k, now)),
    );
    if (sessionsPerCourse > 0) {
      // The batch's courses are those created in its minutes (syntheticCourse: now - i minutes).
      const newest = new Date(now.getTime() - (start + from) * 60_000);
      const oldest = new Date(now.getTime() - (start + from + size - 1) * 60_000);
      await insertSyntheticSessions(db, oldest, newest, now, sessionsPerCourse);
    }
    onBatch?.(from + size);
  }
  await db.execute(sql`analyze courses`);
  if (sessionsPerCourse > 0) await db.execute(sql`analyze sessions`);
}

/**
 * `perCourse` sessions for each course created between `oldest` and `newest` that has none
 * yet, one statement: a month apart from a week after `now`, six weeks long, capacity 20, the
 * seats left spread from full to empty.
 */
async function insertSyntheticSessions(db: DbOrTx, oldest: Date, newest: Date, now: Date, perCourse: number): Promise<void> {
  await db.execute(sql`
    insert into sessions (course_id, starts_at, ends_at, schedule, place, capacity, seats_left)
    select c.id,
      ${now.toISOString()}::timestamptz + make_interval(days => 7 + k * 30),
      ${now.toISOString()}::timestamptz + make_interval(days => 49 + k * 30, hours => 2),
      (array['Tue and Thu 18:00-20:00', 'Sat 09:00-12:00', 'Mon and Wed 17:30-19:30'])[k % 3 + 1],
      (array['Tunis, Lac 2', 'Online', 'Sousse'])[(k + 1) % 3 + 1],
      20,
      (c.availability + k * 7) % 21
    from courses c cross join generate_series(0, ${perCourse - 1}::integer) as k
    where c.created_at between ${oldest.toISOString()}::timestamptz and ${newest.toISOString()}::timestamptz
      and not exists (select 1 from sessions s where s.course_id = c.id)
  `);
}

/**
 * From this many courses on, PostgreSQL is expected to answer a keyword from the trigram
 * index by its own choice (measured at 100 000); on a smaller table a scan of the whole table
 * can rightly cost less (at 10 000 it does), so there the check only shows that the index
 * can answer (scans disabled for the EXPLAIN). The seeder and the benchmark share it.
 */
export const INDEX_CHOICE_FROM = 100_000;

/**
 * EXPLAIN ANALYZE (plan shape only) of the catalogue's page and count statements for a keyword.
 * `scansOff`: with sequential scans disabled (`set local enable_seqscan = off`), to show the
 * index can answer on a table small enough for a scan to be cheaper.
 */
export async function explainKeywordQuery(
  db: Db,
  keyword: string,
  options: { scansOff?: boolean } = {},
): Promise<{ page: string; count: string }> {
  return db.transaction(async (tx) => {
    if (options.scansOff) await tx.execute(sql`set local enable_seqscan = off`);
    const { page, total } = catalogueQueries(tx, { keyword });
    const explain = async (query: SQL) => {
      const result = (await tx.execute(
        sql`explain (analyze, costs off, timing off) ${query}`,
      )) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    return { page: await explain(page.getSQL()), count: await explain(total.getSQL()) };
  });
}

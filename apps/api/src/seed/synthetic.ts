import { sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, SIZES } from '@shop/shared';
import {
  catalogueQueries,
  insertCoursesQuietly,
  type NewCourse,
} from '../modules/courses/courses.repository.js';
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
  const { start = 0, batchSize = 1000, now = new Date(), onBatch } = options;
  for (let from = 0; from < count; from += batchSize) {
    const size = Math.min(batchSize, count - from);
    await insertCoursesQuietly(
      db,
      Array.from({ length: size }, (_, k) => syntheticCourse(start + from + k, now)),
    );
    onBatch?.(from + size);
  }
  await db.execute(sql`analyze courses`);
}

/** EXPLAIN ANALYZE (plan shape only) of the catalogue's page and count statements for a keyword. */
export async function explainKeywordQuery(
  db: Db,
  keyword: string,
): Promise<{ page: string; count: string }> {
  const { page, total } = catalogueQueries(db, { keyword });
  const explain = async (query: SQL) => {
    const result = (await db.execute(
      sql`explain (analyze, costs off, timing off) ${query}`,
    )) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  };
  return { page: await explain(page.getSQL()), count: await explain(total.getSQL()) };
}

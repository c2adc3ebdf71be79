import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  lte,
  sql,
  type Placeholder,
  type Query,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  matchCategory,
  PAGE_LIMIT_DEFAULT,
  type CourseQuery,
  type CourseSort,
} from '@shop/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client.js';
import { descIndexed, escapeLike } from '../../db/sql-helpers.js';
import { foldForSearch } from '../../lib/search-fold.js';
import { statementNames } from '../../db/statement-names.js';
import { courses } from '../courses/courses.schema.js';
import type { CourseRow } from '../courses/courses.repository.js';
import { listReviews } from './catalogue-reviews.js';
import { upcomingSessionsOfCourse } from '../enrolment/seats/sessions.repository.js';

/** At most this many words of a keyword are matched; more would only slow the query down. */
const KEYWORD_WORDS_MAX = 8;

/**
 * How a catalogue statement takes a value of the query: the value itself (a statement built for
 * one query), or a named placeholder while the value is recorded apart (a statement built once
 * for every query of its shape, see listCourses). Each name is given once per statement.
 */
type Param = <T>(name: string, value: T) => T | Placeholder;
const inline: Param = (_name, value) => value;

/**
 * `ARRAY['Art', 'English']::text[]`: categories are written into the statement, never passed as
 * values (decision 0378). They come from the shop's fixed table (the query schema refuses any
 * other), so a statement kept for a shape names its categories, and PostgreSQL can plan it once
 * for every price range with the category's partial price index (a plan for a category given as
 * a value cannot know which partial index applies).
 */
function categoryArray(values: readonly string[]): SQL {
  const literals = values.map((value) => {
    // A name of the table is its own canonical spelling; anything else never reaches SQL.
    if (matchCategory(value) !== value) throw new Error(`not a category of the shop: ${JSON.stringify(value)}`);
    return sql.raw(`'${value.replaceAll("'", "''")}'`);
  });
  return sql`ARRAY[${sql.join(literals, sql`, `)}]::text[]`;
}

/** The words of a keyword that must each appear in `search_text` (folded as it is, at most 8; catalogue-key.ts folds on this). */
export function keywordWords(query: CourseQuery): string[] {
  return foldForSearch(query.keyword ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, KEYWORD_WORDS_MAX);
}

/**
 * The WHERE clause of a catalogue query. Keyword: every word must appear (case-insensitive)
 * in name, description or a category, so "kids programming" finds "Programming Kids".
 * Categories: `category @> ARRAY[...]` / `&& ARRAY[...]` use the GIN index; one category alone
 * also matches the predicate of that category's partial price index (courses.schema.ts). Price
 * bounds: 0 means none.
 */
export function courseFilter(query: CourseQuery, param: Param = inline): SQL | undefined {
  const conditions: SQL[] = [];
  for (const [i, word] of keywordWords(query).entries())
    conditions.push(sql`${courses.searchText} like ${param(`word.${i}`, `%${escapeLike(word)}%`)}`);
  // Cg and filter each name a category or a group (any of its categories); a course must
  // match both. Single categories go together into one `@>`, groups into `&&`: both use the
  // GIN index on category.
  const required = new Set<string>();
  for (const categories of [query.Cg, query.filter]) {
    if (!categories || categories.length === 0) continue;
    if (categories.length === 1) required.add(categories[0] as string);
    else conditions.push(sql`${courses.category} && ${categoryArray(categories)}`);
  }
  if (required.size > 0) conditions.push(sql`${courses.category} @> ${categoryArray([...required])}`);
  if (query.from) conditions.push(gte(courses.price, param('from', query.from)));
  if (query.to) conditions.push(lte(courses.price, param('to', query.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The column a catalogue order sorts on, before the id. */
/** The column a sort orders by, as the name of a `courses` field. */
function sortKey(sort: CourseSort | undefined): 'rating' | 'price' | 'createdAt' {
  switch (sort) {
    case 'rating':
      return 'rating';
    case 'price_asc':
    case 'price_desc':
      return 'price';
    case 'date':
    case undefined:
      return 'createdAt';
  }
}
const sortColumn = (sort: CourseSort | undefined): AnyPgColumn => courses[sortKey(sort)];

/**
 * Every order ends on the id so pages never overlap or skip a course. `key` and `id` are the
 * sort column and the id of `courses` or of a subquery selecting them.
 */
function orderOf(
  sort: CourseSort | undefined,
  key: SQLWrapper = sortColumn(sort),
  id: SQLWrapper = courses.id,
): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(key), asc(id)];
    case 'price_desc':
      // The (price, id) indexes read backwards: DESC NULLS FIRST.
      return [desc(key), desc(id)];
    case 'rating':
    case 'date':
    case undefined:
      return [descIndexed(key), descIndexed(id)];
  }
}

/** A statement run once (awaited) or prepared for its shape, that tests and scripts can also EXPLAIN (`getSQL`, `toSQL`). */
type Statement<T> = PromiseLike<T> & SQLWrapper & { toSQL(): Query; prepare(name: string): ShapedStatement<T> };

/**
 * The columns a catalogue page walks: every column but `search_text` (every text of the course
 * again, lower-cased: the largest column), which is only matched against; reading it made
 * PostgreSQL send, and the API parse, about twice the bytes of the courses shown (issue 38).
 */
const { searchText: _searchText, ...courseColumns } = getTableColumns(courses);
type CourseColumn = keyof typeof courseColumns;

/** An instant as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`), written by PostgreSQL. */
const isoText = (instant: SQLWrapper): SQL => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A course of a catalogue page as its JSON text, written by PostgreSQL (decision 0379): the
 * contract's Course as `toCourseJson` gives it, key for key in the same order, with the card's
 * session fields (issue 33): `availability` is the seats left across the open sessions when the
 * course has any, 0 when it has none open but had sessions (issue 49: such a course is sold only
 * through an open session; one probe of `sessions_course_idx`, only when none is open), and `nextSession` the soonest session not ended nor cancelled (full ones
 * included), or null. `row_to_json` writes compact JSON; prices and ratings go out as numbers
 * without trailing zeros, instants as ISO text in UTC. The API sends the page's texts joined,
 * without parsing or mapping a row: on an uncached page that was most of its own work.
 *
 * `from` is the name the statement gives the course's row (`courses`, or the page's subquery);
 * both session fields come from one walk of the course's open sessions in the partial index
 * `sessions_course_open_idx` (course, start): the first row, and the sum of all as a window.
 */
function listedCourseJson(from: string, at: string | undefined, param: Param): SQL<string> {
  const column = (name: CourseColumn) => sql.raw(`"${from}"."${courses[name].name}"`);
  const now = at ? sql`${param('at', at)}::timestamptz` : sql`now()`;
  return sql<string>`(select row_to_json(c)::text from (select
    ${column('id')} as "_id", ${column('name')} as "name", trim_scale(${column('price')}) as "price",
    ${column('description')} as "description", ${column('nameFr')} as "nameFr", ${column('nameAr')} as "nameAr",
    ${column('descriptionFr')} as "descriptionFr", ${column('descriptionAr')} as "descriptionAr",
    ${column('images')} as "images", ${column('category')} as "category", ${column('sizes')} as "sizes",
    coalesce(soonest.seats::integer, case when exists (select 1 from sessions had where had.course_id = ${column('id')})
      then 0 else ${column('availability')} end) as "availability",
    trim_scale(${column('taxRate')}) as "taxRate",
    trim_scale(${column('rating')}) as "rating", ${column('numReviews')} as "numReviews",
    ${isoText(column('createdAt'))} as "createdAt", ${isoText(column('updatedAt'))} as "updatedAt",
    (select row_to_json(n) from (select soonest.id as "_id", ${isoText(sql`soonest.starts_at`)} as "startsAt",
      soonest.seats_left as "seatsLeft") n where soonest.id is not null) as "nextSession"
    from (values (1)) one left join (select s.id, s.starts_at, s.seats_left, sum(s.seats_left) over () as seats
      from sessions s where s.course_id = ${column('id')} and s.status = 'open' and s.ends_at > ${now}
      order by s.starts_at, s.id limit 1) soonest on true
  ) c)`;
}

/** A catalogue page as the API reads it: each course's JSON text (`total` on every row when the statement counted). */
export type CataloguePage = Statement<{ course: string; total?: number }[]>;

/**
 * The statements of a catalogue page (exported so tests and scripts can EXPLAIN them).
 *
 * Without a keyword, the page walks a sort index and stops after its rows (by price in one
 * category: that category's partial price index; by date or rating: the price range is checked
 * inside the index), and the count is a subquery of the same statement with a plan of its own:
 * an index-only scan of the category's price index where one category is asked for, a bitmap
 * scan otherwise. One round trip instead of two (issue 38's profile: a query's submission, the
 * socket write to PostgreSQL, was the API's largest cost on uncached pages); a window count
 * would make the page read every match. `rowsOnly` is the page without the count, for the
 * unfiltered catalogue whose size the catalogue version carries.
 *
 * With a keyword, `page` counts too: a trigram match is always rechecked on
 * the row, so the count reads every matching row anyway. The page comes from that same read:
 * `matches` (the id and sort key of every match, one bitmap scan) gives the count and the
 * page's ids, whose courses are then read by primary key. Two statements would read the
 * trigram index and the matching rows twice, and a page walking a sort index reads up to
 * every row of the table to find a rare word: a rare word costs about half as much this way.
 * A word in most courses costs more (on 100 000 courses, a word in all of them: 52 ms instead
 * of 33, keeping and sorting every match's key where the page alone stopped early), but its
 * count had to read all of them in both. `total` then runs only when the page has no row to
 * carry the count (a page past the last match).
 */
/** What every public read asks first: a draft (ADD, not saved yet) is not in the catalogue. */
export const listedCourse = (): SQL => sql`not ${courses.isDraft}`;

/** The values of a catalogue statement besides its filter's: the page's size and offset, the instant. */
function pageValues(query: CourseQuery, at: Date | undefined): { limit: number; offset: number; at?: string } {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
  return { limit, offset: ((query.page ?? 1) - 1) * limit, ...(at ? { at: at.toISOString() } : {}) };
}

export function catalogueQueries(
  db: DbOrTx,
  query: CourseQuery,
  /** The instant sessions are "not ended" at (default: the database's now). */
  at?: Date,
  /** How the query's values enter the statements (default: as values). */
  param: Param = inline,
): {
  /** The page's courses, each carrying the number of matches (`total`). */
  page: CataloguePage;
  /** Without a keyword: the page's courses alone, for a caller that knows the total already. */
  rowsOnly?: Statement<{ course: string }[]>;
  /** The count alone: for a page past the last match, where no row carries it. */
  total: Statement<{ total: number }[]>;
  /** False when the query keeps every course: its total is the size of the catalogue. */
  filtered: boolean;
} {
  const filter = courseFilter(query, param);
  const filtered = filter !== undefined;
  const where = filter ? and(listedCourse(), filter) : listedCourse();
  const values = pageValues(query, at);
  const limit = param('limit', values.limit);
  const offset = param('offset', values.offset);
  const total = db.select({ total: count() }).from(courses).where(where);
  if (keywordWords(query).length === 0) {
    // The page's courses first, then their JSON with the session fields: computed in the select
    // list of the walk itself, they would also run for every course the offset skips.
    const onPage = db
      .select(courseColumns)
      .from(courses)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(limit)
      .offset(offset)
      .as('on_page');
    const course = listedCourseJson('on_page', values.at, param);
    const pageOrder = orderOf(query.sort, onPage[sortKey(query.sort)], onPage.id);
    const rowsOnly = db.select({ course }).from(onPage).orderBy(...pageOrder);
    const page = db
      .select({
        course,
        // The count's own plan, run once as the statement's subquery: one round trip for both.
        total: sql<number>`(select count(*) from ${courses} where ${where})`.mapWith(Number),
      })
      .from(onPage)
      .orderBy(...pageOrder);
    return { page, rowsOnly, total, filtered };
  }
  // Referenced twice, the CTE is materialised: PostgreSQL plans its scan for all the matches.
  const matches = db.$with('matches').as(
    db
      .select({ id: courses.id, key: sortColumn(query.sort) })
      .from(courses)
      .where(where),
  );
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...orderOf(query.sort, matches.key, matches.id))
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  const page = db
    .with(matches)
    .select({
      course: listedCourseJson('courses', values.at, param),
      total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
    })
    .from(pageIds)
    .innerJoin(courses, eq(courses.id, pageIds.id))
    .orderBy(...orderOf(query.sort));
  return { page, total, filtered };
}

/** A catalogue statement prepared once for a shape, run with each query's values. */
interface ShapedStatement<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}
type Kind = 'page' | 'rowsOnly' | 'total';
type ResultOf<K extends Kind> = Awaited<NonNullable<ReturnType<typeof catalogueQueries>[K]>>;

/**
 * The catalogue statements built so far, per database handle and shape. A shape is what makes
 * a statement's text: which statement, the sort, and which values it takes (keyword words,
 * price bounds, page, instant: their names, in the order courseFilter and catalogueQueries give
 * them; the categories themselves, written in the text). Building a statement with Drizzle was a
 * fifth of the API's CPU on an uncached page (profile, 10 000 courses). Each is prepared on
 * PostgreSQL under a name (statementName): parsed once per connection, then planned for each
 * run's values or, once PostgreSQL finds it no dearer, with one plan for every run; since the
 * categories are in the text, that plan still reads the category's partial price index.
 */
const shapedStatements = new WeakMap<DbOrTx, LRUCache<string, ShapedStatement<unknown>>>();
/**
 * Shapes kept per handle: the shop's own links use a few dozen, but a query string can combine
 * words, categories and groups into many more, and one-off shapes must not grow memory.
 */
const SHAPES_KEPT = 256;

/**
 * Catalogue statements named on PostgreSQL per process (decision 0378; the bound:
 * db/statement-names.ts): the shop's own links use a few dozen shapes, and the first ones asked
 * take the names.
 */
export const CATALOGUE_NAMED_STATEMENTS_MAX = 48;
const statementName = statementNames('catalogue', CATALOGUE_NAMED_STATEMENTS_MAX);

/** The query's values by placeholder name, and what its shape is made of. */
function shapeOf(query: CourseQuery, at: Date | undefined) {
  const values: Record<string, unknown> = {};
  // The filter alone (a few SQL chunks, no statement) names the values.
  const filtered =
    courseFilter(query, (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    }) !== undefined;
  Object.assign(values, pageValues(query, at));
  // The categories are in the statement's text (categoryArray), so they make its shape too.
  const categories = JSON.stringify([query.Cg ?? [], query.filter ?? []]);
  return {
    values,
    filtered,
    keyword: keywordWords(query).length > 0,
    key: `${query.sort ?? ''} ${Object.keys(values).join(',')} ${categories}`,
  };
}

function shapedStatement<K extends Kind>(
  db: DbOrTx,
  query: CourseQuery,
  at: Date | undefined,
  shape: ReturnType<typeof shapeOf>,
  kind: K,
): ShapedStatement<ResultOf<K>> {
  let byShape = shapedStatements.get(db);
  if (!byShape) shapedStatements.set(db, (byShape = new LRUCache({ max: SHAPES_KEPT })));
  const key = `${kind} ${shape.key}`;
  let statement = byShape.get(key) as ShapedStatement<ResultOf<K>> | undefined;
  if (!statement) {
    const built = catalogueQueries(db, query, at, (name) => sql.placeholder(name))[kind] as Statement<ResultOf<K>> | undefined;
    if (!built) throw new Error(`no ${kind} statement for a catalogue query of shape ${shape.key}`);
    // Unnamed ('') once the names are taken.
    statement = built.prepare(statementName(built.toSQL().sql) ?? '');
    byShape.set(key, statement);
  }
  return statement;
}

/**
 * One catalogue page, each course as its JSON text (listedCourseJson), and the number of
 * matching courses, from one statement (see catalogueQueries); the count alone only for a page
 * past the last match.
 */
export async function listCourses(
  db: DbOrTx,
  query: CourseQuery,
  /**
   * The number of courses when the caller already knows it (the catalogue version carries
   * it): the total of a query that filters nothing, then counted by no statement.
   */
  catalogueSize?: number,
  /** The instant sessions are "not ended" at (the app clock). */
  at?: Date,
  /**
   * The exact number of matches of a filtered query without keyword when the caller knows it
   * (catalogue-counts.ts: one category's price window, issue 55): then counted by no statement.
   */
  filteredTotal?: number,
): Promise<{ courses: string[]; total: number }> {
  const shape = shapeOf(query, at);
  const run = <K extends Kind>(kind: K) => shapedStatement(db, query, at, shape, kind).execute(shape.values);
  const known = shape.keyword ? undefined : shape.filtered ? filteredTotal : catalogueSize;
  if (known !== undefined) return { courses: (await run('rowsOnly')).map((row) => row.course), total: known };
  const found = await run('page');
  const listed = found.map((row) => row.course);
  const first = found[0];
  if (first) return { courses: listed, total: first.total ?? 0 };
  // No row carries the count: nothing matches, or the page lies past the last match.
  if ((query.page ?? 1) === 1) return { courses: listed, total: 0 };
  const [counted] = await run('total');
  return { courses: listed, total: counted?.total ?? 0 };
}

/**
 * The prices of one category's listed courses, cheapest first, as one text (`"30,31.5,…"`): read
 * from that category's partial price index alone (index-only, in its order), for an exact count
 * of any price window of the category without counting in SQL (catalogue-counts.ts, issue 55).
 */
export async function categoryPrices(db: DbOrTx, category: string): Promise<number[]> {
  const [row] = await categoryPricesQuery(db, category);
  const text = row?.prices ?? '';
  return text === '' ? [] : text.split(',').map(Number);
}

/** The statement of categoryPrices (exported so tests can EXPLAIN it). */
export function categoryPricesQuery(db: DbOrTx, category: string) {
  return db
    .select({
      prices: sql<string>`array_to_string(array(select ${courses.price} from ${courses} where ${courses.category} @> ${categoryArray([category])} and ${listedCourse()} order by ${courses.price}), ',')`,
    })
    .from(sql`(values (1)) one`);
}

/**
 * The three statements of a course page (issue 55), each prepared once per database handle
 * under its own name and run together, in one wave: the course with whether it ever had a
 * session (issue 49), its reviews (reviews.repository's listReviews) and its upcoming sessions
 * (sessions.repository's upcomingSessionsOfCourse). Were four statements in two waves, each
 * built by Drizzle and parsed and planned by PostgreSQL on every cold course page.
 */
const detailStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareDetail>>();

/** The course page's statements, not prepared yet (tests EXPLAIN them). */
export function courseDetailQueries(db: DbOrTx, id: string | Placeholder = sql.placeholder('id'), now: Date | Placeholder = sql.placeholder('now')) {
  return {
    course: db
      .select({
        ...getTableColumns(courses),
        // Qualified by hand: Drizzle writes a single-table select's columns without their table.
        hadSessions: sql<boolean>`exists (select 1 from sessions had where had.course_id = "courses"."id")`,
      })
      .from(courses)
      .where(eq(courses.id, id))
      .limit(1),
    reviews: listReviews(db, id),
    sessions: upcomingSessionsOfCourse(db, id, now),
  };
}

function prepareDetail(db: DbOrTx) {
  const { course, reviews, sessions } = courseDetailQueries(db);
  return {
    course: course.prepare('course_detail_course'),
    reviews: reviews.prepare('course_detail_reviews'),
    sessions: sessions.prepare('course_detail_sessions'),
  };
}

/** A course page's rows from one wave of prepared statements (see prepareDetail); no course, undefined. */
export async function findCourseDetail(db: DbOrTx, id: string, now: Date) {
  let statements = detailStatements.get(db);
  if (!statements) detailStatements.set(db, (statements = prepareDetail(db)));
  const [[found], reviewRows, sessionRows] = await Promise.all([
    statements.course.execute({ id }),
    statements.reviews.execute({ id }),
    statements.sessions.execute({ id, now: now.toISOString() }),
  ]);
  if (!found) return undefined;
  const { hadSessions, ...row } = found;
  return { row, reviews: reviewRows, sessions: sessionRows, hadSessions };
}


/** The drafts (ADD not saved yet), newest first: the admin's course list shows them apart. */
export function listDrafts(db: DbOrTx, limit: number): Promise<CourseRow[]> {
  return db
    .select()
    .from(courses)
    .where(eq(courses.isDraft, true))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(limit);
}

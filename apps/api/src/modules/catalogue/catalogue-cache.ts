import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { DbOrTx } from '../../db/client.js';
import type { CourseChanges } from '../../deps.js';
import { acceptedEncoding, compress, COMPRESS_MIN_BYTES } from '../../lib/content-encoding.js';
import { unavailabilityOf } from '../../lib/outages.js';
import { AnswerStore } from './catalogue-answers.js';
import { buildTurns, type InTurn } from './catalogue-builds.js';
import { catalogueKeyOfUrl } from './catalogue-key.js';
import { CatalogueVersionTracker, readCatalogueVersion, type CatalogueVersion } from './catalogue-version.js';
import { etagOf, matchesEtag, writeAnswer, writeNotModified, type ReadyAnswer } from './conditional-get.js';

export { CATALOGUE_CACHE_CONTROL, matchesEtag, writeAnswer, type ReadyAnswer } from './conditional-get.js';
export type { CatalogueVersion } from './catalogue-version.js';
export { catalogueKey, normalCourseQuery } from './catalogue-key.js';

/**
 * The catalogue cache of one API instance, in three parts: the version (catalogue-version.ts),
 * the kept answers of that version (catalogue-answers.ts) and conditional GETs
 * (conditional-get.ts). The version is always read before the data it labels, so an ETag never
 * names data older than its version: a stale client is never told "not modified".
 */

/** What a build gives: the body (serialised with JSON.stringify), or its JSON text as it is sent. */
export type CatalogueAnswer = ({ body: unknown } | { json: string }) & { headers?: Record<string, string> };

export interface CatalogueCacheOptions {
  /** How long a version read is trusted; the "visible everywhere within 1 s" budget. */
  maxAgeMs?: number;
  /** Memory bound of the kept answers (least recently used go first). */
  maxBytes?: number;
  /** How many request URLs are remembered with their cache key (for peek). */
  maxUrls?: number;
  /** How many keys asked for once are remembered by the admission policy (catalogue-answers.ts). */
  maxSeenOnce?: number;
  /**
   * The key the Express route would give a GET of `url` at `version`, when it can tell without
   * Express (peek then also serves spellings of a kept question it has not seen yet).
   */
  keyOfUrl?: (url: string, version: CatalogueVersion) => string | undefined;
  /** How many builds run at once (CATALOGUE_BUILDS); the others wait their turn (catalogue-builds.ts). */
  buildSlots?: number;
  /** How long a build may wait for its turn before it answers 503 (DB_CONNECT_TIMEOUT_MS). */
  buildWaitMs?: number;
  now?: () => number;
}

/** Marks a kept answer sent while the database is unavailable (its value says why). */
export const STALE_HEADER = 'X-Catalogue-Stale';

/** A version read slower than this counts as a database that is not answering. */
const STALE_AFTER_MS = 1_000;

export class CatalogueCache implements CourseChanges {
  private readonly versions: CatalogueVersionTracker;
  private readonly answers: AnswerStore;
  private readonly keyOfUrl: CatalogueCacheOptions['keyOfUrl'];
  private readonly inTurn: InTurn;

  constructor(readVersion: () => Promise<CatalogueVersion>, options: CatalogueCacheOptions = {}) {
    this.keyOfUrl = options.keyOfUrl;
    this.inTurn = buildTurns(options.buildSlots ?? 2, options.buildWaitMs ?? 2_000);
    this.versions = new CatalogueVersionTracker(readVersion, options.maxAgeMs ?? 500, options.now ?? Date.now);
    this.answers = new AnswerStore({
      maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
      maxUrls: options.maxUrls ?? 10_000,
      maxSeenOnce: options.maxSeenOnce ?? 10_000,
    });
  }

  /** The current version (see CatalogueVersionTracker.current). */
  version(): Promise<CatalogueVersion> {
    return this.versions.current();
  }

  /** A write through this instance committed (see courseChanged in catalogue-version.ts). */
  courseChanged(): void {
    this.versions.courseChanged();
  }

  /**
   * Answers a catalogue GET: 304 when the client's ETag is current (no database query),
   * else the kept answer for `key`, else `build` (one build shared by concurrent requests).
   * `key` (or the key it gives at a version) must determine the answer at that version
   * completely (e.g. the normalised query, catalogue-key.ts).
   */
  async send(req: Request, res: Response, keyOf: CatalogueKey, build: (version: CatalogueVersion) => Promise<CatalogueAnswer>) {
    const version = await this.versionOrStale(keyOf);
    if ('stale' in version) {
      writeAnswer(req, res, version.stale);
      return;
    }
    const key = keyAt(keyOf, version);
    const etag = etagOf(version.tag, key);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      // The URL's key, for the fast path's next 304 (currentEtag), if the store is at this version.
      if (this.answers.holds(version.tag)) this.answers.rememberUrl(req.originalUrl, key);
      writeNotModified(res, etag);
      return;
    }
    // Built first: an error (404) goes to the error handler without the validators.
    const answer = await this.answerFor(version, key, etag, build);
    this.answers.rememberUrl(req.originalUrl, key);
    await encodeFor(req, answer);
    writeAnswer(req, res, answer);
  }

  /** The kept answer for `key` at the current version, built if needed (the server-rendered pages read course details here). */
  async answer(keyOf: CatalogueKey, build: (version: CatalogueVersion) => Promise<CatalogueAnswer>): Promise<ReadyAnswer> {
    const version = await this.version();
    const key = keyAt(keyOf, version);
    return this.answerFor(version, key, etagOf(version.tag, key), build);
  }

  /**
   * The current version; or, when the database is down or frozen (the version read fails or
   * takes longer than STALE_AFTER_MS) and an answer for `key` is kept from an earlier version,
   * that answer marked stale: browsing goes on from memory while the database is away.
   */
  private async versionOrStale(keyOf: CatalogueKey): Promise<CatalogueVersion | { stale: ReadyAnswer }> {
    const fresh = this.versions.fresh();
    if (fresh) return fresh;
    const latest = this.versions.latest();
    const kept = latest && this.answers.keptAnswer(keyAt(keyOf, latest));
    if (!kept) return this.version();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), STALE_AFTER_MS);
    });
    try {
      const outcome = await Promise.race([this.version(), late]);
      if (outcome !== 'late') return outcome;
    } catch (err) {
      if (!unavailabilityOf(err)) throw err;
    } finally {
      clearTimeout(timer);
    }
    return { stale: { ...kept, headers: { ...kept.headers, [STALE_HEADER]: 'database unavailable' } } };
  }

  /**
   * The answer to a GET of `url` when it can be sent right now without a database query: the
   * version was read less than maxAgeMs ago and an earlier request to the same URL, or to
   * another spelling of the same list query (keyOfUrl), left its answer for that version. Synchronous, for the server's fast path (catalogue-fast-path.ts);
   * whatever it answers, send() would have answered the same at this moment.
   */
  peek(url: string, req?: IncomingMessage): ReadyAnswer | undefined {
    const fresh = this.versions.fresh();
    if (!fresh || !this.answers.holds(fresh.tag)) return undefined;
    let kept = this.answers.answerOfUrl(url);
    if (!kept) {
      // A list URL never seen (another spelling of a kept question): its key as the route computes it.
      const key = this.keyOfUrl?.(url, fresh);
      kept = key === undefined ? undefined : this.answers.keptAnswer(key);
    }
    // The compressed bytes this client takes are made by send(), never here.
    if (kept && req && !hasBodyFor(req, kept)) return undefined;
    return kept;
  }

  /**
   * The ETag a GET of `url` carries right now, when it can be told without a database query or a
   * kept body: the version was read less than maxAgeMs ago and the URL's key is known (an earlier
   * request to it at this version, or a list query's key from the URL itself). The fast path
   * answers a matching If-None-Match with 304, as send() would: a browser revalidating a page
   * then costs no more than a kept answer, even where this instance keeps no body for it (built
   * by another instance, pushed out, or never asked for here but in revalidations).
   */
  currentEtag(url: string): string | undefined {
    const fresh = this.versions.fresh();
    if (!fresh) return undefined;
    const key = (this.answers.holds(fresh.tag) ? this.answers.keyOfSeenUrl(url) : undefined) ?? this.keyOfUrl?.(url, fresh);
    return key === undefined ? undefined : etagOf(fresh.tag, key);
  }

  private answerFor(
    version: CatalogueVersion,
    key: string,
    etag: string,
    build: (version: CatalogueVersion) => Promise<CatalogueAnswer>,
  ): Promise<ReadyAnswer> | ReadyAnswer {
    const serialised = async () => {
      const answer = await this.inTurn(() => build(version));
      const json = 'json' in answer ? answer.json : JSON.stringify(answer.body);
      return { body: Buffer.from(json), headers: answer.headers ?? {}, etag, encoded: {} };
    };
    if (!this.answers.holds(version.tag)) {
      // A request still holding an older version than the latest read builds without keeping.
      if (this.versions.latest()?.tag !== version.tag) return serialised();
      this.answers.moveTo(version.tag);
    }
    return this.answers.answer(key, serialised);
  }
}

/**
 * The cache of one instance. `options.now` is the app clock (ms): it times the version's max age
 * and is the instant whose next session end the version names (readCatalogueVersion).
 */
export function createCatalogueCache(db: DbOrTx, options?: CatalogueCacheOptions): CatalogueCache {
  const now = options?.now ?? Date.now;
  return new CatalogueCache(() => readCatalogueVersion(db, new Date(now())), { keyOfUrl: catalogueKeyOfUrl, ...options });
}

/** Whether the kept answer already holds the body this client takes (plain, or its encoding). */
function hasBodyFor(req: IncomingMessage, answer: ReadyAnswer): boolean {
  const encoding = acceptedEncoding(req);
  return !encoding || answer.body.length < COMPRESS_MIN_BYTES || answer.encoded[encoding] !== undefined;
}

/** Makes and keeps the encoding this client accepts, unless the answer already has it or is too small to gain. */
async function encodeFor(req: IncomingMessage, answer: ReadyAnswer): Promise<void> {
  const encoding = acceptedEncoding(req);
  if (!encoding || answer.encoded[encoding] || answer.body.length < COMPRESS_MIN_BYTES) return;
  const bytes = await compress(answer.body, encoding);
  answer.encoded[encoding] ??= bytes;
}

/** The cache key of a course's detail (the API's answer and the server-rendered course page share it). */
export const courseDetailKey = (id: string) => `course:${id}`;

/** A cache key, or how a version gives it (a catalogue page's key folds price bounds with the version's prices). */
export type CatalogueKey = string | ((version: CatalogueVersion) => string);

const keyAt = (keyOf: CatalogueKey, version: CatalogueVersion) => (typeof keyOf === 'string' ? keyOf : keyOf(version));

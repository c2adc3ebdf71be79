import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { sql } from 'drizzle-orm';
import vary from 'vary';
import { acceptedEncoding, compress, COMPRESS_MIN_BYTES, type ContentEncoding } from '../../lib/content-encoding.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueVersions } from '../../db/schema.js';
import { unavailabilityOf } from '../../lib/outages.js';

/**
 * The catalogue cache of one API instance: validators (ETag) and ready-to-send answers for
 * catalogue GETs, valid while the catalogue version has not changed.
 *
 * Correctness across instances: the version (catalogue_versions, kept by triggers on every
 * write to courses in the writer's transaction) is re-read at most every `maxAgeMs` by one
 * query shared by all requests, so a change committed on any instance is served everywhere
 * within maxAgeMs + one query. The version is always read before the data it labels, so an
 * ETag never names data older than its version: a stale client is never told "not modified".
 */

export interface CatalogueVersion {
  /** Changes whenever any course changes (including seats and ratings). */
  tag: string;
  /** Exact number of courses at that version (the unfiltered X-Total-Count). */
  courses: number;
}

/** The one query behind the version: 64 counter rows summed (exported for the benchmark's EXPLAIN). */
export function catalogueVersionQuery(db: DbOrTx) {
  return db
    .select({
      // The table's oid tells a recreated or restored database apart from the old one.
      epoch: sql<string>`${sql.raw(`'catalogue_versions'::regclass::oid::text`)}`,
      changes: sql<string>`coalesce(sum(${catalogueVersions.changes}), 0)::text`,
      courses: sql<string>`coalesce(sum(${catalogueVersions.courses}), 0)::text`,
    })
    .from(catalogueVersions);
}

export async function readCatalogueVersion(db: DbOrTx): Promise<CatalogueVersion> {
  const [row] = await catalogueVersionQuery(db);
  if (!row) throw new Error('catalogue version query returned nothing');
  return { tag: `${row.epoch}.${row.changes}`, courses: Number(row.courses) };
}

export interface CatalogueAnswer {
  /** Serialised JSON body. */
  body: unknown;
  headers?: Record<string, string>;
}

/** A serialised answer with its validator, as kept and as sent. */
export interface ReadyAnswer {
  body: Buffer;
  headers: Record<string, string>;
  etag: string;
  /**
   * The body compressed, per encoding, made once by the first request that asks for it (off
   * the fast path) and kept with the answer: later hits send these bytes with no compression work.
   */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

export interface CatalogueCacheOptions {
  /** How long a version read is trusted; the "visible everywhere within 1 s" budget. */
  maxAgeMs?: number;
  /** Memory bound of the kept answers (least recently used go first). */
  maxBytes?: number;
  /** How many request URLs are remembered with their cache key (for peek). */
  maxUrls?: number;
  now?: () => number;
}

/** Marks a kept answer sent while the database is unavailable (its value says why). */
export const STALE_HEADER = 'X-Catalogue-Stale';

/** A version read slower than this counts as a database that is not answering. */
const STALE_AFTER_MS = 1_000;

/** Browsers and proxies may keep an answer but must ask again (cheaply, with If-None-Match) before using it. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export class CatalogueCache {
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;
  private readonly maxUrls: number;
  private readonly now: () => number;

  private known: { version: CatalogueVersion; readAt: number } | undefined;
  private reading: Promise<CatalogueVersion> | undefined;
  private generation = 0;

  private answersTag = '';
  private readonly answers = new Map<string, ReadyAnswer | Promise<ReadyAnswer>>();
  private answerBytes = 0;
  /** Request URL as received → the key its validated query gave; the mapping never changes. */
  private readonly keysOfUrls = new Map<string, string>();

  constructor(
    private readonly readVersion: () => Promise<CatalogueVersion>,
    options: CatalogueCacheOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 500;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxUrls = options.maxUrls ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The version read less than maxAgeMs ago, if there is one. */
  private freshVersion(): CatalogueVersion | undefined {
    const known = this.known;
    return known && this.now() - known.readAt < this.maxAgeMs ? known.version : undefined;
  }

  /** The current version: from memory when read less than maxAgeMs ago, else one shared read. */
  version(): Promise<CatalogueVersion> {
    const fresh = this.freshVersion();
    if (fresh) return Promise.resolve(fresh);
    if (this.reading) return this.reading;
    const generation = this.generation;
    const startedAt = this.now();
    const reading = this.readVersion().then(
      (version) => {
        // A read started before invalidate() may predate the write: it must not be kept.
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

  /** After a write through this instance: the next request reads the version again. */
  invalidate(): void {
    this.generation += 1;
    this.known = undefined;
    this.reading = undefined;
  }

  /**
   * Answers a catalogue GET: 304 when the client's ETag is current (no database query),
   * else the kept answer for `key`, else `build` (one build shared by concurrent requests).
   * `key` must determine the answer completely (e.g. the normalised query).
   */
  async send(
    req: Request,
    res: Response,
    key: string,
    build: (version: CatalogueVersion) => Promise<CatalogueAnswer>,
  ) {
    const version = await this.versionOrStale(key);
    if ('stale' in version) {
      writeAnswer(req, res, version.stale);
      return;
    }
    const etag = etagOf(version.tag, key);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      writeNotModified(res, etag);
      return;
    }
    // Built first: an error (404) goes to the error handler without the validators.
    const answer = await this.answerFor(version, key, etag, build);
    this.rememberUrl(req.originalUrl, key);
    await this.encodeFor(req, answer);
    writeAnswer(req, res, answer);
  }

  /** The kept answer for `key` at the current version, built if needed (the server-rendered pages read course details here). */
  async answer(key: string, build: (version: CatalogueVersion) => Promise<CatalogueAnswer>): Promise<ReadyAnswer> {
    const version = await this.version();
    return this.answerFor(version, key, etagOf(version.tag, key), build);
  }

  /** Makes and keeps the encoding this client accepts, unless the answer already has it or is too small to gain. */
  private async encodeFor(req: IncomingMessage, answer: ReadyAnswer): Promise<void> {
    const encoding = acceptedEncoding(req);
    if (!encoding || answer.encoded[encoding] || answer.body.length < COMPRESS_MIN_BYTES) return;
    const bytes = await compress(answer.body, encoding);
    if (answer.encoded[encoding]) return;
    answer.encoded[encoding] = bytes;
    if (this.answers.get(answerKeyOf(answer)) === answer) this.answerBytes += bytes.length;
  }

  /**
   * The current version; or, when the database is down or frozen (the version read fails or
   * takes longer than STALE_AFTER_MS) and an answer for `key` is kept from an earlier version,
   * that answer marked stale: browsing goes on from memory while the database is away.
   */
  private async versionOrStale(key: string): Promise<CatalogueVersion | { stale: ReadyAnswer }> {
    const fresh = this.freshVersion();
    if (fresh) return fresh;
    const kept = this.answers.get(key);
    if (!kept || kept instanceof Promise) return this.version();
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
   * version was read less than maxAgeMs ago and an earlier request to the same URL left its
   * answer for that version. Synchronous, for the server's fast path (catalogue-fast-path.ts);
   * whatever it answers, send() would have answered the same at this moment.
   */
  peek(url: string, req?: IncomingMessage): ReadyAnswer | undefined {
    if (this.freshVersion()?.tag !== this.answersTag) return undefined;
    const key = this.keysOfUrls.get(url);
    if (key === undefined) return undefined;
    const kept = this.answers.get(key);
    if (!kept || kept instanceof Promise) return undefined;
    // The compressed bytes this client takes are made by send(), never here.
    if (req && !hasBodyFor(req, kept)) return undefined;
    this.markUsed(key, kept);
    return kept;
  }

  /** Most recently used goes last; eviction takes from the front. */
  private markUsed(key: string, kept: ReadyAnswer | Promise<ReadyAnswer>): void {
    this.answers.delete(key);
    this.answers.set(key, kept);
  }

  private rememberUrl(url: string, key: string): void {
    if (this.keysOfUrls.get(url) === key) return;
    this.keysOfUrls.set(url, key);
    if (this.keysOfUrls.size > this.maxUrls) {
      const oldest = this.keysOfUrls.keys().next();
      if (!oldest.done) this.keysOfUrls.delete(oldest.value);
    }
  }

  private answerFor(
    version: CatalogueVersion,
    key: string,
    etag: string,
    build: (version: CatalogueVersion) => Promise<CatalogueAnswer>,
  ): Promise<ReadyAnswer> | ReadyAnswer {
    if (version.tag !== this.answersTag) {
      // A request still holding an older version than the latest read builds without keeping.
      if (this.known?.version.tag !== version.tag) return this.serialise(build(version), etag);
      this.answers.clear();
      this.answerBytes = 0;
      this.answersTag = version.tag;
    }
    const kept = this.answers.get(key);
    if (kept) {
      this.markUsed(key, kept);
      return kept;
    }
    const building = this.serialise(build(version), etag).then((ready) => {
      if (this.answers.get(key) === building) this.keep(key, ready);
      return ready;
    });
    // A failed build (unknown course, database down) is not kept: the next request tries again.
    building.catch(() => {
      if (this.answers.get(key) === building) this.answers.delete(key);
    });
    this.answers.set(key, building);
    return building;
  }

  private async serialise(answer: Promise<CatalogueAnswer>, etag: string): Promise<ReadyAnswer> {
    const { body, headers } = await answer;
    return { body: Buffer.from(JSON.stringify(body)), headers: headers ?? {}, etag, encoded: {} };
  }

  private keep(key: string, ready: ReadyAnswer): void {
    this.answers.set(key, ready);
    keyOfAnswer.set(ready, key);
    this.answerBytes += sizeOf(ready);
    for (const [oldKey, old] of this.answers) {
      if (this.answerBytes <= this.maxBytes) break;
      if (old instanceof Promise) continue;
      this.answers.delete(oldKey);
      this.answerBytes -= sizeOf(old);
    }
  }
}

export function createCatalogueCache(db: DbOrTx, options?: CatalogueCacheOptions): CatalogueCache {
  return new CatalogueCache(() => readCatalogueVersion(db), options);
}

const keyOfAnswer = new WeakMap<ReadyAnswer, string>();
const answerKeyOf = (answer: ReadyAnswer) => keyOfAnswer.get(answer) ?? '';
const sizeOf = (answer: ReadyAnswer) =>
  answer.body.length + (answer.encoded.br?.length ?? 0) + (answer.encoded.gzip?.length ?? 0);

/** Whether the kept answer already holds the body this client takes (plain, or its encoding). */
function hasBodyFor(req: IncomingMessage, answer: ReadyAnswer): boolean {
  const encoding = acceptedEncoding(req);
  return !encoding || answer.body.length < COMPRESS_MIN_BYTES || answer.encoded[encoding] !== undefined;
}

/** 304 for a current ETag: the validators again, no body. */
function writeNotModified(res: ServerResponse, etag: string): void {
  res.setHeader('Cache-Control', CATALOGUE_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  vary(res, 'Accept-Encoding');
  res.statusCode = 304;
  res.end();
}

/** A kept answer, or 304 when the client already holds it. The one writer of both paths. */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: ReadyAnswer): void {
  if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
    writeNotModified(res, answer.etag);
    return;
  }
  res.setHeader('Cache-Control', CATALOGUE_CACHE_CONTROL);
  res.setHeader('ETag', answer.etag);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  vary(res, 'Accept-Encoding');
  const encoding = acceptedEncoding(req);
  const encoded = encoding && answer.encoded[encoding];
  if (encoding && encoded) res.setHeader('Content-Encoding', encoding);
  const body = encoded || answer.body;
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Strong validator: the same version and key always give the same bytes. */
export function etagOf(versionTag: string, key: string): string {
  return `"${createHash('sha1').update(versionTag).update('\n').update(key).digest('base64url')}"`;
}

/** If-None-Match: `*`, one tag or a list; weak comparison (W/ ignored), as RFC 9110 asks for GET. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * For writes through this instance (course edits, reviews): the version is re-read before
 * the answer leaves, so the writer's next read already shows its change.
 */
export function refreshAfterWrites(cache: CatalogueCache): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      cache.invalidate();
      return end(...args);
    }) as Response['end'];
    next();
  };
}

/** The cache key of a course's detail (the API's answer and the server-rendered course page share it). */
export const courseDetailKey = (id: string) => `course:${id}`;

/** The cache key of a catalogue page: the validated query with its keys in a fixed order. */
export function catalogueKey(query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `courses:${JSON.stringify(entries)}`;
}

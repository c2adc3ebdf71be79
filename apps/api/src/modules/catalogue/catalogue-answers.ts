import { LRUCache } from 'lru-cache';
import type { ReadyAnswer } from './conditional-get.js';

/**
 * The answer store: ready-to-send catalogue answers of one catalogue version, bounded in bytes
 * (least recently used go first, lru-cache), one build shared by concurrent requests for a key,
 * and the request URLs whose validated query gave each key (for the fast path's peek).
 *
 * Admission (issue 38, decision 0282): while the answers fit, every built answer is kept. Once
 * keeping one would push another out, an answer is kept only if its key was asked for before,
 * within the last `maxSeenOnce` keys asked for once (the "doorkeeper", an LRU of keys): a flood
 * of one-off queries then builds its answers without keeping them, and the answers most
 * customers ask for stay.
 */
export interface AnswerStoreOptions {
  maxBytes: number;
  maxUrls: number;
  /** How many keys asked for once (and not kept) are remembered; their second ask is admitted. */
  maxSeenOnce: number;
}

export class AnswerStore {
  /** The version tag the kept answers belong to. */
  private tag = '';
  private readonly kept: LRUCache<string, ReadyAnswer>;
  private readonly building = new Map<string, Promise<ReadyAnswer>>();
  /**
   * Request URL as received → the key its validated query gave at this version (a page's key
   * may fold a price bound with the version's prices, so the mapping is forgotten with them).
   */
  private readonly keysOfUrls: LRUCache<string, string>;
  /** Keys built but not kept (no room and not asked for before): the doorkeeper. Outlives versions. */
  private readonly seenOnce: LRUCache<string, true>;
  private readonly maxBytes: number;

  constructor(options: AnswerStoreOptions) {
    this.maxBytes = options.maxBytes;
    this.kept = new LRUCache({ maxSize: options.maxBytes, sizeCalculation: answerSize });
    this.keysOfUrls = new LRUCache({ max: options.maxUrls });
    this.seenOnce = new LRUCache({ max: Math.max(1, options.maxSeenOnce) });
  }

  /** Whether the kept answers belong to `tag`. */
  holds(tag: string): boolean {
    return this.tag === tag;
  }

  /** Forgets every answer: they belonged to an older version. */
  moveTo(tag: string): void {
    this.kept.clear();
    this.building.clear();
    this.keysOfUrls.clear();
    this.tag = tag;
  }

  /** The kept answer of the URL, if an earlier request left one (synchronous, for the fast path). */
  answerOfUrl(url: string): ReadyAnswer | undefined {
    // `get`, not `peek`: a URL asked for often stays while one-off URLs come and go.
    const key = this.keysOfUrls.get(url);
    return key === undefined ? undefined : this.kept.get(key);
  }

  /** The key an earlier request to `url` gave at the version the store holds (its answer may be gone). */
  keyOfSeenUrl(url: string): string | undefined {
    return this.keysOfUrls.get(url);
  }

  /** The answer kept for `key` (of the version the store holds), without building one. */
  keptAnswer(key: string): ReadyAnswer | undefined {
    return this.kept.get(key);
  }

  rememberUrl(url: string, key: string): void {
    if (this.keysOfUrls.peek(url) !== key) this.keysOfUrls.set(url, key);
  }

  /** The kept answer for `key`, else the one being built, else `build()` shared and kept when it succeeds. */
  answer(key: string, build: () => Promise<ReadyAnswer>): ReadyAnswer | Promise<ReadyAnswer> {
    const kept = this.kept.get(key);
    if (kept) return kept;
    const pending = this.building.get(key);
    if (pending) return pending;
    const tag = this.tag;
    const building = build().then(
      (ready) => {
        if (this.building.get(key) === building) {
          this.building.delete(key);
          if (this.tag === tag && this.admits(key, ready)) this.kept.set(key, ready);
        }
        return ready;
      },
      (err: unknown) => {
        // A failed build (unknown course, database down) is not kept: the next request tries again.
        if (this.building.get(key) === building) this.building.delete(key);
        throw err;
      },
    );
    this.building.set(key, building);
    return building;
  }

  /** Whether a built answer is kept: when it fits without pushing another out, or on its key's second ask. */
  private admits(key: string, ready: ReadyAnswer): boolean {
    if (this.kept.calculatedSize + answerSize(ready) <= this.maxBytes) return true;
    if (this.seenOnce.delete(key)) return true;
    this.seenOnce.set(key, true);
    return false;
  }
}

/**
 * The bytes an answer is counted for: its body plus room for the compressed copies send() may
 * add later (Brotli and gzip of JSON together stay well under half the body).
 */
const answerSize = (answer: ReadyAnswer) => Math.max(1, Math.ceil(answer.body.length * 1.5));

/**
 * The catalogue's public face (docs/decisions/0292), apart from courses.service.ts: modules
 * that write what the catalogue shows (sessions, reviews, orders' seats) tell it through
 * `courseChanged`, and the web client reads the cache's keys. courses.service.ts itself uses
 * the sessions and reviews services, so they could not import it without a cycle.
 */
export {
  courseChanged,
  catalogueKey,
  courseDetailKey,
  type CatalogueCache,
  type ReadyAnswer,
} from './catalogue-cache.js';

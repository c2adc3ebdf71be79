import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DomainEvents } from './events/event-bus.js';
import type { AccessGuards } from './http/route.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './logger.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { PaymentProvider } from './modules/payments/provider.js';

/**
 * Everything the app needs from the outside, injected so tests can swap each piece. Its own
 * module so that nothing imports app.ts (app.ts composes the modules; they never reach back).
 */
export interface AppDeps {
  database: Database;
  config: Config;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** Set when REDIS_URL is: rate-limit counters shared by every API instance (keys start with keyPrefix). */
  redis?: { client: Redis; keyPrefix: string };
  /** Set by server.ts: `stopping` turns true on SIGTERM (health answers 503 from then on). */
  lifecycle?: { stopping: boolean };
  /**
   * How long this instance trusts its last read of the catalogue version (the "other instances
   * follow within" budget, default 500 ms). Tests that write behind the API's back set 0.
   */
  catalogueMaxAgeMs?: number;
  /** Replaces the payment provider the settings name (KONNECT_*, or the built-in test gateway). */
  paymentProvider?: PaymentProvider;
}

/** What a committed `courseChanged` event tells this instance's catalogue (app.ts subscribes it). */
export interface CourseChanges {
  /** A course changed (seats, price, text, rating, created or deleted) and the write committed. */
  courseChanged(): void;
}

/** The app's dependencies plus what createApp builds once per instance: what routers receive. */
export interface AppContext extends AppDeps {
  /**
   * The domain-event bus as writers see it (issue 50): a change records its events in its
   * transaction, and app.ts's subscribers (mails, the catalogue, the waitlist's offer mails)
   * get them once it commits.
   */
  events: DomainEvents;
  /**
   * The guards behind `access: 'user' | 'admin'` of apiRoutes, built once by app.ts (identity's
   * accessGuards) and handed to every router (issue 50).
   */
  guards: AccessGuards;
}

/**
 * The one argument shape of services: the database, the clock, the mailer, the configuration,
 * the logger, and the event bus their changes record into. Services take it first; what the
 * request adds (the user, the input) follows.
 */
export type ServiceContext = Pick<AppContext, 'database' | 'config' | 'clock' | 'logger' | 'mailer' | 'events'>;

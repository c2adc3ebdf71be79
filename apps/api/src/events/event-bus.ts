import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import type { DomainEvent, DomainEventName, DomainEventOf } from './domain-events.js';

/** What a writer records its events into, inside its transaction. */
export interface EventRecorder {
  record(event: DomainEvent): void;
}

/** A transaction handle as Drizzle gives it to `db.transaction`'s callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The bus as the writers see it (`ServiceContext.events`). */
export interface DomainEvents {
  /**
   * `db.transaction(work)`, where `work` records the change's events; they are delivered once the
   * transaction has committed (before this resolves, in the order recorded) and dropped when it
   * rolls back (`work` threw, or the commit failed).
   */
  transaction<T>(db: Db, work: (tx: Tx, events: EventRecorder) => Promise<T>): Promise<T>;
  /** Delivers events of a change that needs no transaction of its own (it has committed already). */
  publish(events: readonly DomainEvent[]): Promise<void>;
}

export type Subscriber<K extends DomainEventName> = (event: DomainEventOf<K>) => void | Promise<void>;

/** The whole bus: app.ts subscribes the reactions once, writers publish through `DomainEvents`. */
export interface EventBus extends DomainEvents {
  subscribe<K extends DomainEventName>(type: K, name: string, subscriber: Subscriber<K>): void;
}

/**
 * An in-process bus: delivery is after commit and on this instance only, so anything that must
 * happen once across instances (a mail) keeps its own claim in the database; the bus only
 * decides *when* it is tried. Subscribers of an event run one after another in the order they
 * were subscribed, each awaited (a mail subscriber reads the order and queues its mail before
 * the request answers, as the writers did when they called it). One that throws is logged and
 * the others still run: the change has committed and the request that made it succeeds.
 */
export function createEventBus(logger: Pick<Logger, 'error'>): EventBus {
  const subscribers = new Map<DomainEventName, { name: string; run: (event: DomainEvent) => void | Promise<void> }[]>();

  async function publish(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      for (const subscriber of subscribers.get(event.type) ?? []) {
        try {
          await subscriber.run(event);
        } catch (err) {
          logger.error({ err, event: event.type, subscriber: subscriber.name }, 'event subscriber failed; the change stands');
        }
      }
    }
  }

  return {
    subscribe(type, name, subscriber) {
      const list = subscribers.get(type) ?? [];
      list.push({ name, run: subscriber as (event: DomainEvent) => void | Promise<void> });
      subscribers.set(type, list);
    },
    publish,
    async transaction<T>(db: Db, work: (tx: Tx, events: EventRecorder) => Promise<T>): Promise<T> {
      const recorded: DomainEvent[] = [];
      let open = true;
      const recorder: EventRecorder = {
        record(event) {
          // A recorder kept past its transaction would publish what no commit covers.
          if (!open) throw new Error(`event ${event.type} recorded after its transaction ended`);
          recorded.push(event);
        },
      };
      let result: T;
      try {
        result = await db.transaction((tx) => work(tx, recorder));
      } finally {
        open = false;
      }
      // Reached only once COMMIT succeeded: a rollback threw above and its events are dropped.
      await publish(recorded);
      return result;
    },
  };
}

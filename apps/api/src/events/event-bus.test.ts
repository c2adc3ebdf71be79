import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/context.js';
import type { DomainEvent } from './domain-events.js';
import { createEventBus, type EventBus } from './event-bus.js';

/** A row written by the transaction under test, so a test sees whether it committed. */
const subscribe = (db: Database['db'], email: string) =>
  db.execute(sql`insert into newsletter_subscribers (email) values (${email})`);
async function subscribed(db: Database['db'], email: string): Promise<number | undefined> {
  const result = (await db.execute(sql`select count(*)::int as n from newsletter_subscribers where email = ${email}`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n;
}

function busWithLog() {
  const errors: unknown[] = [];
  const bus = createEventBus({ error: (...args: unknown[]) => void errors.push(args) } as never);
  const delivered: string[] = [];
  return { bus, errors, delivered };
}

describe('event bus (events recorded in a transaction, delivered after its commit)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('delivers what a transaction recorded once it has committed, not while it is open', async () => {
    const { bus, delivered } = busWithLog();
    let committedWhenDelivered: number | undefined;
    bus.subscribe('orderPaid', 'probe', async (event) => {
      delivered.push(event.orderId);
      // Another connection's view: the row is there, so the commit came first.
      committedWhenDelivered = await subscribed(database.db, 'a@example.tn');
    });
    await bus.transaction(database.db, async (tx, events) => {
      await subscribe(tx as never, 'a@example.tn');
      events.record({ type: 'orderPaid', orderId: 'o1' });
      expect(delivered).toEqual([]);
    });
    expect(delivered).toEqual(['o1']);
    expect(committedWhenDelivered).toBe(1);
  });

  it('delivers nothing when the transaction rolls back after recording, and the error reaches the caller', async () => {
    const { bus, delivered } = busWithLog();
    bus.subscribe('orderCancelled', 'probe', (event) => void delivered.push(event.orderId));
    bus.subscribe('courseChanged', 'probe', () => void delivered.push('course'));
    await expect(
      bus.transaction(database.db, async (tx, events) => {
        await subscribe(tx as never, 'b@example.tn');
        events.record({ type: 'orderCancelled', orderId: 'o2' });
        events.record({ type: 'courseChanged' });
        throw new Error('refused after recording');
      }),
    ).rejects.toThrow('refused after recording');
    expect(await subscribed(database.db, 'b@example.tn')).toBe(0);
    expect(delivered).toEqual([]);
    // The next committed transaction of the same bus delivers only its own events.
    await bus.transaction(database.db, async (_tx, events) => events.record({ type: 'orderCancelled', orderId: 'o3' }));
    expect(delivered).toEqual(['o3']);
  });

  it('delivers nothing when a statement after the recording fails (a unique violation rolls it back)', async () => {
    const { bus, delivered } = busWithLog();
    bus.subscribe('orderPaid', 'probe', (event) => void delivered.push(event.orderId));
    await database.db.execute(sql`insert into newsletter_subscribers (email) values ('dup@example.tn')`);
    await expect(
      bus.transaction(database.db, async (tx, events) => {
        events.record({ type: 'orderPaid', orderId: 'o4' });
        await subscribe(tx as never, 'DUP@example.tn');
      }),
    ).rejects.toThrow();
    expect(delivered).toEqual([]);
  });

  it('delivers events in the order recorded, each to its subscribers in the order subscribed', async () => {
    const { bus, delivered } = busWithLog();
    bus.subscribe('orderPaid', 'first', (e) => void delivered.push(`first:paid:${e.orderId}`));
    bus.subscribe('courseChanged', 'first', () => void delivered.push('first:course'));
    bus.subscribe('orderPaid', 'second', async (e) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      delivered.push(`second:paid:${e.orderId}`);
    });
    await bus.transaction(database.db, async (_tx, events) => {
      events.record({ type: 'orderPaid', orderId: 'x' });
      events.record({ type: 'courseChanged' });
      events.record({ type: 'orderPaid', orderId: 'y' });
    });
    expect(delivered).toEqual(['first:paid:x', 'second:paid:x', 'first:course', 'first:paid:y', 'second:paid:y']);
  });

  it('a subscriber that throws is logged; the others still run and the transaction answers', async () => {
    const { bus, delivered, errors } = busWithLog();
    bus.subscribe('orderPaid', 'breaks', () => {
      throw new Error('mail server down');
    });
    bus.subscribe('orderPaid', 'rejects', () => Promise.reject(new Error('slow refusal')));
    bus.subscribe('orderPaid', 'after', (e) => void delivered.push(e.orderId));
    const answer = await bus.transaction(database.db, async (tx, events) => {
      await subscribe(tx as never, 'c@example.tn');
      events.record({ type: 'orderPaid', orderId: 'z' });
      return 'answered';
    });
    expect(answer).toBe('answered');
    expect(delivered).toEqual(['z']);
    expect(errors).toHaveLength(2);
    expect(await subscribed(database.db, 'c@example.tn')).toBe(1);
  });

  it('refuses a recorder used after its transaction ended (it would publish what no commit covers)', async () => {
    const { bus } = busWithLog();
    let kept: Parameters<Parameters<EventBus['transaction']>[1]>[1] | undefined;
    await bus.transaction(database.db, async (_tx, events) => {
      kept = events;
    });
    const late: DomainEvent = { type: 'courseChanged' };
    expect(() => kept?.record(late)).toThrow(/after its transaction ended/);
  });
});

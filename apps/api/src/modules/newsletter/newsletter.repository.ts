import { newsletterSubscribers } from './newsletter.schema.js';
import type { DbOrTx } from '../../db/client.js';

/** Adds an address once; a second subscription of the same address (any case) changes nothing. */
export async function addSubscriber(db: DbOrTx, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email: email.toLowerCase() }).onConflictDoNothing();
}

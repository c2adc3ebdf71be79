import { z } from '../zod.js';
import { sessionSchema } from './sessions.js';

/**
 * The waitlist of a full session (issue 34): a customer waits for seats, and seats
 * freed in the session are offered to the first in line, held for them alone for a while.
 */
export const WAITLIST_SEATS_MAX = 10;

/** Body of `POST /api/sessions/{id}/waitlist`: how many seats the customer wants (default 1). */
export const joinWaitlistBodySchema = z
  .object({
    seats: z
      .number({ error: 'Seats must be a number' })
      .int('Seats must be a whole number')
      .min(1, 'Seats must be at least 1')
      .max(WAITLIST_SEATS_MAX, `Seats must be at most ${WAITLIST_SEATS_MAX}`)
      .optional(),
  })
  .strict()
  .optional();
export type JoinWaitlistBody = z.input<typeof joinWaitlistBodySchema>;

/** Answer of joining: the place in line, 1 = first. */
export const waitlistPositionSchema = z.object({ position: z.number().int() });
export type WaitlistPosition = z.infer<typeof waitlistPositionSchema>;

/**
 * Seats held for the customer: `expiresAt` is when they go to the next in line (null for the
 * moment between the seats being freed and the offer mail going out, when the time starts).
 */
export const waitlistOfferSchema = z.object({
  seats: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** One entry of `GET /api/waitlist` (the signed-in customer's waitlists). */
export const waitlistEntrySchema = z.object({
  session: sessionSchema,
  course: z.object({ _id: z.string(), name: z.string() }),
  position: z.number().int(),
  offer: waitlistOfferSchema.nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistEntriesSchema = z.array(waitlistEntrySchema);

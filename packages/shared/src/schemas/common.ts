import { z } from 'zod';

/** Every error answer of the API (CONTRACT §4). */
export const errorSchema = z.object({
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** Ids are opaque strings; the server uses UUIDs and answers 404 for anything else. */
export const idSchema = z.string().min(1);

const MONEY_MAX = 1_000_000;

/** Money: non-negative, at most two decimals. */
export const moneySchema = z
  .number({ error: 'Must be a number' })
  .finite()
  .min(0, 'Must be 0 or more')
  .max(MONEY_MAX, `Must be at most ${MONEY_MAX}`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals');

export const isoDateSchema = z.string();

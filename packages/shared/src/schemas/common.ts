import { z } from '../zod.js';
import { PAGE_LIMIT_MAX } from '../constants.js';

/** Every error answer of the API (docs/api.md#basics). */
export const errorSchema = z.object({
  message: z.string(),
  /** Stable, for clients to translate (ERROR_CODES; issue 18). */
  code: z.string().optional(),
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

/** A whole number in a query string (every query value arrives as a string), with messages naming the parameter. */
export const queryIntSchema = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );

/** Highest page number a list accepts (far beyond any real list; keeps OFFSET bounded). */
export const PAGE_MAX = 100_000;

/**
 * `page` (from 1) and `limit` (1 to 100) of every paged list: courses, orders and users. Each
 * list chooses its default page size; the total goes in the `X-Total-Count` header.
 */
export const pageQuerySchema = z.object({
  page: queryIntSchema('page', 1, PAGE_MAX).optional(),
  limit: queryIntSchema('limit', 1, PAGE_LIMIT_MAX).optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** `true` or `false` in a query string, as a boolean. */
export const queryBooleanSchema = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .transform((v) => v === 'true');

/** A calendar day `YYYY-MM-DD` in a query string (the shop's days are Tunis days). */
export const queryDaySchema = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, `${label} must be a real date`);

/** A search text of the admin lists (trimmed; empty means no search). */
export const querySearchSchema = z
  .string()
  .trim()
  .max(200, 'q must be at most 200 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

/** `from` must not be after `to` (days compare as text). */
export const dayRangeInOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;

import { z } from '../zod.js';
import {
  ADMIN_COURSE_SORTS,
  AUDIT_ENTITIES,
  ORDER_ACTORS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  STATS_INTERVALS,
} from '../constants.js';
import { CATEGORIES } from '../categories.js';
import {
  dayRangeInOrder,
  pageQuerySchema,
  queryBooleanSchema,
  queryDaySchema,
  querySearchSchema,
} from './common.js';

const fromNotAfterTo = { message: 'from must not be after to', path: ['from'] };

/**
 * Query of `GET /api/admin/stats`: the days (Tunis time, inclusive) and the revenue buckets.
 * Absent: the last 30 days, by day.
 */
export const statsQuerySchema = z
  .object({
    from: queryDaySchema('from').optional(),
    to: queryDaySchema('to').optional(),
    interval: z
      .enum(STATS_INTERVALS, { error: `interval must be one of ${STATS_INTERVALS.join(', ')}` })
      .optional(),
  })
  .refine(dayRangeInOrder, fromNotAfterTo);
export type StatsQuery = z.output<typeof statsQuerySchema>;

export const statsSchema = z.object({
  from: z.string().meta({ description: 'First day of the period (YYYY-MM-DD, Tunis time)' }),
  to: z.string().meta({ description: 'Last day of the period (YYYY-MM-DD, Tunis time)' }),
  interval: z.enum(STATS_INTERVALS),
  /** Money that came in (orders paid in the period and not refunded), per bucket, empty buckets included. */
  revenue: z.array(z.object({ period: z.string(), revenue: z.number(), orders: z.number().int() })),
  revenueTotal: z.number(),
  /** Orders placed in the period, by their status now. */
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number().int() })),
  /** Seats sold (paid or learned orders placed in the period) and seats left now, per course, most sold first. */
  seats: z.array(
    z.object({
      course: z.string().nullable(),
      name: z.string(),
      sold: z.number().int(),
      left: z.number().int().nullable(),
    }),
  ),
  /** Courses by revenue in the period (paid or learned orders), best first. */
  topCourses: z.array(
    z.object({
      course: z.string().nullable(),
      name: z.string(),
      revenue: z.number(),
      seats: z.number().int(),
    }),
  ),
  /**
   * The customers to call: unpaid In Place and Transfer orders whose hold ends in the next 24
   * hours, and Transfer orders whose proof of payment waits for a check (issue 36), soonest first.
   */
  holdsEnding: z.array(
    z.object({
      _id: z.string(),
      user: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string() }),
      totalPrice: z.number(),
      holdExpiresAt: z.string(),
      paymentMethod: z.enum(PAYMENT_METHODS).optional(),
      /** A Transfer order whose proof waits for a check (issue 36). */
      proofWaiting: z.boolean().optional(),
    }),
  ),
  /** Sessions not ended nor cancelled, soonest first (issue 33): seats taken, capacity, fill rate = taken / capacity (0 to 1, two decimals). */
  upcomingSessions: z.array(
    z.object({
      _id: z.string(),
      course: z.string(),
      name: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      place: z.string(),
      capacity: z.number().int(),
      taken: z.number().int(),
      fillRate: z.number(),
    }),
  ),
});
export type Stats = z.infer<typeof statsSchema>;

/** Query of the admin course list `GET /api/admin/courses`. */
export const adminCourseListQuerySchema = pageQuerySchema.extend({
  q: querySearchSchema,
  /** A draft (ADD, not saved yet) or a published course; absent: both. */
  status: z.enum(['draft', 'published'], { error: 'status must be draft or published' }).optional(),
  category: z
    .enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` })
    .optional(),
  soldOut: queryBooleanSchema('soldOut').optional(),
  sort: z
    .enum(ADMIN_COURSE_SORTS, { error: `sort must be one of ${ADMIN_COURSE_SORTS.join(', ')}` })
    .optional(),
});
export type AdminCourseListQuery = z.output<typeof adminCourseListQuerySchema>;

/** Query of `GET /api/admin/audit`: newest first, filtered by what, which one, what was done, who and when. */
export const auditQuerySchema = pageQuerySchema
  .extend({
    entity: z
      .enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` })
      .optional(),
    entityId: z.uuid('entityId must be an id').optional(),
    action: z.string().trim().min(1).max(50).optional(),
    actor: z.uuid('actor must be a user id').optional(),
    from: queryDaySchema('from').optional(),
    to: queryDaySchema('to').optional(),
  })
  .refine(dayRangeInOrder, fromNotAfterTo);
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  _id: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  actor: z.object({ _id: z.string().nullable(), name: z.string(), role: z.enum(ORDER_ACTORS) }),
  /** The fields that changed: `{ field: { from, to } }`. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  at: z.string(),
});
export type AuditEventJson = z.infer<typeof auditEventSchema>;

/** Answer of a picture upload: its URL (the largest copy) and the resized copies for `srcset`. */
export const uploadedImageSchema = z.object({
  _id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** `"/api/images/{id}/320 320w, …"`, ready for an `<img srcset>`. */
  srcset: z.string(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/**
 * One line of the dashboard's "payments to refund" (`GET /api/admin/refunds`, issue 31): a
 * refund due, oldest first (issue 49: one line per refund, so an order may have several), with
 * what the admin needs to refund it (`reference` names it to `PUT /api/orders/{id}/refund`).
 */
export const refundDueSchema = z.object({
  _id: z.string().meta({ description: 'The order' }),
  user: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string() }),
  status: z.enum(ORDER_STATUSES),
  amount: z.number(),
  provider: z.string(),
  reference: z.string().nullable(),
  dueAt: z.string(),
});
export type RefundDue = z.infer<typeof refundDueSchema>;

import { z } from '../zod.js';
import { moneySchema } from './common.js';
import { orderItemInputSchema } from './orders.js';
import { ORDER_LINES_MAX } from '../constants.js';

/** Coupons (docs/api.md#coupons, issue 37). */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** The refusal codes of a promo code, shared by the check call and `POST /api/orders`. */
export const COUPON_ERROR_CODES = ['COUPON_INVALID', 'COUPON_EXPIRED', 'COUPON_USED_UP', 'COUPON_NOT_APPLICABLE'] as const;
export type CouponErrorCode = (typeof COUPON_ERROR_CODES)[number];

/** A promo code as typed: trimmed, 1–40 letters, digits, `-` or `_`; compared without regard to case. */
export const couponCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(40, 'Code must be at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Code may contain only letters, digits, - and _');

const dateInput = (name: string) =>
  z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), `${name} must be a date (ISO 8601)`)
    .nullable()
    .optional();
const limitInput = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(1_000_000)
    .nullable()
    .optional();

/** Body of `POST /api/coupons` and `PUT /api/coupons/{id}` (admin). */
export const couponBodySchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS, { error: 'Kind must be percent or fixed' }),
    value: moneySchema.refine((v) => v > 0, 'Value must be more than 0'),
    startsAt: dateInput('startsAt'),
    endsAt: dateInput('endsAt'),
    maxUses: limitInput('maxUses'),
    maxUsesPerCustomer: limitInput('maxUsesPerCustomer'),
    courses: z.array(z.string().uuid('Each course must be a course id')).max(200).optional(),
    categories: z.array(z.string().trim().min(1).max(50)).max(50).optional(),
    minItemsPrice: moneySchema.nullable().optional(),
    disabled: z.boolean().optional(),
  })
  .refine((c) => c.kind !== 'percent' || c.value <= 100, { message: 'A percentage is at most 100', path: ['value'] })
  .refine((c) => !c.startsAt || !c.endsAt || Date.parse(c.startsAt) < Date.parse(c.endsAt), {
    message: 'startsAt must be before endsAt',
    path: ['endsAt'],
  });
export type CouponBody = z.infer<typeof couponBodySchema>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  courses: z.array(z.string()),
  categories: z.array(z.string()),
  minItemsPrice: z.number().nullable(),
  /** Orders that use it now (a cancelled or expired order gives its use back). */
  uses: z.number().int(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** Body of `POST /api/coupons/check` (signed in). */
export const couponCheckBodySchema = z.object({
  code: couponCodeSchema,
  orderItems: z
    .array(orderItemInputSchema, { error: 'No order items' })
    .min(1, 'No order items')
    .max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines per order`),
});
export type CouponCheckBody = z.infer<typeof couponCheckBodySchema>;

/** 200 of the check call: the amounts the order would have with the code (shared calculator). */
export const couponCheckSchema = z.object({
  code: z.string(),
  discountPrice: z.number(),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  /**
   * Tax per rate and the stamp duty (issue 52), as the order would have them; present when the
   * shop prices beyond the spec (a rate other than 15 %, or a stamp duty).
   */
  taxLines: z.array(z.object({ rate: z.number(), base: z.number(), amount: z.number() })).optional(),
  stampDuty: z.number().optional(),
  totalPrice: z.number(),
});
export type CouponCheck = z.infer<typeof couponCheckSchema>;

/** 400 of the check call and of `POST /api/orders` with a code that does not apply. */
export const couponErrorSchema = z.object({
  message: z.string(),
  code: z.enum(COUPON_ERROR_CODES),
});
export type CouponError = z.infer<typeof couponErrorSchema>;

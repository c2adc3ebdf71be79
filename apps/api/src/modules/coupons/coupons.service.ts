import {
  DEFAULT_PRICE_SETTINGS,
  matchCategory,
  priceOrder,
  pricedBeyondSpec,
  MESSAGES,
  type Coupon,
  type CouponBody,
  type CouponCheck,
  type CouponCheckBody,
  type CouponErrorCode,
  type CouponRule,
  type PriceSettings,
  type PricedOrder,
} from '@shop/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/client.js';
import type { ServiceContext } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { isId } from '../../lib/ids.js';
import type { AuthUser } from '../../middleware/auth.js';
import { changedFields, recordAuditEvents, type AuditActor } from '../audit/audit.repository.js';
import {
  claimCouponUseRecord,
  couponWasUsed,
  customerUses,
  deleteCoupon,
  findCouponByCode,
  findCouponById,
  findCourseCategories,
  findCoursePrices,
  insertCoupon,
  listCoupons,
  updateCoupon,
  type CouponRecord,
  type CouponValues,
} from './coupons.repository.js';

const COUPON_MESSAGES: Record<CouponErrorCode, string> = {
  COUPON_INVALID: MESSAGES.couponInvalid,
  COUPON_EXPIRED: MESSAGES.couponExpired,
  COUPON_USED_UP: MESSAGES.couponUsedUp,
  COUPON_NOT_APPLICABLE: MESSAGES.couponNotApplicable,
};

/** The 400 of a promo code that does not apply, the same for the check call and the order. */
export function couponRefused(code: CouponErrorCode): AppError {
  return new AppError(400, COUPON_MESSAGES[code], undefined, code);
}

export function toCouponJson(c: CouponRecord): Coupon {
  return {
    _id: c.id,
    code: c.code,
    kind: c.kind,
    value: c.value,
    startsAt: c.startsAt?.toISOString() ?? null,
    endsAt: c.endsAt?.toISOString() ?? null,
    maxUses: c.maxUses,
    maxUsesPerCustomer: c.maxUsesPerCustomer,
    courses: c.courses,
    categories: c.categories,
    minItemsPrice: c.minItemsPrice,
    uses: c.uses,
    disabled: c.disabled,
    createdAt: c.createdAt.toISOString(),
  };
}

const AUDITED = [
  'code',
  'kind',
  'value',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerCustomer',
  'courses',
  'categories',
  'minItemsPrice',
  'disabled',
] as const;

/** The body as columns; categories written as the shared table spells them (400 for an unknown one). */
function valuesOf(body: CouponBody): CouponValues {
  const categories = (body.categories ?? []).map((value, index) => {
    const category = matchCategory(value);
    if (!category)
      throw badRequest(`Unknown category: ${value}`, [{ path: `categories.${index}`, message: `Unknown category: ${value}` }]);
    return category;
  });
  return {
    code: body.code,
    kind: body.kind,
    value: body.value,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    maxUses: body.maxUses ?? null,
    maxUsesPerCustomer: body.maxUsesPerCustomer ?? null,
    courses: [...new Set((body.courses ?? []).map((id) => id.toLowerCase()))],
    categories: [...new Set(categories)],
    minItemsPrice: body.minItemsPrice ?? null,
    disabled: body.disabled ?? false,
  };
}

function codeTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError(409, MESSAGES.couponExists, undefined, 'COUPON_EXISTS');
  throw err;
}

export async function createCoupon(ctx: ServiceContext, body: CouponBody, actor: AuditActor): Promise<Coupon> {
  const values = valuesOf(body);
  const at = ctx.clock.now();
  const created = await ctx.database.db
    .transaction(async (tx) => {
      const row = await insertCoupon(tx, values);
      await recordAuditEvents(tx, [
        { entity: 'coupon', entityId: row.id, action: 'created', actor, at, changes: changedFields(undefined, row, AUDITED) },
      ]);
      return row;
    })
    .catch(codeTaken);
  return toCouponJson(created);
}

export async function getCoupons(ctx: ServiceContext): Promise<Coupon[]> {
  return (await listCoupons(ctx.database.db)).map(toCouponJson);
}

export async function editCoupon(ctx: ServiceContext, id: string, body: CouponBody, actor: AuditActor): Promise<Coupon> {
  if (!isId(id)) throw notFound(MESSAGES.couponNotFound);
  const values = valuesOf(body);
  const at = ctx.clock.now();
  const updated = await ctx.database.db
    .transaction(async (tx) => {
      const before = await findCouponById(tx, id, true);
      if (!before) throw notFound(MESSAGES.couponNotFound);
      const after = await updateCoupon(tx, id, values);
      if (!after) throw notFound(MESSAGES.couponNotFound);
      const changes = changedFields(before, after, AUDITED);
      if (Object.keys(changes).length > 0)
        await recordAuditEvents(tx, [{ entity: 'coupon', entityId: id, action: 'updated', actor, at, changes }]);
      return after;
    })
    .catch(codeTaken);
  return toCouponJson(updated);
}

/**
 * Deletes a coupon no order was placed with; a coupon already used is disabled instead (its
 * orders keep their code and discount), and the answer says so.
 */
export async function removeCoupon(ctx: ServiceContext, id: string, actor: AuditActor): Promise<{ message: string }> {
  if (!isId(id)) throw notFound(MESSAGES.couponNotFound);
  const at = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const before = await findCouponById(tx, id, true);
    if (!before) throw notFound(MESSAGES.couponNotFound);
    if (await couponWasUsed(tx, id)) {
      if (!before.disabled) {
        await updateCoupon(tx, id, { disabled: true });
        await recordAuditEvents(tx, [
          { entity: 'coupon', entityId: id, action: 'disabled', actor, at, changes: { disabled: { from: false, to: true } } },
        ]);
      }
      return { message: MESSAGES.couponDisabled };
    }
    await deleteCoupon(tx, id);
    await recordAuditEvents(tx, [
      { entity: 'coupon', entityId: id, action: 'deleted', actor, at, changes: changedFields(before, undefined, AUDITED) },
    ]);
    return { message: MESSAGES.couponDeleted };
  });
}

/** A coupon found valid for an order's lines: what the calculator and the placing transaction need. */
export interface AppliedCoupon {
  id: string;
  code: string;
  rule: CouponRule;
  maxUsesPerCustomer: number | null;
  /** The categories of the order's courses (for coupons that cover categories). */
  categories: Map<string, string[]>;
}

interface CouponLine {
  courseId: string;
  price: number;
  qty: number;
  /** The course's own VAT rate (issue 52); null or absent: the shop's. */
  taxRate?: number | null;
}

/**
 * Finds the code (ignoring case) and checks it for these lines, this buyer and this instant:
 * unknown or disabled → COUPON_INVALID; outside its dates → COUPON_EXPIRED; no use left (in
 * all or for this customer) → COUPON_USED_UP; below its minimum or covering none of the lines →
 * COUPON_NOT_APPLICABLE. The use itself is counted only when the order is placed
 * ({@link claimCouponUse}).
 */
export async function resolveCoupon(
  db: DbOrTx,
  code: string,
  lines: readonly CouponLine[],
  userId: string,
  now: Date,
): Promise<AppliedCoupon> {
  const coupon = await findCouponByCode(db, code.trim());
  if (!coupon || coupon.disabled) throw couponRefused('COUPON_INVALID');
  if ((coupon.startsAt && now < coupon.startsAt) || (coupon.endsAt && now >= coupon.endsAt))
    throw couponRefused('COUPON_EXPIRED');
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) throw couponRefused('COUPON_USED_UP');
  if (coupon.maxUsesPerCustomer !== null && (await customerUses(db, coupon.id, userId)) >= coupon.maxUsesPerCustomer)
    throw couponRefused('COUPON_USED_UP');
  const applied: AppliedCoupon = {
    id: coupon.id,
    code: coupon.code,
    rule: { kind: coupon.kind, value: coupon.value, courses: coupon.courses, categories: coupon.categories },
    maxUsesPerCustomer: coupon.maxUsesPerCustomer,
    categories: coupon.categories.length > 0 ? await findCourseCategories(db, lines.map((l) => l.courseId)) : new Map(),
  };
  // Items and discount only: the rates do not matter here.
  const amounts = priceWithCoupon(lines, applied, DEFAULT_PRICE_SETTINGS);
  if ((coupon.minItemsPrice !== null && amounts.itemsPrice < coupon.minItemsPrice) || amounts.discountPrice <= 0)
    throw couponRefused('COUPON_NOT_APPLICABLE');
  return applied;
}

/** The shared calculator on an order's lines, with the coupon when there is one, at the shop's rates (issue 52). */
export function priceWithCoupon(lines: readonly CouponLine[], coupon: AppliedCoupon | null, pricing: PriceSettings): PricedOrder {
  return priceOrder(
    lines.map((line) => ({ ...line, categories: coupon?.categories.get(line.courseId) ?? [] })),
    coupon?.rule ?? null,
    pricing,
  );
}

/**
 * Counts the coupon's use for a new order inside its placing transaction; no use left (another
 * order took the last one a moment ago) refuses the order: 400 COUPON_USED_UP, and the
 * transaction rolls the order back.
 */
export async function claimCouponUse(tx: DbOrTx, coupon: AppliedCoupon | null, orderId: string, userId: string): Promise<void> {
  if (!coupon) return;
  if (!(await claimCouponUseRecord(tx, coupon, orderId, userId))) throw couponRefused('COUPON_USED_UP');
}

/** `POST /api/coupons/check`: the amounts an order of these lines would have with the code. */
export async function checkCoupon(ctx: ServiceContext, user: AuthUser, body: CouponCheckBody): Promise<CouponCheck> {
  const { db } = ctx.database;
  body.orderItems.forEach((item, index) => {
    if (!isId(item.course))
      throw badRequest(MESSAGES.courseNotFound, [{ path: `orderItems.${index}.course`, message: MESSAGES.courseNotFound }]);
  });
  const qtyOf = new Map<string, number>();
  for (const item of body.orderItems) {
    const id = item.course.toLowerCase();
    qtyOf.set(id, (qtyOf.get(id) ?? 0) + item.qty);
  }
  const found = new Map((await findCoursePrices(db, [...qtyOf.keys()])).map((c) => [c.id, c]));
  const lines = [...qtyOf].map(([courseId, qty]) => {
    const course = found.get(courseId);
    if (!course) {
      const index = body.orderItems.findIndex((i) => i.course.toLowerCase() === courseId);
      throw badRequest(MESSAGES.courseNotFound, [{ path: `orderItems.${index}.course`, message: MESSAGES.courseNotFound }]);
    }
    return { courseId, price: course.price, qty, taxRate: course.taxRate };
  });
  const coupon = await resolveCoupon(db, body.code, lines, user.id, ctx.clock.now());
  const { lineTaxRates: _rates, taxLines, stampDuty, ...amounts } = priceWithCoupon(lines, coupon, ctx.config.pricing);
  return { code: coupon.code, ...amounts, ...(pricedBeyondSpec({ taxLines, stampDuty }) ? { taxLines, stampDuty } : {}) };
}

import { Router } from 'express';
import { z } from 'zod';
import {
  couponBodySchema,
  couponCheckBodySchema,
  couponCheckSchema,
  couponErrorSchema,
  couponSchema,
  errorSchema,
  messageSchema,
  MESSAGES,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { apiRoutes, idParams } from '../../http/route.js';
import { couponCheckLimiter } from '../../middleware/rate-limit.js';
import { actorOf } from '../audit/audit.repository.js';
import { checkCoupon, createCoupon, editCoupon, getCoupons, removeCoupon } from './coupons.service.js';

const couponParams = idParams(MESSAGES.couponNotFound);

const codeTaken = {
  409: { description: '`code: COUPON_EXISTS`: another coupon has this code (codes ignore case)', schema: errorSchema },
};

/** Coupons (docs/api.md#coupons, issue 37): the admin's promo codes and the customer's check call. */
export function couponsRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const checkLimit = couponCheckLimiter(ctx);

  routes.post(
    '/check',
    {
      summary: 'Check a promo code against a cart: the amounts the order would have with it (signed in)',
      description:
        'Codes ignore case. Prices come from the server and the shared calculator: the discount on the lines the coupon covers, ' +
        'then shipping and tax on the discounted amount. A code that does not apply: 400 with `code` ' +
        '`COUPON_INVALID` (unknown or disabled), `COUPON_EXPIRED` (outside its dates), `COUPON_USED_UP` (no use left, in all or for this customer) ' +
        'or `COUPON_NOT_APPLICABLE` (covers no line of the cart, or the cart is below its minimum). Nothing is counted: the use is taken when the order is placed. ' +
        'At most `COUPON_CHECK_LIMIT` calls per 15 minutes per account, and as many per client address over all accounts: then 429 `code: RATE_LIMITED`.',
      access: 'user',
      before: [checkLimit],
      body: couponCheckBodySchema,
      answer: couponCheckSchema,
      otherAnswers: {
        400: { description: 'A code that does not apply (`code: COUPON_*`), or a bad body', schema: z.union([couponErrorSchema, errorSchema]) },
      },
      errors: [429],
    },
    ({ user, body }) => checkCoupon(ctx, user, body),
  );

  routes.get(
    '/',
    { summary: 'Every coupon with its uses, newest first (admin)', access: 'admin', answer: z.array(couponSchema) },
    () => getCoupons(ctx),
  );

  routes.post(
    '/',
    {
      summary: 'Create a coupon (admin)',
      description:
        '`kind: percent` (value 0–100) or `fixed` (an amount taken once per order from the lines it covers). ' +
        '`courses` (ids) or `categories`: the lines it covers; neither: every line. Recorded in the audit trail.',
      access: 'admin',
      body: couponBodySchema,
      status: 201,
      answer: couponSchema,
      otherAnswers: codeTaken,
      errors: [409],
    },
    async ({ body, user }, _req, res) => {
      res.status(201).json(await createCoupon(ctx, body, actorOf(user)));
    },
  );

  routes.put(
    '/:id',
    {
      summary: 'Change a coupon (admin; the whole body)',
      description: 'Orders already placed keep their discount. Recorded in the audit trail.',
      access: 'admin',
      params: couponParams,
      body: couponBodySchema,
      answer: couponSchema,
      otherAnswers: codeTaken,
      errors: [409],
    },
    ({ params, body, user }) => editCoupon(ctx, params.id, body, actorOf(user)),
  );

  routes.delete(
    '/:id',
    {
      summary: 'Remove a coupon (admin); one already used is disabled instead',
      description:
        'A coupon no order was placed with is deleted: `{message: "Coupon removed"}`. One already used is disabled instead ' +
        '(its orders keep their code and discount): `{message: "Coupon already used: disabled instead of removed"}`.',
      access: 'admin',
      params: couponParams,
      answer: messageSchema,
    },
    ({ params, user }) => removeCoupon(ctx, params.id, actorOf(user)),
  );

  return router;
}

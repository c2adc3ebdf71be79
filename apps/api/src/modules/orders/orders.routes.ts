import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  createOrderBodySchema,
  idempotencyKeySchema,
  MESSAGES,
  orderListQuerySchema,
  orderSchema,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { apiRoutes, idParams } from '../../http/route.js';
import { accessGuards } from '../auth/guards.js';
import { getAllOrders, getMyOrders, getOrder, learnOrder, payOrder, placeOrder } from './orders.service.js';

/** An order without lines answers the shop's own message, not a field path. */
const rejectEmptyOrder: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  const items = typeof body === 'object' && body !== null && 'orderItems' in body ? body.orderItems : undefined;
  if (items === undefined || (Array.isArray(items) && items.length === 0)) throw badRequest(MESSAGES.emptyOrder);
  next();
};

const orderParams = idParams(MESSAGES.orderNotFound);

export function ordersRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, accessGuards(ctx));

  routes.post(
    '/',
    {
      summary: 'Place an order (the server prices it and takes the seats)',
      access: 'user',
      before: [rejectEmptyOrder],
      headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
      body: createOrderBodySchema,
      status: 201,
      answer: orderSchema,
      otherAnswers: { 200: { description: 'A retry with the same Idempotency-Key: the first order', schema: orderSchema } },
      errors: [409],
    },
    async ({ user, body, headers }, _req, res) => {
      const { order, created } = await placeOrder(ctx, user, body, headers['idempotency-key']);
      res.status(created ? 201 : 200).json(order);
    },
  );

  routes.get(
    '/myorders',
    { summary: "The caller's orders, newest first", access: 'user', answer: z.array(orderSchema) },
    ({ user }) => getMyOrders(ctx, user),
  );

  routes.get(
    '/',
    {
      summary: 'All orders, one page (admin)',
      access: 'admin',
      query: orderListQuerySchema,
      answer: z.array(orderSchema),
      answerHeaders: { 'X-Total-Count': z.string().meta({ description: 'Number of orders' }) },
    },
    async ({ query }, _req, res) => {
      const { orders, total } = await getAllOrders(ctx, query);
      res.setHeader('X-Total-Count', String(total));
      return orders;
    },
  );

  routes.get(
    '/:id',
    { summary: 'An order (owner or admin)', access: 'user', params: orderParams, answer: orderSchema, errors: [403] },
    ({ user, params }) => getOrder(ctx, user, params.id),
  );

  // A body (empty, or a payment provider's result) is ignored: no card data is stored.
  routes.put(
    '/:id/pay',
    { summary: 'Mark an order paid (admin)', access: 'admin', params: orderParams, answer: orderSchema, errors: [409] },
    ({ params }) => payOrder(ctx, params.id),
  );

  routes.put(
    '/:id/learn',
    { summary: 'Mark a paid order learned (admin)', access: 'admin', params: orderParams, answer: orderSchema, errors: [409] },
    ({ params }) => learnOrder(ctx, params.id),
  );

  return router;
}

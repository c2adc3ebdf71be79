import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  createOrderBodySchema,
  errorSchema,
  priceChangedErrorSchema,
  idempotencyKeySchema,
  MESSAGES,
  orderEventSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderSchema,
  paymentStartedSchema,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { answerPage, apiRoutes, idParams, totalCountHeader } from '../../http/route.js';
import { accessGuards } from '../auth/guards.js';
import type { Payments } from '../payments/payments.service.js';
import {
  actorOf,
  cancelOrder,
  getInvoice,
  getOrderHistory,
  learnOrder,
  payOrder,
} from './order-states.service.js';
import { sendOrdersCsv } from './order-export.js';
import { getAllOrders, getMyOrders, getOrder, placeOrder } from './orders.service.js';

/** An order without lines answers the shop's own message, not a field path. */
const rejectEmptyOrder: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  const items = typeof body === 'object' && body !== null && 'orderItems' in body ? body.orderItems : undefined;
  if (items === undefined || (Array.isArray(items) && items.length === 0)) throw badRequest(MESSAGES.emptyOrder);
  next();
};

const orderParams = idParams(MESSAGES.orderNotFound);

export function ordersRouter(ctx: AppContext, payments: Payments): Router {
  const router = Router();
  const routes = apiRoutes(router, accessGuards(ctx));

  routes.post(
    '/',
    {
      summary: 'Place an order (the server prices it and takes the seats)',
      description:
        'The server prices every line from its own data. Send `itemsPrice`, `shippingPrice`, `taxPrice` and `totalPrice` as the customer saw them: ' +
        'when they differ from the server\'s, the answer is 409 `PRICE_CHANGED` with the new amounts and no order is placed. Without them nothing is compared.',
      access: 'user',
      before: [rejectEmptyOrder],
      headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
      body: createOrderBodySchema,
      status: 201,
      answer: orderSchema,
      otherAnswers: {
        200: { description: 'A retry with the same Idempotency-Key: the first order', schema: orderSchema },
        409: {
          description:
            'Not enough seats (`{message}`), the courses kept changing, or `code: PRICE_CHANGED`: the amounts the client sent ' +
            '(what the customer saw) differ from the server\'s; the answer carries the server\'s amounts and line prices ' +
            'to show and confirm, then to send again',
          schema: z.union([priceChangedErrorSchema, errorSchema]),
        },
      },
      errors: [409],
    },
    async ({ user, body, headers }, _req, res) => {
      // Production without a payment provider offers no Card payment (GET /api/payments/options).
      if (!payments.options.methods.includes(body.paymentMethod)) throw badRequest(MESSAGES.cardPaymentsUnavailable);
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
      summary: 'Orders, filtered and sorted, one page (admin)',
      description:
        '`q`: any part of the customer’s name or e-mail, or the start of an order id. `from`/`to`: days the order was placed (Tunis time, inclusive).',
      access: 'admin',
      query: orderListQuerySchema,
      answer: z.array(orderSchema),
      answerHeaders: totalCountHeader('orders'),
    },
    async ({ query }, _req, res) => {
      const { orders, total } = await getAllOrders(ctx, query);
      return answerPage(res, orders, total);
    },
  );

  routes.get(
    '/export.csv',
    {
      summary: 'The orders of the list’s filters as CSV, one row per order line (admin)',
      description: 'UTF-8 with a BOM; amounts with two decimals; streamed, in the list’s sort.',
      access: 'admin',
      query: orderExportQuerySchema,
      answer: z.string().meta({ description: 'CSV, a header row then one row per order line' }),
      answerType: 'text/csv',
      answerHeaders: { 'Content-Disposition': z.string().meta({ description: 'attachment; filename="orders-YYYY-MM-DD.csv"' }) },
    },
    ({ query }, _req, res) => sendOrdersCsv(ctx, query, res),
  );

  routes.get(
    '/:id',
    {
      summary: 'An order (owner or admin)',
      description: 'An unpaid Card order with an online payment under way is first checked at the payment provider (at most every 2 s).',
      access: 'user',
      params: orderParams,
      answer: orderSchema,
      errors: [403],
    },
    async ({ user, params }) => {
      const order = await getOrder(ctx, user, params.id);
      // The customer back from the payment page sees PAID without waiting for the webhook.
      const paid = await payments.refreshOrder({ id: order._id, status: order.status, paymentMethod: order.paymentMethod });
      return paid ? getOrder(ctx, user, params.id) : order;
    },
  );

  routes.post(
    '/:id/payment',
    {
      summary: 'Pay an unpaid Card order online (its owner): the payment page to send the customer to',
      description:
        'A payment still open for the order is handed out again. Paid, cancelled, expired and In Place orders: 409. The payment provider unreachable: 503 (the order stays as it was).',
      access: 'user',
      params: orderParams,
      answer: paymentStartedSchema,
      errors: [403, 409],
    },
    ({ user, params }) => payments.startPayment(user, params.id),
  );

  // A body (empty, or a payment provider's result) is ignored: no card data is stored.
  routes.put(
    '/:id/pay',
    {
      summary: 'Mark an order paid (admin); it gets its invoice number',
      description: 'An expired order is paid only when its seats can all be taken again (409 otherwise).',
      access: 'admin',
      params: orderParams,
      answer: orderSchema,
      errors: [409],
    },
    ({ params, user }) => payOrder(ctx, params.id, actorOf(user)),
  );

  routes.put(
    '/:id/learn',
    { summary: 'Mark a paid order learned (admin)', access: 'admin', params: orderParams, answer: orderSchema, errors: [409] },
    ({ params, user }) => learnOrder(ctx, params.id, actorOf(user)),
  );

  routes.post(
    '/:id/cancel',
    {
      summary: 'Cancel an order (owner while unpaid; admin also once paid, then refunded); the seats go back',
      access: 'user',
      params: orderParams,
      answer: orderSchema,
      errors: [403, 409],
    },
    ({ params, user }) => cancelOrder(ctx, user, params.id),
  );

  routes.get(
    '/:id/history',
    {
      summary: "An order's history: who changed its state, when (admin)",
      access: 'admin',
      params: orderParams,
      answer: z.array(orderEventSchema),
    },
    ({ params }) => getOrderHistory(ctx, params.id),
  );

  routes.get(
    '/:id/invoice',
    {
      summary: 'The PDF invoice of a paid order (owner or admin)',
      description: 'An order that is not paid: 409 naming its state. Invoices not configured (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_TAX_ID): 503.',
      access: 'user',
      params: orderParams,
      answer: z.string().meta({ format: 'binary', description: 'A PDF document' }),
      answerType: 'application/pdf',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="invoice-YYYY-NNNNN.pdf"' }),
      },
      errors: [403, 409],
    },
    async ({ params, user }, _req, res) => {
      const { pdf, invoiceNumber } = await getInvoice(ctx, user, params.id);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="invoice-${invoiceNumber}.pdf"`);
      // An invoice is personal: no shared cache may keep it.
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );

  return router;
}

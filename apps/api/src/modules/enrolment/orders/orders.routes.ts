import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  cancelOrderBodySchema,
  createOrderBodySchema,
  errorSchema,
  priceChangedErrorSchema,
  idempotencyKeySchema,
  messageSchema,
  lineLearnersBodySchema,
  MESSAGES,
  orderEventSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderSchema,
  paymentOpenErrorSchema,
  paymentStartedSchema,
  payerAcceptBodySchema,
  payerRequestBodySchema,
  refundBodySchema,
} from '@shop/shared';
import type { AppContext } from '../../../deps.js';
import { badRequest } from '../../../errors.js';
import { answerPage, apiRoutes, idParams, totalCountHeader } from '../../../http/route.js';
import type { OrderPayments } from './orders.types.js';
import {
  actorOf,
  cancelOrder,
  getOrderHistory,
  learnOrder,
  markOrderPaid,
  recordRefund,
} from './order-states.service.js';
import { orderDocumentRoutes } from './order-documents.routes.js';
import { orderCalendarRoutes } from './order-calendar.routes.js';
import { sendOrdersCsv } from './order-export.js';
import { paymentProofRoutes } from './payment-proof.routes.js';
import { getAllOrders, getMyOrders, getOrder, getOrdersIPay, placeOrder } from './orders.service.js';
import { acceptPayer, requestPayer } from './order-payer.service.js';
import { PAYER_REQUEST_LIMIT, payerRequestLimiter } from '../../../middleware/rate-limit.js';
import { LEARNERS_LOCKED_MESSAGE, replaceLineLearners } from './learners.service.js';

/** An order without lines answers the shop's own message, not a field path. */
const rejectEmptyOrder: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  const items = typeof body === 'object' && body !== null && 'orderItems' in body ? body.orderItems : undefined;
  if (items === undefined || (Array.isArray(items) && items.length === 0)) throw badRequest(MESSAGES.emptyOrder);
  next();
};

const orderParams = idParams(MESSAGES.orderNotFound);

export function ordersRouter(ctx: AppContext, payments: OrderPayments): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const payerLimit = payerRequestLimiter(ctx);

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
            'Not enough seats (`{message}`), the courses kept changing, `code: TOO_MANY_UNPAID` (the buyer already has ' +
            'MAX_UNPAID_ORDERS unpaid orders, or MAX_UNPAID_SEATS seats across them with this one), or `code: PRICE_CHANGED`: the amounts the client sent ' +
            '(what the customer saw) differ from the server\'s; the answer carries the server\'s amounts and line prices ' +
            'to show and confirm, then to send again',
          schema: z.union([priceChangedErrorSchema, errorSchema]),
        },
      },
      errors: [409],
    },
    async ({ user, body, headers }, _req, res) => {
      // Production without a payment provider offers no Card payment (GET /api/payments/options).
      if (!payments.options.methods.includes(body.paymentMethod))
        throw badRequest(body.paymentMethod === 'Transfer' ? MESSAGES.transferUnavailable : MESSAGES.cardPaymentsUnavailable);
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
    '/paying',
    {
      summary: 'The orders the caller accepted to pay for a child account, newest first (issue 51)',
      description: 'The orders of which the caller is the `payer` (`POST /api/orders/{id}/payer/accept`).',
      access: 'user',
      answer: z.array(orderSchema),
    },
    ({ user }) => getOrdersIPay(ctx, user),
  );

  routes.get(
    '/',
    {
      summary: 'Orders, filtered and sorted, one page (admin)',
      description:
        '`q`: any part of the customer’s name or e-mail, or the start of an order id. `from`/`to`: days the order was placed (Tunis time, inclusive). ' +
        '`proof=submitted`: Transfer orders whose proof of payment waits for a check (unpaid, pending or expired); `proof=rejected`: those whose proof was rejected.',
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
      summary: 'An order (its buyer, its payer or an admin)',
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

  routes.put(
    '/:id/lines/:lineId/learners',
    {
      summary: 'Name the people who sit in an order line’s seats (buyer or admin)',
      description:
        'Replaces the line’s named learners (at most its `qty`; seats not named are the buyer’s). An entry with the `_id` of one of ' +
        'the line’s learners keeps that learner’s record and attendance; one without is new; learners left out are removed and hear ' +
        'nothing more. Allowed while the order is pending or paid and the line’s session has not started (a course without sessions: ' +
        'until the order is learned); otherwise 409 `code: LEARNERS_LOCKED`. Answers the order.',
      access: 'user',
      params: z.object({
        id: z.string().regex(/^[0-9a-f-]{36}$/i, MESSAGES.orderNotFound).meta({ description: 'The order’s `_id`', format: 'uuid' }),
        lineId: z.string().max(100).meta({ description: 'The line’s `_id`', format: 'uuid' }),
      }),
      body: lineLearnersBodySchema,
      answer: orderSchema,
      otherAnswers: {
        409: { description: `\`code: LEARNERS_LOCKED\`: ${LEARNERS_LOCKED_MESSAGE}`, schema: errorSchema },
      },
      errors: [403],
    },
    async ({ user, params, body }) => {
      return (await replaceLineLearners(ctx, user, params.id, params.lineId, body)).order;
    },
  );

  routes.post(
    '/:id/payment',
    {
      summary: 'Pay an unpaid Card order online (its owner): the payment page to send the customer to',
      description:
        'One payable page per order: while the last page can still be paid (until the end of its life span) every call answers it, ' +
        'the same `paymentRef` and `payUrl`, however many arrive at once. A new page is opened only once the last has ended at the provider ' +
        '(asked first); in the 30 s after its end, while the provider may still finish a payment on it: 409 `PAYMENT_ENDING`. A new page lives the smaller of PAYMENT_LIFESPAN_MINUTES and the time left until ' +
        'the order\'s hold can end at the latest (SEAT_HOLD_MINUTES after placing, less 2 minutes); under a minute left: 409. ' +
        'Paid, cancelled, expired and In Place orders: 409. The payment provider unreachable: 503 (the order stays as it was).',
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
      description:
        'An expired order is paid only when its seats can all be taken again (409 otherwise). ' +
        'A Transfer order that can no longer be paid (cancelled, or expired with its seats gone): 200, the order keeps its state ' +
        'and the money is recorded as a refund due (`refunds[]`, `provider: Transfer`, once).',
      access: 'admin',
      params: orderParams,
      answer: orderSchema,
      errors: [409],
    },
    ({ params, user }) => markOrderPaid(ctx, params.id, actorOf(user)),
  );

  routes.put(
    '/:id/learn',
    {
      summary: 'Mark a paid order learned (admin)',
      description:
        'Issues its certificate. 409 `ORDER_STATE` when the order is not paid; for an order with a session, 409 ' +
        '`SESSION_NOT_OVER` before the Tunis calendar day on which the (last) session of its lines ends, and 409 ' +
        '`SESSION_CANCELLED` when that session was cancelled.',
      access: 'admin',
      params: orderParams,
      answer: orderSchema,
      errors: [409],
    },
    ({ params, user }) => learnOrder(ctx, params.id, actorOf(user)),
  );

  routes.post(
    '/:id/cancel',
    {
      summary: 'Cancel an order (owner while unpaid; admin also once paid, then a refund is due); the seats go back',
      description:
        'The owner cannot cancel a Card order while a payment page for it is open: 409 `PAYMENT_OPEN` with `until`, when the page ends; ' +
        'nor a Transfer order while its proof of payment waits for the centre’s check: 409 `PROOF_SUBMITTED`. ' +
        'An admin can. A paid order cancelled by an admin gets a refund of its own in `refunds` (`reason: cancelled`, `status: due`). ' +
        'An admin may say why (`{reason}`, optional, up to 500 characters): kept as the order’s `cancelReason` and told in the customer’s mail; ignored from the owner.',
      access: 'user',
      params: orderParams,
      body: cancelOrderBodySchema,
      answer: orderSchema,
      otherAnswers: {
        409: {
          description:
            'The order’s state does not allow it (`{message, code}`), `code: PROOF_SUBMITTED`: a proof of payment is being checked, ' +
            'or `code: PAYMENT_OPEN`: a payment page is open until `until`',
          schema: z.union([paymentOpenErrorSchema, errorSchema]),
        },
      },
      errors: [403, 409],
    },
    ({ params, user, body }) => cancelOrder(ctx, user, params.id, body.reason),
  );

  routes.put(
    '/:id/refund',
    {
      summary: 'Record a refund due on an order as made (admin); it gets its own credit note number',
      description:
        'Body `{}`, `{note}` (kept in the audit trail) and/or `{reference}`: the payment reference of the refund made (default: the oldest due). ' +
        'That refund becomes `done` with `doneAt` and `creditNoteNumber` (`AV-YYYY-NNNNN`, its own gap-free series). ' +
        'No refund due (or that one made already): 409 `NO_REFUND_DUE`; no refund of the order with that reference: 404 `REFUND_NOT_FOUND`.',
      access: 'admin',
      params: orderParams,
      body: refundBodySchema,
      answer: orderSchema,
      errors: [404, 409],
    },
    ({ params, user, body }) => recordRefund(ctx, params.id, actorOf(user), body.note, body.reference),
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

  routes.post(
    '/:id/payer',
    {
      summary: 'Ask an adult to pay this order (the buyer, a child account; a pending order)',
      description:
        'Mails `email` a link `APP_URL/order/{id}?payer={token}` in the child’s language with the courses, sessions, total and the child’s name. ' +
        'A newer request voids the older link of the order. Not the buyer: 403; the buyer not a child account: 403; the child’s own address: 400; ' +
        `the order paid, cancelled or expired: 409 \`ORDER_STATE\`; more than ${PAYER_REQUEST_LIMIT} requests an hour from one account: 429.`,
      access: 'user',
      before: [payerLimit],
      params: orderParams,
      body: payerRequestBodySchema,
      answer: messageSchema,
      errors: [403, 409, 429],
    },
    ({ user, params, body }) => requestPayer(ctx, user, params.id, body.email),
  );

  routes.post(
    '/:id/payer/accept',
    {
      summary: 'Accept to pay a child’s order (a signed-in adult account, with the mailed link’s token)',
      description:
        'The order gains `payer`; the payer then sees it (`GET /api/orders/{id}`, `GET /api/orders/paying`), pays it (online, transfer proof, on site), ' +
        'gets its invoice (made out to them unless `invoiceTo` names a company) and any refund; the child stays the buyer. ' +
        '`paymentMethod` (optional): how the payer will pay, one of the shop’s methods (kept while a transfer receipt waits). ' +
        'A bad, used or voided token: 400 `INVALID_TOKEN`; a child account: 403 `CHILD_ACCOUNT`; the order no longer pending: 409 `ORDER_STATE`. ' +
        'Of two adults accepting the same link at once, one wins; the other gets 400.',
      access: 'user',
      params: orderParams,
      body: payerAcceptBodySchema,
      answer: orderSchema,
      errors: [403, 409],
    },
    ({ user, params, body }) => acceptPayer(ctx, user, params.id, body, payments.options.methods),
  );

  orderDocumentRoutes(routes, ctx);
  orderCalendarRoutes(routes, ctx);
  paymentProofRoutes(routes, ctx);

  return router;
}

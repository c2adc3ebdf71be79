import { Router, type RequestHandler } from 'express';
import {
  createOrderBodySchema,
  idempotencyKeySchema,
  MESSAGES,
  orderListQuerySchema,
  type CreateOrderBody,
} from '@shop/shared';
import type { AppDeps } from '../../app.js';
import { badRequest } from '../../errors.js';
import { currentUser, requireAdmin, requireAuth } from '../../middleware/auth.js';
import { parseInput, pathParam, validate } from '../../middleware/validate.js';
import {
  actorOf,
  cancelOrder,
  getInvoice,
  getOrderHistory,
  learnOrder,
  payOrder,
} from './order-states.service.js';
import { getAllOrders, getMyOrders, getOrder, placeOrder, type OrdersContext } from './orders.service.js';

/** The order rules' view of the app's dependencies. */
export function ordersContext(deps: Pick<AppDeps, 'database' | 'clock' | 'mailer' | 'logger' | 'config'>): OrdersContext {
  return { db: deps.database.db, clock: deps.clock, mailer: deps.mailer, logger: deps.logger, config: deps.config };
}

/** An order without lines answers the shop's own message, not a field path. */
const rejectEmptyOrder: RequestHandler = (req, _res, next) => {
  const items: unknown = (req.body as { orderItems?: unknown } | undefined)?.orderItems;
  if (items === undefined || (Array.isArray(items) && items.length === 0)) throw badRequest(MESSAGES.emptyOrder);
  next();
};

export function ordersRouter(deps: AppDeps): Router {
  const { database } = deps;
  const ctx = ordersContext(deps);
  const router = Router();
  router.use(requireAuth(deps));

  router.post('/', rejectEmptyOrder, validate(createOrderBodySchema), async (req, res) => {
    const header = req.get('Idempotency-Key');
    const key = header === undefined ? undefined : parseInput(idempotencyKeySchema, header);
    const { order, created } = await placeOrder(ctx, currentUser(req), req.body as CreateOrderBody, key);
    res.status(created ? 201 : 200).json(order);
  });

  router.get('/myorders', async (req, res) => {
    res.json(await getMyOrders(database.db, currentUser(req)));
  });

  router.get('/', requireAdmin, validate(orderListQuerySchema, 'query'), async (req, res) => {
    const { orders, total } = await getAllOrders(database.db, req.query as { page?: number; limit?: number });
    res.setHeader('X-Total-Count', String(total));
    res.json(orders);
  });

  router.get('/:id', async (req, res) => {
    res.json(await getOrder(database.db, currentUser(req), pathParam(req, 'id')));
  });

  // The body (an empty one or a payment provider's result) is ignored: no card data is stored.
  router.put('/:id/pay', requireAdmin, async (req, res) => {
    res.json(await payOrder(ctx, pathParam(req, 'id'), actorOf(currentUser(req))));
  });

  router.put('/:id/learn', requireAdmin, async (req, res) => {
    res.json(await learnOrder(ctx, pathParam(req, 'id'), actorOf(currentUser(req))));
  });

  router.post('/:id/cancel', async (req, res) => {
    res.json(await cancelOrder(ctx, currentUser(req), pathParam(req, 'id')));
  });

  router.get('/:id/history', requireAdmin, async (req, res) => {
    res.json(await getOrderHistory(database.db, pathParam(req, 'id')));
  });

  router.get('/:id/invoice', async (req, res) => {
    const { pdf, invoiceNumber } = await getInvoice(ctx, currentUser(req), pathParam(req, 'id'));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="invoice-${invoiceNumber}.pdf"`);
    // An invoice is personal: no shared cache may keep it.
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(pdf);
  });

  return router;
}

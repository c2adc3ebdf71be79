import { MESSAGES } from '@shop/shared';
import { z } from 'zod';
import type { ServiceContext } from '../../../deps.js';
import { conflict } from '../../../errors.js';
import { idParams, type ApiRoutes } from '../../../http/route.js';
import { orderCalendar } from './calendar.js';
import { requireOwnOrder } from './orders.service.js';

export const NO_SESSION_IN_ORDER = 'This order has no dated session';

/** `GET /api/orders/{id}/calendar.ics` (issue 33), added to the orders router; the calendar itself is the sessions module's. */
export function orderCalendarRoutes(routes: ApiRoutes, ctx: ServiceContext): void {
  routes.get(
    '/:id/calendar.ics',
    {
      summary: 'The sessions of an order as an iCalendar file (owner or admin)',
      description:
        'RFC 5545 `text/calendar`: one VEVENT per order line with a session (SUMMARY the course, LOCATION the place, ' +
        'DESCRIPTION the schedule), times as UTC instants. An order without a session: 409.',
      access: 'user',
      params: idParams(MESSAGES.orderNotFound),
      answer: z.string().meta({ description: 'An iCalendar file' }),
      answerType: 'text/calendar',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="order-<id>.ics"' }),
      },
      errors: [403, 409],
    },
    async ({ params: { id }, user }, _req, res) => {
      const order = await requireOwnOrder(ctx.database.db, user, id);
      // Issue 54: in the language of whoever downloads it (the buyer, a payer or an admin).
      const ics = orderCalendar(order, ctx.config.appUrl, ctx.clock.now(), [], undefined, user.language);
      if (!ics) throw conflict(NO_SESSION_IN_ORDER);
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="order-${order.id.slice(0, 8)}.ics"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(ics);
    },
  );
}

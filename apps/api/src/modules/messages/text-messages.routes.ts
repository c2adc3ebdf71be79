import { Router } from 'express';
import { z } from 'zod';
import { textMessageListQuerySchema, textMessageSchema } from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { answerPage, apiRoutes, totalCountHeader } from '../../http/route.js';
import { listTextMessages, textMessagesCsv } from './text-messages.service.js';

/** The back office's text messages (issue 53): what was sent, is waiting or failed, to whom, when, why. */
export function textMessagesRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);

  routes.get(
    '/',
    {
      summary: 'Text messages (SMS, WhatsApp), newest first (admin)',
      description:
        '`status` (pending, sent, failed) and `q` (any part of the name, e-mail, phone, template or text) filter; ' +
        '`page` and `limit` (default 50) give one page, the total in `X-Total-Count`.',
      access: 'admin',
      query: textMessageListQuerySchema,
      answer: z.array(textMessageSchema),
      answerHeaders: totalCountHeader('messages'),
    },
    async ({ query }, _req, res) => {
      const { messages, total } = await listTextMessages(ctx, query);
      return answerPage(res, messages, total);
    },
  );

  routes.get(
    '/export',
    {
      summary: 'The text messages matching `status` and `q` as CSV (admin)',
      description: 'UTF-8 with a BOM, one row per message: queued, name, e-mail, phone, channel, template, language, status, attempts, sent, last error, text.',
      access: 'admin',
      query: textMessageListQuerySchema,
      answer: z.string().meta({ description: 'CSV, a header row then one row per message' }),
      answerType: 'text/csv',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="messages.csv"' }),
      },
    },
    async ({ query }, _req, res) => {
      const csv = await textMessagesCsv(ctx, query);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="messages.csv"');
      res.setHeader('Cache-Control', 'private, no-store');
      res.status(200).send(csv);
    },
  );
  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import {
  adminCourseListQuerySchema,
  auditEventSchema,
  auditQuerySchema,
  courseSchema,
  pageQuerySchema,
  refundDueSchema,
  statsQuerySchema,
  statsSchema,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { answerPage, apiRoutes, totalCountHeader } from '../../http/route.js';
import { getAdminCourses, getAuditTrail, getRefundsDue, getStats } from './admin.service.js';

/** The back office's own reads (issue 19): the dashboard, the course list, the audit trail. */
export function adminRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);

  routes.get(
    '/stats',
    {
      summary: 'Dashboard figures for a period (admin)',
      description:
        'Revenue per day, week or month; orders placed by status; seats sold and left per course; top courses; unpaid In Place orders whose hold ends in the next 24 h. Days are Tunis days; absent: the last 30 days.',
      access: 'admin',
      query: statsQuerySchema,
      answer: statsSchema,
    },
    ({ query }) => getStats(ctx, query),
  );

  routes.get(
    '/refunds',
    {
      summary: 'Payments to refund: orders with a refund due, oldest first, one page (admin)',
      description:
        'A paid order cancelled, or a payment that reached an order that could not take it. `PUT /api/orders/{id}/refund` records one as made.',
      access: 'admin',
      query: pageQuerySchema,
      answer: z.array(refundDueSchema),
      answerHeaders: totalCountHeader('refunds due'),
    },
    async ({ query }, _req, res) => {
      const { refunds, total } = await getRefundsDue(ctx, query);
      return answerPage(res, refunds, total);
    },
  );

  routes.get(
    '/courses',
    {
      summary: 'Courses, searched, filtered and sorted, one page (admin)',
      access: 'admin',
      query: adminCourseListQuerySchema,
      answer: z.array(courseSchema),
      answerHeaders: totalCountHeader('courses'),
    },
    async ({ query }, _req, res) => {
      const { courses, total } = await getAdminCourses(ctx, query);
      return answerPage(res, courses, total);
    },
  );

  routes.get(
    '/audit',
    {
      summary: 'The audit trail: every admin write, newest first (admin)',
      description: 'Records are only ever added: no call changes or removes one.',
      access: 'admin',
      query: auditQuerySchema,
      answer: z.array(auditEventSchema),
      answerHeaders: totalCountHeader('records'),
    },
    async ({ query }, _req, res) => {
      const { events, total } = await getAuditTrail(ctx, query);
      return answerPage(res, events, total);
    },
  );

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import {
  certificateListItemSchema,
  certificateListQuerySchema,
  certificateSchema,
  MESSAGES,
  reissueCertificateBodySchema,
  revokeCertificateBodySchema,
} from '@shop/shared';
import type { AppContext } from '../../../deps.js';
import { answerPage, apiRoutes, totalCountHeader } from '../../../http/route.js';
import { certificateCheckLimiter } from '../../../middleware/rate-limit.js';
import { actorOf } from '../../audit/audit.repository.js';
import {
  checkCertificate,
  getCertificatePdf,
  getCertificates,
  reissueCertificate,
  revokeCertificate,
} from './certificates.service.js';

/**
 * A certificate id: 24 base64url characters when issued here. Any other text names nothing
 * (404); within the alphabet and length every id costs the same primary-key lookup, so an
 * unknown id is answered as fast as a known one.
 */
const certificateParams = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, MESSAGES.certificateNotFound)
    .meta({ description: 'A certificate `_id` (random, URL-safe)' }),
});

export function certificatesRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const checkLimiter = certificateCheckLimiter(ctx);

  routes.get(
    '/',
    {
      summary: "Certificates: the caller's own; an admin's list holds everyone's (paged, searchable)",
      description:
        'Newest first. `q`: any part of the learner’s name or of the course, or a whole certificate id. Default page size 50.',
      access: 'user',
      query: certificateListQuerySchema,
      answer: z.array(certificateListItemSchema),
      answerHeaders: totalCountHeader('certificates'),
    },
    async ({ user, query }, _req, res) => {
      const { certificates, total } = await getCertificates(ctx, user, query);
      return answerPage(res, certificates, total);
    },
  );

  routes.get(
    '/:id',
    {
      summary: 'Check a certificate (anyone): valid or revoked, name, course, dates, centre',
      description: `Rate-limited per client address (429 beyond the limit). An unknown id: 404.`,
      params: certificateParams,
      answer: certificateSchema,
      before: [checkLimiter],
      errors: [429],
    },
    async ({ params }, _req, res) => {
      const certificate = await checkCertificate(ctx, params.id);
      // A revocation must show at once: no cache keeps the answer.
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      return certificate;
    },
  );

  routes.get(
    '/:id/pdf',
    {
      summary: 'The certificate as a PDF in the learner’s language (the learner or an admin)',
      description: 'A4 landscape; its QR code holds `APP_URL/certificates/{id}`, the public check page.',
      access: 'user',
      params: certificateParams,
      answer: z.string().meta({ format: 'binary', description: 'A PDF document' }),
      answerType: 'application/pdf',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="certificate-{id}.pdf"' }),
      },
      errors: [403],
    },
    async ({ params, user }, _req, res) => {
      const { pdf, id } = await getCertificatePdf(ctx, user, params.id);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="certificate-${id}.pdf"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );

  routes.post(
    '/:id/revoke',
    {
      summary: 'Revoke a certificate with a reason (admin); the check page then says so',
      description: 'An already revoked certificate: 409. The audit trail keeps who revoked it and why.',
      access: 'admin',
      params: certificateParams,
      body: revokeCertificateBodySchema,
      answer: certificateListItemSchema,
      errors: [409],
    },
    ({ params, body, user }) => revokeCertificate(ctx, params.id, body.reason, actorOf(user)),
  );

  routes.post(
    '/:id/reissue',
    {
      summary: 'Re-issue a certificate with the learner’s current name (admin), after a name correction',
      description:
        'The old certificate is revoked (reason: the one given, else "Re-issued with a corrected name") and points to the new one ' +
        '(`replacedBy`); the learner is mailed the new one. Already re-issued, or the learner’s account deleted: 409.',
      access: 'admin',
      params: certificateParams,
      body: reissueCertificateBodySchema,
      status: 201,
      answer: certificateListItemSchema,
      errors: [409],
    },
    ({ params, body, user }) => reissueCertificate(ctx, params.id, body.reason, actorOf(user)),
  );

  return router;
}

import { z } from '../zod.js';
import { pageQuerySchema, querySearchSchema } from './common.js';

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/**
 * A certificate as anyone may check it (`GET /api/certificates/{id}`, docs/api.md#certificates): the
 * learner's name as it was at issue, the course, the session's dates (none yet), the issue
 * date, the centre's legal name, and whether it is still valid. Nothing else about the learner.
 */
export const certificateSchema = z.object({
  _id: z.string(),
  learner: z.string(),
  course: z.string(),
  /** Issue 54: the courses in French and Arabic as issued; absent when no course had a name in that language. */
  courseFr: z.string().optional(),
  courseAr: z.string().optional(),
  session: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
  issuedAt: z.string(),
  centre: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  revokedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** A certificate in the learner's and the admin's lists: also its order and its replacement. */
export const certificateListItemSchema = certificateSchema.extend({
  order: z.string(),
  /** The certificate issued in its place (a re-issue after a name correction), else null. */
  replacedBy: z.string().nullable(),
});
export type CertificateListItem = z.infer<typeof certificateListItemSchema>;

/** `GET /api/certificates`: pages (`page`, `limit`); `q` (admin) any part of the name or course, or the id. */
export const certificateListQuerySchema = pageQuerySchema.extend({ q: querySearchSchema });
export type CertificateListQuery = z.output<typeof certificateListQuerySchema>;

const reasonSchema = z
  .string({ error: 'reason is required' })
  .trim()
  .min(1, 'reason is required')
  .max(500, 'reason must be at most 500 characters');

/** `POST /api/certificates/{id}/revoke` (admin). */
export const revokeCertificateBodySchema = z.object({ reason: reasonSchema });

/** `POST /api/certificates/{id}/reissue` (admin): why the old one is revoked (default: a name correction). */
export const reissueCertificateBodySchema = z.object({ reason: reasonSchema.optional() });

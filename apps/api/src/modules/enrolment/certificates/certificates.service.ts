import { MESSAGES, type Certificate, type CertificateListItem, type CertificateListQuery } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { conflict, forbidden, notFound } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import type { AuditActor } from '../../audit/audit.repository.js';
import { withheldForAttendance } from './attendance-rule.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import {
  certificateCourseIn,
  findCertificate,
  issueCertificateRecords,
  listCertificates,
  reissueCertificateRecord,
  revokeCertificateRecord,
  type CertificateChange,
  type CertificateRecord,
} from './certificates.repository.js';
import type { DbOrTx } from '../../../db/client.js';
import type { EventRecorder } from '../../../events/event-bus.js';

/** Default page size of the certificate lists. */
export const CERTIFICATES_PAGE_DEFAULT = 50;

const translatedCourse = <K extends 'courseFr' | 'courseAr'>(key: K, text: string, main: string): Partial<Record<K, string>> =>
  text && text !== main ? ({ [key]: text } as Partial<Record<K, string>>) : {};

/** The public face of a certificate: nothing about the learner beyond the name at issue. */
export function toCertificateJson(c: CertificateRecord): Certificate {
  return {
    _id: c.id,
    learner: c.learnerName,
    course: c.course,
    // Issue 54: only where a course had a translation (the main text otherwise, as before).
    ...translatedCourse('courseFr', certificateCourseIn(c, 'fr'), c.course),
    ...translatedCourse('courseAr', certificateCourseIn(c, 'ar'), c.course),
    session:
      c.sessionStartsAt && c.sessionEndsAt
        ? { startsAt: c.sessionStartsAt.toISOString(), endsAt: c.sessionEndsAt.toISOString() }
        : null,
    issuedAt: c.issuedAt.toISOString(),
    centre: c.centre,
    status: c.status,
    revokedAt: c.revokedAt?.toISOString() ?? null,
    reason: c.reason,
  };
}

const toListItem = (c: CertificateRecord): CertificateListItem => ({
  ...toCertificateJson(c),
  order: c.orderId,
  replacedBy: c.replacedBy,
});

/**
 * Issues the certificates of an order in the transaction that marks it learned (the orders
 * module calls this; idempotent; issue 51: one per named learner, one for the buyer's unnamed
 * seats). With CERTIFICATE_MIN_ATTENDANCE, whoever was present on fewer than that percent of
 * their session's days gets none. Each one issued is recorded as `certificateIssued` in that
 * transaction (its mail goes once it commits). Answers the new certificates' ids.
 */
export async function issueCertificateInTransaction(
  ctx: Pick<ServiceContext, 'config'>,
  tx: DbOrTx,
  events: EventRecorder,
  orderId: string,
  at: Date,
): Promise<string[]> {
  const withheld = await withheldForAttendance(tx, orderId, ctx.config.certificateMinAttendance);
  const issued = await issueCertificateRecords(tx, orderId, at, ctx.config.shop.legalName, withheld);
  for (const certificateId of issued) events.record({ type: 'certificateIssued', certificateId });
  return issued;
}

/** Renders the certificate's PDF in the learner's language. */
export function certificatePdf(ctx: Pick<ServiceContext, 'config'>, certificate: CertificateRecord): Promise<Buffer> {
  return renderCertificatePdf({
    // Issue 54: the courses as issued, in the learner's language.
    certificate: { ...certificate, course: certificateCourseIn(certificate, certificate.language) },
    language: certificate.language,
    signatory: ctx.config.certificateSignatory,
    appUrl: ctx.config.appUrl,
  });
}

/** Anyone: a certificate by id; 404 for an unknown id (one primary-key lookup either way). */
export async function checkCertificate(ctx: ServiceContext, id: string): Promise<Certificate> {
  const certificate = await findCertificate(ctx.database.db, id);
  if (!certificate) throw notFound(MESSAGES.certificateNotFound);
  return toCertificateJson(certificate);
}

/** The public face of a certificate by id, or undefined (the web page's head; ids outside the alphabet name nothing). */
export async function findPublicCertificate(ctx: Pick<ServiceContext, 'database'>, id: string): Promise<Certificate | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const certificate = await findCertificate(ctx.database.db, id);
  return certificate ? toCertificateJson(certificate) : undefined;
}

/** The signed-in learner's certificates; an admin's list holds everyone's, searchable. */
export async function getCertificates(
  ctx: ServiceContext,
  user: AuthUser,
  query: CertificateListQuery,
): Promise<{ certificates: CertificateListItem[]; total: number }> {
  const { certificates, total } = await listCertificates(ctx.database.db, {
    ...(user.isAdmin ? {} : { userId: user.id, email: user.email }),
    ...(query.q ? { q: query.q } : {}),
    page: query.page ?? 1,
    limit: query.limit ?? CERTIFICATES_PAGE_DEFAULT,
  });
  return { certificates: certificates.map(toListItem), total };
}

/** The PDF, for its learner or an admin. */
export async function getCertificatePdf(
  ctx: ServiceContext,
  user: AuthUser,
  id: string,
): Promise<{ pdf: Buffer; id: string }> {
  const certificate = await findCertificate(ctx.database.db, id);
  if (!certificate) throw notFound(MESSAGES.certificateNotFound);
  if (!user.isAdmin && certificate.userId !== user.id && !(certificate.learnerId && certificate.email === user.email.toLowerCase()))
    throw forbidden(MESSAGES.forbidden);
  return { pdf: await certificatePdf(ctx, certificate), id: certificate.id };
}

function refusal(outcome: Exclude<CertificateChange<unknown>, { kind: 'changed' }>) {
  switch (outcome.kind) {
    case 'missing':
      return notFound(MESSAGES.certificateNotFound);
    case 'revoked':
      return conflict(MESSAGES.certificateAlreadyRevoked);
    case 'replaced':
      return conflict(MESSAGES.certificateAlreadyReplaced);
    case 'learnerGone':
      return conflict(MESSAGES.certificateLearnerGone);
  }
}

async function requireCertificate(ctx: ServiceContext, id: string): Promise<CertificateRecord> {
  const certificate = await findCertificate(ctx.database.db, id);
  if (!certificate) throw notFound(MESSAGES.certificateNotFound);
  return certificate;
}

/** Admin: revokes a valid certificate with a reason (the audit trail keeps who and why). */
export async function revokeCertificate(
  ctx: ServiceContext,
  id: string,
  reason: string,
  actor: AuditActor,
): Promise<CertificateListItem> {
  const outcome = await revokeCertificateRecord(ctx.database.db, id, reason, actor, ctx.clock.now());
  if (outcome.kind !== 'changed') throw refusal(outcome);
  return toListItem(await requireCertificate(ctx, id));
}

/** Why a re-issued certificate was revoked, when the admin gives no reason. */
export const REISSUE_REASON = 'Re-issued with a corrected name';

/**
 * Admin: re-issues a certificate with the learner's current name (after a name correction).
 * The old one is revoked and points to the new one; the learner gets the new one by mail.
 */
export async function reissueCertificate(
  ctx: ServiceContext,
  id: string,
  reason: string | undefined,
  actor: AuditActor,
): Promise<CertificateListItem> {
  // Committed: the new certificate's mail followed (certificateIssued).
  const outcome = await reissueCertificateRecord(ctx.database.db, ctx.events, id, reason ?? REISSUE_REASON, actor, ctx.clock.now());
  if (outcome.kind !== 'changed') throw refusal(outcome);
  return toListItem(await requireCertificate(ctx, outcome.value));
}

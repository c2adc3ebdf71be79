import type { Language } from '@shop/shared';
import { escapeHtml } from '../../mail/mail.templates.js';
import { htmlLangAttributes, MAIL_TEXTS } from '../../mail/mail.texts.js';
import { type MailMessage } from '../../mail/mailer.js';
import { CERTIFICATE_TEXTS, certificateCheckUrl } from './certificate-texts.js';
import type { ServiceContext } from '../../../deps.js';
import type { DomainEventOf } from '../../../events/domain-events.js';
import { certificateCourseIn, findCertificate, type CertificateRow } from './certificates.repository.js';
import { certificatePdf } from './certificates.service.js';

/** The learner's mail when a certificate is issued: in their language, the PDF attached. */
export function certificateIssuedMail(
  to: string,
  certificate: Pick<CertificateRow, 'id' | 'learnerName' | 'course' | 'centre'>,
  language: Language,
  appUrl: string,
  pdf: Buffer,
): MailMessage {
  const texts = MAIL_TEXTS[language];
  const words = CERTIFICATE_TEXTS[language].mail;
  const link = certificateCheckUrl(appUrl, certificate.id);
  const signature = certificate.centre || texts.signature;
  const paragraphs = [texts.hello(certificate.learnerName), words.intro(certificate.course), words.check];
  const text = [...paragraphs, link, words.linkedin, signature].join('\n\n');
  const html = `<!doctype html>
<html ${htmlLangAttributes(language)}><body style="font-family:sans-serif;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a></p>
<p>${escapeHtml(words.linkedin)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return {
    to,
    subject: words.subject(certificate.course),
    text,
    html,
    link,
    attachments: [{ filename: `certificate-${certificate.id}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

/**
 * Subscriber of `certificateIssued` (app.ts): mails the certificate to its learner, PDF attached,
 * in the background: a slow mail server or a failed rendering only costs a logged error (the
 * learner can download the PDF from the profile).
 */
export function mailIssuedCertificate(ctx: ServiceContext, { certificateId }: DomainEventOf<'certificateIssued'>): void {
  const send = async () => {
    const certificate = await findCertificate(ctx.database.db, certificateId);
    if (!certificate?.email) return;
    const pdf = await certificatePdf(ctx, certificate);
    // Issue 54: the courses as issued, in the learner's language.
    const course = certificateCourseIn(certificate, certificate.language);
    await ctx.mailer.send(certificateIssuedMail(certificate.email, { ...certificate, course }, certificate.language, ctx.config.appUrl, pdf));
  };
  send().catch((err: unknown) => ctx.logger.error({ err, certificate: certificateId }, 'sending the certificate mail failed'));
}

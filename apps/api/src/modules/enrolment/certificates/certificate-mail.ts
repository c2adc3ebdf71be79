import type { Language } from '@shop/shared';
import { escapeHtml } from '../../mail/mail.templates.js';
import { htmlLangAttributes, MAIL_TEXTS } from '../../mail/mail.texts.js';
import { type MailMessage } from '../../mail/mailer.js';
import { CERTIFICATE_TEXTS, certificateCheckUrl } from './certificate-texts.js';
import type { CertificateRow } from './certificates.repository.js';

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

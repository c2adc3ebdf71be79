import type { Language } from '@shop/shared';
import type { MailMessage } from './mailer.js';
import { htmlLangAttributes, MAIL_TEXTS } from './mail.texts.js';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Both versions put the link alone on its line, so no client glues words to it; the token
 * is base64url (no characters that need escaping), and nodemailer's encoding keeps the
 * URL intact through any transfer encoding. Written in the account's language; Arabic
 * right to left.
 */
function actionMail(
  to: string,
  name: string,
  language: Language,
  words: { subject: string; intro: string; action: string; outro: string },
  link: string,
): MailMessage {
  const texts = MAIL_TEXTS[language];
  const text = [texts.hello(name), '', words.intro, '', link, '', words.outro, '', texts.signature].join('\n');
  const html = `<!doctype html>
<html ${htmlLangAttributes(language)}><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(texts.hello(name))}</p>
<p>${escapeHtml(words.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.action)}</a></p>
<p>${escapeHtml(texts.buttonFallback)}<br><span dir="ltr">${escapeHtml(link)}</span></p>
<p>${escapeHtml(words.outro)}</p>
<p>${escapeHtml(texts.signature)}</p>
</body></html>`;
  return { to, subject: words.subject, text, html, link };
}

/** The verification link is APP_URL/verify/{token}. */
export const verificationLink = (appUrl: string, token: string) => `${appUrl}/verify/${token}`;
/** The reset link is APP_URL/reset-password?token=…. */
export const resetLink = (appUrl: string, token: string) => `${appUrl}/reset-password?token=${token}`;

export function verificationMail(to: string, name: string, link: string, language: Language = 'en'): MailMessage {
  return actionMail(to, name, language, MAIL_TEXTS[language].verify, link);
}

export function resetPasswordMail(to: string, name: string, link: string, language: Language = 'en'): MailMessage {
  return actionMail(to, name, language, MAIL_TEXTS[language].reset, link);
}

/** Issue 31: the link of an e-mail change, mailed to the new address: APP_URL/confirm-email/{token}. */
export const confirmEmailLink = (appUrl: string, token: string) => `${appUrl}/confirm-email/${token}`;

export function confirmEmailMail(to: string, name: string, link: string, language: Language = 'en'): MailMessage {
  return actionMail(to, name, language, MAIL_TEXTS[language].confirmEmail, link);
}

/** Issue 49: the link in the OLD address's notice that cancels the change: APP_URL/cancel-email/{token}. */
export const cancelEmailLink = (appUrl: string, token: string) => `${appUrl}/cancel-email/${token}`;

/**
 * Issue 31: tells the OLD address that a change to `newEmail` was asked. Its only link cancels
 * the change (issue 49): nothing in it can confirm the change, so a forwarded or intercepted
 * copy can at worst stop it.
 */
export function emailChangeNoticeMail(
  to: string,
  name: string,
  newEmail: string,
  cancelLink: string,
  language: Language = 'en',
): MailMessage {
  const words = MAIL_TEXTS[language].emailChangeNotice;
  return actionMail(to, name, language, { ...words, intro: words.body(newEmail) }, cancelLink);
}

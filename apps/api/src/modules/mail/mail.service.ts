/**
 * The mail module's public face (docs/decisions/0292): sending (createMailer, sendInBackground),
 * the account mails of the users module, and the pieces other modules build their mails with
 * (escapeHtml, the shared texts, the `lang`/`dir` attributes).
 */
export { createMailer, sendInBackground, type MailMessage, type Mailer } from './mailer.js';
export {
  cancelEmailLink,
  confirmEmailLink,
  confirmEmailMail,
  emailChangeNoticeMail,
  escapeHtml,
  resetLink,
  resetPasswordMail,
  verificationLink,
  verificationMail,
} from './mail.templates.js';
export { htmlLangAttributes, MAIL_LOCALES, MAIL_TEXTS, type MailTexts } from './mail.texts.js';
export { tunisTime } from './tunis-time.js';

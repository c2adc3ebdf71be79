import type { MailMessage } from './mailer.js';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Both versions put the link alone on its line, so no client glues words to it; the token
 * is base64url (no characters that need escaping), and nodemailer's encoding keeps the
 * URL intact through any transfer encoding.
 */
function actionMail(to: string, name: string, subject: string, intro: string, action: string, link: string, outro: string): MailMessage {
  const text = [`Hello ${name},`, '', intro, '', link, '', outro, '', 'Course Shop'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p>If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p>${escapeHtml(outro)}</p>
<p>Course Shop</p>
</body></html>`;
  return { to, subject, text, html, link };
}

/** CONTRACT §4: the verification link is APP_URL/verify/{token}. */
export const verificationLink = (appUrl: string, token: string) => `${appUrl}/verify/${token}`;
/** CONTRACT §4: the reset link is APP_URL/reset-password?token=…. */
export const resetLink = (appUrl: string, token: string) => `${appUrl}/reset-password?token=${token}`;

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return actionMail(
    to,
    name,
    'Verify your e-mail address',
    'Thank you for registering at Course Shop. Please confirm your e-mail address with this link (valid for 24 hours):',
    'Verify my e-mail',
    link,
    'If you did not register, you can ignore this mail.',
  );
}

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return actionMail(
    to,
    name,
    'Reset your password',
    'Someone asked to reset the password of your Course Shop account. Choose a new password with this link (valid for 1 hour):',
    'Choose a new password',
    link,
    'If you did not ask for this, you can ignore this mail: your password stays the same.',
  );
}

import type { Language } from '@shop/shared';
import type { Config } from '../../config.js';
import {
  escapeHtml,
  htmlLangAttributes,
  MAIL_LOCALES,
  MAIL_TEXTS,
  type MailMessage,
} from '../mail/mail.service.js';
import type { OfferToMail } from './waitlist.repository.js';
import { WAITLIST_TEXTS } from './waitlist-texts.js';

const FORMATS = new Map<Language, Intl.DateTimeFormat>();

/** An instant in Tunis time, in the mail's language ("… (Tunis time)"). */
function tunisTime(at: Date, language: Language): string {
  let format = FORMATS.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(MAIL_LOCALES[language], {
      timeZone: 'Africa/Tunis',
      dateStyle: 'full',
      timeStyle: 'short',
    });
    FORMATS.set(language, format);
  }
  return `${format.format(at)} (${MAIL_TEXTS[language].order.tunisTime})`;
}

/** The course page with the session chosen: where the offered customer orders the held seats. */
export function offerLink(appUrl: string, courseId: string, sessionId: string): string {
  return `${appUrl.replace(/\/$/, '')}/course/${encodeURIComponent(courseId)}?session=${encodeURIComponent(sessionId)}`;
}

/**
 * The offer mail (issue 34), in the account's language: seats held, until when (Tunis time), the
 * course and the session's dates, schedule and place, the link to the course page with the
 * session chosen.
 */
export function waitlistOfferMail(
  offer: OfferToMail,
  config: Pick<Config, 'appUrl' | 'shop'>,
): MailMessage {
  const { language } = offer.user;
  const texts = MAIL_TEXTS[language];
  const words = WAITLIST_TEXTS[language];
  const { session } = offer;
  const link = offerLink(config.appUrl, session.courseId, session.id);
  const signature = config.shop.legalName || texts.signature;
  const paragraphs = [
    [texts.hello(offer.user.name)],
    [
      words.intro(offer.seats, session.courseName),
      words.until(tunisTime(offer.expiresAt, language)),
    ],
    [
      words.starts(tunisTime(session.startsAt, language)),
      words.ends(tunisTime(session.endsAt, language)),
      words.schedule(session.schedule),
      words.place(session.place),
    ],
    [words.howTo],
  ];
  const text = [...paragraphs.map((p) => p.join('\n')), link, words.passesOn, signature].join(
    '\n\n',
  );
  const html = `<!doctype html>
<html ${htmlLangAttributes(language)}><body style="font-family:sans-serif;line-height:1.5">
${paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.action)}</a></p>
<p>${escapeHtml(texts.buttonFallback)}<br>${escapeHtml(link)}</p>
<p>${escapeHtml(words.passesOn)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { to: offer.user.email, subject: words.subject(session.courseName), text, html, link };
}

import { courseNameIn, type Language } from '@shop/shared';
import type { Config } from '../../../config.js';
import { MAIL_TEXTS } from '../../mail/mail.texts.js';
import { tunisTime } from '../../mail/tunis-time.js';
import { type MailMessage } from '../../mail/mailer.js';
import { sessionDetails, sessionMailBody } from './session-mail.js';
import type { LapsedOfferToMail, OfferToMail } from '../seats/waitlist.repository.js';
import { WAITLIST_TEXTS } from './waitlist-texts.js';

/** The course's name in the mail's language (its main name when it has none in that language). */
const courseOf = (session: OfferToMail['session'], language: Language) =>
  courseNameIn({ name: session.courseName, nameFr: session.courseNameFr, nameAr: session.courseNameAr }, language);

/** The course page with the session chosen: where the offered customer orders the held seats. */
export function offerLink(appUrl: string, courseId: string, sessionId: string): string {
  return `${appUrl.replace(/\/$/, '')}/course/${encodeURIComponent(courseId)}?session=${encodeURIComponent(sessionId)}`;
}

/** The course page, where its other sessions are listed. */
function courseLink(appUrl: string, courseId: string): string {
  return `${appUrl.replace(/\/$/, '')}/course/${encodeURIComponent(courseId)}`;
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
      words.intro(offer.seats, courseOf(session, language)),
      words.until(tunisTime(offer.expiresAt, language)),
    ],
    sessionDetails(session, language),
    [words.howTo],
  ];
  const body = sessionMailBody({
    language,
    paragraphs,
    link,
    button: words.action,
    textLink: link,
    fallback: texts.buttonFallback,
    after: [words.passesOn],
    signature,
  });
  return { to: offer.user.email, subject: words.subject(courseOf(session, language)), ...body, link };
}

/**
 * The mail when an offer lapsed unused (issue 34), in the account's language: the seats held in
 * the course's session passed on, the person left the line, how to join again, and the session's
 * dates, schedule and place with a link to the course page.
 */
export function waitlistLapsedMail(
  lapsed: LapsedOfferToMail,
  config: Pick<Config, 'appUrl' | 'shop'>,
): MailMessage {
  const { language } = lapsed.user;
  const texts = MAIL_TEXTS[language];
  const words = WAITLIST_TEXTS[language].lapsed;
  const { session } = lapsed;
  const link = offerLink(config.appUrl, session.courseId, session.id);
  const body = sessionMailBody({
    language,
    paragraphs: [
      [texts.hello(lapsed.user.name)],
      [words.intro(lapsed.seats, courseOf(session, language))],
      sessionDetails(session, language),
      [words.again],
    ],
    link,
    button: words.action,
    textLink: link,
    fallback: texts.buttonFallback,
    signature: config.shop.legalName || texts.signature,
  });
  return { to: lapsed.user.email, subject: words.subject(courseOf(session, language)), ...body, link };
}

/**
 * The mail to each person who waited for a session that is cancelled (issue 49), in the
 * account's language: the session is cancelled and its line closed, the seats held for them (an
 * offer) released with it, and the course page for its other sessions. No offer nor lapse mail
 * follows: their rows left the line with the cancel.
 */
export function waitlistSessionCancelledMail(
  waited: LapsedOfferToMail,
  config: Pick<Config, 'appUrl' | 'shop'>,
): MailMessage {
  const { language } = waited.user;
  const texts = MAIL_TEXTS[language];
  const words = WAITLIST_TEXTS[language].cancelled;
  const { session } = waited;
  const link = courseLink(config.appUrl, session.courseId);
  const body = sessionMailBody({
    language,
    paragraphs: [
      [texts.hello(waited.user.name)],
      [words.intro(courseOf(session, language)), ...(waited.seats > 0 ? [words.offerGone(waited.seats)] : [])],
      sessionDetails(session, language),
      [words.other],
    ],
    link,
    button: words.action,
    textLink: link,
    fallback: texts.buttonFallback,
    signature: config.shop.legalName || texts.signature,
  });
  return { to: waited.user.email, subject: words.subject(courseOf(session, language)), ...body, link };
}

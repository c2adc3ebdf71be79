import { courseNameIn, sessionPlaceText, sessionScheduleText, type Language, type NamedInLanguages, type SessionTextSource } from '@shop/shared';
import { escapeHtml } from '../../mail/mail.templates.js';
import { htmlLangAttributes } from '../../mail/mail.texts.js';
import { tunisTime } from '../../mail/tunis-time.js';
import { type MailMessage } from '../../mail/mailer.js';

/** What a session mail says (move, reminder, waitlist offer), in the order it says it. */
export interface SessionMailParts {
  language: Language;
  /** Paragraphs of lines: a line break between lines, a blank line between paragraphs. */
  paragraphs: string[][];
  link: string;
  /** The button's words in the HTML part. */
  button: string;
  /** What the text part says in the button's place (the link, or a line holding it). */
  textLink: string;
  /** The HTML part's line under the button for mail readers that show no buttons. */
  fallback?: string;
  /** Paragraphs after the button, in both parts. */
  after?: string[];
  signature: string;
}

/** The text and HTML parts of a session mail: the paragraphs, a button to the link, the signature. */
export function sessionMailBody(parts: SessionMailParts): Pick<MailMessage, 'text' | 'html'> {
  const { language, paragraphs, link, after = [], signature } = parts;
  const text = [...paragraphs.map((p) => p.join('\n')), parts.textLink, ...after, signature].join(
    '\n\n',
  );
  const html = `<!doctype html>
<html ${htmlLangAttributes(language)}><body style="font-family:sans-serif;line-height:1.5">
${paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1b6ec2;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(parts.button)}</a></p>
${parts.fallback ? `<p>${escapeHtml(parts.fallback)}<br>${escapeHtml(link)}</p>\n` : ''}${after.map((line) => `<p>${escapeHtml(line)}</p>\n`).join('')}<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { text, html };
}

/** The session's calendar file as the mail's attachment, when there is one. */
export function calendarAttachment(ics: string | null): Pick<MailMessage, 'attachments'> {
  return ics
    ? {
        attachments: [
          {
            filename: 'session.ics',
            content: Buffer.from(ics, 'utf8'),
            contentType: 'text/calendar; charset=utf-8',
          },
        ],
      }
    : {};
}

/** A session as its mails describe it (its French and Arabic texts and meetings when known, issues 51 and 54). */
export interface SessionFacts extends SessionTextSource {
  startsAt: Date;
  endsAt: Date;
  trainer?: string | null;
}

type DetailWords = Record<'startsAt' | 'endsAt' | 'schedule' | 'place' | 'trainer' | 'meetingUrl', (value: string) => string>;

const DETAIL_TEXTS: Record<Language, DetailWords> = {
  en: {
    startsAt: (at) => `Starts: ${at}`,
    endsAt: (at) => `Ends: ${at}`,
    schedule: (schedule) => `Schedule: ${schedule}`,
    place: (place) => `Place: ${place}`,
    trainer: (trainer) => `Trainer: ${trainer}`,
    meetingUrl: (url) => `Online meeting link: ${url}`,
  },
  fr: {
    startsAt: (at) => `Début : ${at}`,
    endsAt: (at) => `Fin : ${at}`,
    schedule: (schedule) => `Horaires : ${schedule}`,
    place: (place) => `Lieu : ${place}`,
    trainer: (trainer) => `Formateur : ${trainer}`,
    meetingUrl: (url) => `Lien de la séance en ligne : ${url}`,
  },
  ar: {
    startsAt: (at) => `البداية: ${at}`,
    endsAt: (at) => `النهاية: ${at}`,
    schedule: (schedule) => `المواعيد: ${schedule}`,
    place: (place) => `المكان: ${place}`,
    trainer: (trainer) => `المدرّب: ${trainer}`,
    meetingUrl: (url) => `رابط الحصة عن بعد: ${url}`,
  },
};

/**
 * The session's start and end in Tunis time, schedule and place (in `language`: written from
 * the meetings, or the French/Arabic text), the trainer when known, and the online link when the
 * caller passes it (issue 51: only mails to a paid order's people do): one line each.
 */
export function sessionDetails(
  session: SessionFacts,
  language: Language,
  paid: { meetingUrl?: string | null } = {},
): string[] {
  const words = DETAIL_TEXTS[language];
  return [
    words.startsAt(tunisTime(session.startsAt, language)),
    words.endsAt(tunisTime(session.endsAt, language)),
    words.schedule(sessionScheduleText(session, language)),
    words.place(sessionPlaceText(session, language)),
    ...(session.trainer ? [words.trainer(session.trainer)] : []),
    ...(paid.meetingUrl ? [words.meetingUrl(paid.meetingUrl)] : []),
  ];
}

/** An order's lines in one session, the session and its course's name; null when none is there. */
export function linesInSession<Line extends NamedInLanguages & { session?: { id: string } | null }>(
  orderLines: readonly Line[],
  sessionId: string,
  /** Issue 54: the reader's language, for `course` (the course as sold). */
  language: Language,
): { lines: Line[]; session: NonNullable<Line['session']>; course: string } | null {
  const lines = orderLines.filter((l) => l.session?.id === sessionId);
  const first = lines[0];
  const session = first?.session;
  if (!first || !session) return null;
  return { lines, session, course: courseNameIn(first, language) };
}

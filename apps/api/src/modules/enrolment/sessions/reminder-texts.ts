import type { Language } from '@shop/shared';

/** The words of the reminder mailed before a session starts (issue 34), in each account language. */
export interface ReminderTexts {
  /** "in 3 days", with the language's plural forms. */
  inDays: (days: number) => string;
  subject: (course: string, inDays: string) => string;
  intro: (course: string, inDays: string) => string;
  calendar: string;
}

const en: ReminderTexts = {
  inDays: (days) => (days === 1 ? 'in 1 day' : `in ${days} days`),
  subject: (course, inDays) => `Reminder: ${course} starts ${inDays}`,
  intro: (course, inDays) => `This is a reminder: your session of ${course} starts ${inDays}.`,
  calendar: 'The attached calendar file (session.ics) adds the session to your calendar.',
};

const fr: ReminderTexts = {
  inDays: (days) => (days === 1 ? 'dans 1 jour' : `dans ${days} jours`),
  subject: (course, inDays) => `Rappel : ${course} commence ${inDays}`,
  intro: (course, inDays) => `Petit rappel : votre session de ${course} commence ${inDays}.`,
  calendar: 'Le fichier de calendrier joint (session.ics) ajoute la session à votre agenda.',
};

/** Arabic counts: 1 and 2 have their own words, 3 to 10 take the plural, 11 and more the singular accusative. */
function arabicInDays(days: number): string {
  if (days === 1) return 'بعد يوم واحد';
  if (days === 2) return 'بعد يومين';
  if (days <= 10) return `بعد ${days} أيام`;
  return `بعد ${days} يومًا`;
}

const ar: ReminderTexts = {
  inDays: arabicInDays,
  subject: (course, inDays) => `تذكير: تبدأ دورة ${course} ${inDays}`,
  intro: (course, inDays) => `هذا تذكير: تبدأ دورتك في ${course} ${inDays}.`,
  calendar: 'ملف التقويم المرفق (session.ics) يضيف الدورة إلى تقويمك.',
};

export const REMINDER_TEXTS: Record<Language, ReminderTexts> = { en, fr, ar };

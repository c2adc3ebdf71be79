import type { Language } from '@shop/shared';

/** The words of the mail telling a learner they were moved to another session (issue 34), per account language. */
export interface MoveTexts {
  subject: (course: string) => string;
  intro: (course: string) => string;
  before: (at: string) => string;
  calendar: string;
}

const en: MoveTexts = {
  subject: (course) => `Your session of ${course} has changed`,
  intro: (course) =>
    `The centre moved your place in ${course} to another session. Your new session:`,
  before: (at) => `Instead of the session starting ${at}.`,
  calendar:
    'The attached calendar file (session.ics) puts the new session in your calendar and takes the old one out.',
};

const fr: MoveTexts = {
  subject: (course) => `Votre session de ${course} a changé`,
  intro: (course) =>
    `Le centre a déplacé votre place en ${course} vers une autre session. Votre nouvelle session :`,
  before: (at) => `Au lieu de la session commençant le ${at}.`,
  calendar:
    'Le fichier de calendrier joint (session.ics) ajoute la nouvelle session à votre agenda et retire l’ancienne.',
};

const ar: MoveTexts = {
  subject: (course) => `تغيّرت دورتك في ${course}`,
  intro: (course) => `نقل المركز مكانك في ${course} إلى دورة أخرى. دورتك الجديدة:`,
  before: (at) => `بدلًا من الدورة التي تبدأ ${at}.`,
  calendar: 'ملف التقويم المرفق (session.ics) يضيف الدورة الجديدة إلى تقويمك ويحذف القديمة.',
};

export const MOVE_TEXTS: Record<Language, MoveTexts> = { en, fr, ar };

import { formatAmount, type Language, type TextTemplate } from '@shop/shared';
import { fitSms, toGsm7 } from './sms-segments.js';

/** Where a message points: the order's page or the course's page. */
export interface TextLink {
  kind: 'order' | 'course';
  id: string;
}

/** What a message tells, with the facts it needs; `template` names its WhatsApp template. */
export type TextEvent =
  | { template: 'session_reminder'; course: string; startsAt: Date; place: string; link: TextLink }
  | { template: 'waitlist_offer'; course: string; seats: number; until: Date; link: TextLink }
  | { template: 'payment_received'; course: string; amount: number; link: TextLink }
  | { template: 'proof_rejected'; reason: string; link: TextLink }
  | {
      template: 'session_changed';
      change: 'moved' | 'cancelled';
      course: string;
      startsAt: Date;
      place: string;
      link: TextLink;
    };

/** A message as queued: the SMS text, and the WhatsApp template's body parameters and body as read. */
export interface RenderedText {
  sms: string;
  params: string[];
  whatsapp: string;
}

const TUNIS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Tunis',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Tunis wall time as digits: "03/12 09:00" (SMS) or "03/12/2026 09:00" (WhatsApp); the same in every language. */
export function tunisDigits(at: Date, withYear: boolean): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => TUNIS_PARTS.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}/${part('month')}${withYear ? `/${part('year')}` : ''}`;
  return `${day} ${part('hour')}:${part('minute')}`;
}

/** The page's address: `APP_URL/order/{id}` or `APP_URL/course/{id}`. */
export const fullLink = (appUrl: string, link: TextLink): string => `${appUrl}/${link.kind}/${link.id}`;

/**
 * The same page in fewer characters, for an SMS the full address does not fit (an Arabic SMS holds
 * 70 characters): `APP_URL/o/{id}` or `APP_URL/c/{id}`, the UUID's 16 bytes in base64url (22
 * characters); the web client turns it back into the page's address (decision 0422).
 */
export function shortLink(appUrl: string, link: TextLink): string {
  const hex = link.id.replace(/-/g, '');
  const code = /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, 'hex').toString('base64url') : link.id;
  return `${appUrl}/${link.kind === 'order' ? 'o' : 'c'}/${code}`;
}

const money = (amount: number) => `${formatAmount(amount)} TND`;
/** Parts joined by spaces, empty ones (a name cut to nothing) left out. */
const words = (...parts: string[]) => parts.filter((p) => p.length > 0).join(' ');

/** The SMS of each template per language: the names first, the fixed parts (date, amount, link) around them. */
type SmsBuilder = (names: readonly string[], link: string) => string;
interface SmsText {
  names: string[];
  build: SmsBuilder;
}

function smsText(event: TextEvent, language: Language): SmsText {
  const n = (names: readonly string[], i: number) => names[i] ?? '';
  switch (event.template) {
    case 'session_reminder': {
      const date = tunisDigits(event.startsAt, false);
      const build: Record<Language, SmsBuilder> = {
        en: (x, link) => words('Reminder:', n(x, 0), `starts ${date}`, n(x, 1), link),
        fr: (x, link) => words('Rappel :', n(x, 0), `le ${date}`, n(x, 1), link),
        ar: (x, link) => words('تذكير:', n(x, 0), date, n(x, 1), link),
      };
      return { names: [event.course, event.place], build: build[language] };
    }
    case 'waitlist_offer': {
      const date = tunisDigits(event.until, false);
      const build: Record<Language, SmsBuilder> = {
        en: (x, link) => words(`${event.seats} seat(s) free for you:`, n(x, 0), `- book by ${date}`, link),
        fr: (x, link) => words(`${event.seats} place(s) pour vous :`, n(x, 0), `- reservez avant le ${date}`, link),
        ar: (x, link) => words(`مقعد متاح (${event.seats}):`, n(x, 0), `قبل ${date}`, link),
      };
      return { names: [event.course], build: build[language] };
    }
    case 'payment_received': {
      const amount = money(event.amount);
      const build: Record<Language, SmsBuilder> = {
        en: (x, link) => words(`Payment of ${amount} received:`, n(x, 0), link),
        fr: (x, link) => words(`Paiement de ${amount} recu :`, n(x, 0), link),
        ar: (x, link) => words(`تم استلام ${amount}`, n(x, 0), link),
      };
      return { names: [event.course], build: build[language] };
    }
    case 'proof_rejected': {
      const build: Record<Language, SmsBuilder> = {
        en: (x, link) => words('Transfer proof refused:', n(x, 0), link),
        fr: (x, link) => words('Preuve de virement refusee :', n(x, 0), link),
        ar: (x, link) => words('رفض إثبات التحويل:', n(x, 0), link),
      };
      return { names: [event.reason], build: build[language] };
    }
    case 'session_changed': {
      const date = tunisDigits(event.startsAt, false);
      const cancelled = event.change === 'cancelled';
      const build: Record<Language, SmsBuilder> = cancelled
        ? {
            en: (x, link) => words('Cancelled:', n(x, 0), date, link),
            fr: (x, link) => words('Annulee :', n(x, 0), date, link),
            ar: (x, link) => words('إلغاء:', n(x, 0), date, link),
          }
        : {
            en: (x, link) => words('Session changed:', n(x, 0), `now ${date}`, n(x, 1), link),
            fr: (x, link) => words('Seance changee :', n(x, 0), `desormais le ${date}`, n(x, 1), link),
            ar: (x, link) => words('تغيير:', n(x, 0), date, n(x, 1), link),
          };
      return { names: cancelled ? [event.course] : [event.course, event.place], build: build[language] };
    }
  }
}

/**
 * The SMS in one message (decision 0422): names are cut, never the date, the amount or the link;
 * the full link first, the short one when the full one leaves no room; an Arabic text that fits
 * with neither goes in French. French and English texts are written in GSM-7 (accents it lacks
 * dropped) so that they hold 160 characters.
 */
export function renderSms(event: TextEvent, language: Language, appUrl: string): string {
  const { names, build } = smsText(event, language);
  const latin = language !== 'ar';
  const gsmNames = latin ? names.map(toGsm7) : names;
  for (const link of [fullLink(appUrl, event.link), shortLink(appUrl, event.link)]) {
    const text = fitSms((x) => (latin ? toGsm7(build(x, link)) : build(x, link)), gsmNames);
    if (text !== null) return text;
  }
  if (language === 'ar') return renderSms(event, 'fr', appUrl);
  throw new Error(`APP_URL is too long for an SMS (${appUrl.length} characters)`);
}

/** One template parameter: WhatsApp refuses new lines, tabs and runs of spaces in them. */
const param = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500) || '-';

const CHANGED: Record<Language, { cancelled: string; moved: (date: string, place: string) => string }> = {
  en: { cancelled: 'cancelled', moved: (date, place) => `now on ${date}, ${place}` },
  fr: { cancelled: 'annulée', moved: (date, place) => `désormais le ${date}, ${place}` },
  ar: { cancelled: 'أُلغيت', moved: (date, place) => `أصبحت يوم ${date}، ${place}` },
};

/**
 * The WhatsApp body parameters of each template, in the order docs/product.md lists them (the
 * centre has the templates approved with these): the person's name first, the link last.
 */
export function whatsappParams(event: TextEvent, language: Language, name: string, appUrl: string): string[] {
  const link = fullLink(appUrl, event.link);
  switch (event.template) {
    case 'session_reminder':
      return [name, event.course, tunisDigits(event.startsAt, true), event.place, link].map(param);
    case 'waitlist_offer':
      return [name, event.course, String(event.seats), tunisDigits(event.until, true), link].map(param);
    case 'payment_received':
      return [name, event.course, money(event.amount), link].map(param);
    case 'proof_rejected':
      return [name, event.reason, link].map(param);
    case 'session_changed': {
      const date = tunisDigits(event.startsAt, true);
      const what = event.change === 'cancelled' ? `${CHANGED[language].cancelled} (${date})` : CHANGED[language].moved(date, event.place);
      return [name, event.course, what, link].map(param);
    }
  }
}

/** The templates' bodies as submitted for approval ({{1}}, {{2}}… the parameters above). */
export const WHATSAPP_BODIES: Record<TextTemplate, Record<Language, string>> = {
  session_reminder: {
    en: 'Hello {{1}}, a reminder: your session of {{2}} starts on {{3}} (Tunis time) at {{4}}. Details: {{5}}',
    fr: 'Bonjour {{1}}, rappel : votre séance de {{2}} commence le {{3}} (heure de Tunis) à {{4}}. Détails : {{5}}',
    ar: 'مرحبًا {{1}}، تذكير: تبدأ حصتك في {{2}} يوم {{3}} (بتوقيت تونس) في {{4}}. التفاصيل: {{5}}',
  },
  waitlist_offer: {
    en: 'Hello {{1}}, seats are free for you in {{2}}: {{3}} seat(s) held until {{4}} (Tunis time). Book them here: {{5}}',
    fr: 'Bonjour {{1}}, des places se libèrent pour vous en {{2}} : {{3}} place(s) réservée(s) jusqu’au {{4}} (heure de Tunis). Réservez ici : {{5}}',
    ar: 'مرحبًا {{1}}، توفرت لك مقاعد في {{2}}: {{3}} مقعد محجوز حتى {{4}} (بتوقيت تونس). احجز هنا: {{5}}',
  },
  payment_received: {
    en: 'Hello {{1}}, we received your payment for {{2}}: {{3}}. Thank you! Your order: {{4}}',
    fr: 'Bonjour {{1}}, nous avons reçu votre paiement pour {{2}} : {{3}}. Merci ! Votre commande : {{4}}',
    ar: 'مرحبًا {{1}}، استلمنا دفعتك مقابل {{2}}: {{3}}. شكرًا! طلبك: {{4}}',
  },
  proof_rejected: {
    en: 'Hello {{1}}, your transfer proof was refused: {{2}}. Please send another one: {{3}}',
    fr: 'Bonjour {{1}}, votre preuve de virement a été refusée : {{2}}. Merci d’en envoyer une autre : {{3}}',
    ar: 'مرحبًا {{1}}، رُفض إثبات التحويل: {{2}}. يرجى إرسال إثبات آخر: {{3}}',
  },
  session_changed: {
    en: 'Hello {{1}}, your session of {{2}} has changed: {{3}}. Details: {{4}}',
    fr: 'Bonjour {{1}}, votre séance de {{2}} a changé : {{3}}. Détails : {{4}}',
    ar: 'مرحبًا {{1}}، تغيرت حصتك في {{2}}: {{3}}. التفاصيل: {{4}}',
  },
};

/** A template's body with its parameters in place: what the person reads on WhatsApp. */
export const whatsappBody = (template: TextTemplate, language: Language, params: readonly string[]): string =>
  WHATSAPP_BODIES[template][language].replace(/\{\{(\d+)\}\}/g, (_m, i: string) => params[Number(i) - 1] ?? '');

export function renderText(event: TextEvent, language: Language, name: string, appUrl: string): RenderedText {
  const params = whatsappParams(event, language, name, appUrl);
  return { sms: renderSms(event, language, appUrl), params, whatsapp: whatsappBody(event.template, language, params) };
}

import type { Language } from '@shop/shared';

/** The words of the waitlist offer mail (issue 34), in each account language. */
export interface WaitlistTexts {
  subject: (course: string) => string;
  intro: (seats: number, course: string) => string;
  until: (at: string) => string;
  howTo: string;
  action: string;
  passesOn: string;
}

const en: WaitlistTexts = {
  subject: (course) => `A seat is waiting for you: ${course}`,
  intro: (seats, course) =>
    seats === 1
      ? `Good news: a seat freed up in your waitlisted session of ${course}. It is held for you alone.`
      : `Good news: ${seats} seats freed up in your waitlisted session of ${course}. They are held for you alone.`,
  until: (at) => `Held until: ${at}`,
  howTo:
    'Open the course page with the link below (the session is already chosen) and place your order.',
  action: 'Book my seat',
  passesOn: 'If you do not order by then, the offer passes to the next person in line.',
};

const fr: WaitlistTexts = {
  subject: (course) => `Une place vous attend : ${course}`,
  intro: (seats, course) =>
    seats === 1
      ? `Bonne nouvelle : une place s'est libérée dans la session de ${course} pour laquelle vous êtes en liste d'attente. Elle vous est réservée.`
      : `Bonne nouvelle : ${seats} places se sont libérées dans la session de ${course} pour laquelle vous êtes en liste d'attente. Elles vous sont réservées.`,
  until: (at) => `Réservée jusqu'au : ${at}`,
  howTo:
    'Ouvrez la page de la formation avec le lien ci-dessous (la session est déjà choisie) et passez votre commande.',
  action: 'Réserver ma place',
  passesOn: "Sans commande d'ici là, l'offre passe à la personne suivante de la liste.",
};

function arabicSeats(seats: number): string {
  if (seats === 1) return 'مقعد واحد';
  if (seats === 2) return 'مقعدان';
  if (seats <= 10) return `${seats} مقاعد`;
  return `${seats} مقعدًا`;
}

const ar: WaitlistTexts = {
  subject: (course) => `مقعد في انتظارك: ${course}`,
  intro: (seats, course) =>
    `خبر سار: تحرّر ${arabicSeats(seats)} في جلسة ${course} التي سجّلت في قائمة انتظارها، وهو محجوز لك وحدك.`,
  until: (at) => `محجوز حتى: ${at}`,
  howTo: 'افتح صفحة الدورة عبر الرابط أدناه (الجلسة مختارة مسبقًا) وأكمل طلبك.',
  action: 'احجز مقعدي',
  passesOn: 'إن لم تطلب قبل ذلك، ينتقل العرض إلى الشخص التالي في القائمة.',
};

export const WAITLIST_TEXTS: Record<Language, WaitlistTexts> = { en, fr, ar };

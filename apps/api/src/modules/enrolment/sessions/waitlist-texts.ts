import type { Language } from '@shop/shared';

/** The words of the waitlist offer mail (issue 34), in each account language. */
export interface WaitlistTexts {
  subject: (course: string) => string;
  intro: (seats: number, course: string) => string;
  until: (at: string) => string;
  howTo: string;
  action: string;
  passesOn: string;
  /** The mail when an offer lapsed unused (the person has left the line). */
  lapsed: {
    subject: (course: string) => string;
    intro: (seats: number, course: string) => string;
    again: string;
    action: string;
  };
  /** The mail when the session waited for is cancelled (issue 49: everyone waiting, offers included, leaves the line). */
  cancelled: {
    subject: (course: string) => string;
    intro: (course: string) => string;
    offerGone: (seats: number) => string;
    other: string;
    action: string;
  };
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
  lapsed: {
    subject: (course) => `Your held seat was released: ${course}`,
    intro: (seats, course) =>
      seats === 1
        ? `The seat held for you in this session of ${course} was not ordered in time: it has passed to the next person in line, and you have left the waitlist.`
        : `The ${seats} seats held for you in this session of ${course} were not ordered in time: they have passed to the next person in line, and you have left the waitlist.`,
    again: 'If you still want a seat, join the waitlist again from the course page.',
    action: 'See the course',
  },
  cancelled: {
    subject: (course) => `Session cancelled: ${course}`,
    intro: (course) =>
      `The session of ${course} you were waiting for has been cancelled by the training centre. Its waitlist is closed: you are no longer on it.`,
    offerGone: (seats) =>
      seats === 1
        ? 'The seat that was held for you in it is released with it: there is nothing to order or pay.'
        : `The ${seats} seats that were held for you in it are released with it: there is nothing to order or pay.`,
    other: 'The course page shows its other sessions, if any.',
    action: 'See the course',
  },
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
  lapsed: {
    subject: (course) => `Votre place réservée a été libérée : ${course}`,
    intro: (seats, course) =>
      seats === 1
        ? `La place qui vous était réservée dans cette session de ${course} n'a pas été commandée à temps : elle est passée à la personne suivante, et vous avez quitté la liste d'attente.`
        : `Les ${seats} places qui vous étaient réservées dans cette session de ${course} n'ont pas été commandées à temps : elles sont passées à la personne suivante, et vous avez quitté la liste d'attente.`,
    again: "Si vous souhaitez toujours une place, inscrivez-vous de nouveau sur la liste d'attente depuis la page de la formation.",
    action: 'Voir la formation',
  },
  cancelled: {
    subject: (course) => `Session annulée : ${course}`,
    intro: (course) =>
      `La session de ${course} pour laquelle vous étiez en liste d'attente a été annulée par le centre de formation. Sa liste d'attente est close : vous n'y figurez plus.`,
    offerGone: (seats) =>
      seats === 1
        ? "La place qui vous y était réservée est libérée avec elle : vous n'avez rien à commander ni à payer."
        : `Les ${seats} places qui vous y étaient réservées sont libérées avec elle : vous n'avez rien à commander ni à payer.`,
    other: 'La page de la formation affiche ses autres sessions, s’il y en a.',
    action: 'Voir la formation',
  },
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
  lapsed: {
    subject: (course) => `أُلغي حجز مقعدك: ${course}`,
    intro: (seats, course) =>
      `لم يُطلب ${arabicSeats(seats)} المحجوز لك في هذه الجلسة من ${course} في الوقت المحدد، فانتقل الحجز إلى الشخص التالي في القائمة وغادرتَ قائمة الانتظار.`,
    again: 'إن كنت لا تزال ترغب في مقعد، انضم إلى قائمة الانتظار من جديد من صفحة الدورة.',
    action: 'عرض الدورة',
  },
  cancelled: {
    subject: (course) => `أُلغيت الجلسة: ${course}`,
    intro: (course) =>
      `ألغى مركز التكوين جلسة ${course} التي كنت في قائمة انتظارها. أُغلقت قائمة الانتظار ولم تعد مسجّلًا فيها.`,
    offerGone: (seats) => `حُرّر معها ${arabicSeats(seats)} المحجوز لك: لا شيء عليك طلبه أو دفعه.`,
    other: 'تعرض صفحة الدورة جلساتها الأخرى إن وُجدت.',
    action: 'عرض الدورة',
  },
};

export const WAITLIST_TEXTS: Record<Language, WaitlistTexts> = { en, fr, ar };

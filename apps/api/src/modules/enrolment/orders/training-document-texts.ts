import type { Language } from '@shop/shared';

/**
 * The words of the company documents (issue 51; docs/api.md, company documents): the training
 * agreement (convention de formation) and the attendance certificate (attestation de présence),
 * in the shop's three languages. As on invoices, the Arabic labels are pure Arabic: a label and
 * its Latin value (numbers, dates, ids) are drawn apart.
 */
export interface TrainingDocumentTexts {
  agreementTitle: string;
  certificateTitle: string;
  authorisation: string;
  order: string;
  date: string;
  between: string;
  centre: string;
  company: string;
  name: string;
  address: string;
  taxId: string;
  agreementIntro: string;
  course: string;
  sessionDates: string;
  hours: string;
  schedule: string;
  place: string;
  trainer: string;
  seats: string;
  learners: string;
  /** The label of the number of seats not named yet (the buyer's). */
  unnamedSeats: string;
  priceBeforeTax: string;
  tax: string;
  stampDuty: string;
  total: string;
  forCentre: string;
  forCompany: string;
  certifies: string;
  learner: string;
  daysPresent: string;
  /** "3 of 4": in Arabic the two numbers are drawn as one Latin value "3 / 4". */
  daysOf: (present: number, held: number) => string;
  hoursAttended: string;
  signedAt: (date: string) => string;
}

export const TRAINING_DOCUMENT_TEXTS: Record<Language, TrainingDocumentTexts> = {
  en: {
    agreementTitle: 'TRAINING AGREEMENT',
    certificateTitle: 'CERTIFICATE OF ATTENDANCE',
    authorisation: 'Training provider authorisation',
    order: 'Order',
    date: 'Date',
    between: 'Between the parties',
    centre: 'The training centre',
    company: 'The company',
    name: 'Name',
    address: 'Address',
    taxId: 'Tax ID (matricule fiscal)',
    agreementIntro: 'The centre provides the training below to the learners the company names, on the terms of the order.',
    course: 'Course',
    sessionDates: 'Session dates',
    hours: 'Hours',
    schedule: 'Schedule',
    place: 'Place',
    trainer: 'Trainer',
    seats: 'Seats',
    learners: 'Learners',
    unnamedSeats: 'Seats not named yet',
    priceBeforeTax: 'Price before tax',
    tax: 'Tax',
    stampDuty: 'Stamp duty',
    total: 'Total',
    forCentre: 'For the training centre',
    forCompany: 'For the company',
    certifies: 'The training centre certifies that the learner below attended the training:',
    learner: 'Learner',
    daysPresent: 'Days present',
    daysOf: (present, held) => `${present} of ${held}`,
    hoursAttended: 'Hours attended',
    signedAt: (date) => `Issued on ${date}`,
  },
  fr: {
    agreementTitle: 'CONVENTION DE FORMATION',
    certificateTitle: 'ATTESTATION DE PRÉSENCE',
    authorisation: 'Agrément de formation',
    order: 'Commande',
    date: 'Date',
    between: 'Entre les parties',
    centre: 'Le centre de formation',
    company: 'L’entreprise',
    name: 'Raison sociale',
    address: 'Adresse',
    taxId: 'Matricule fiscal',
    agreementIntro:
      'Le centre dispense la formation ci-dessous aux apprenants désignés par l’entreprise, aux conditions de la commande.',
    course: 'Formation',
    sessionDates: 'Dates de la session',
    hours: 'Durée (heures)',
    schedule: 'Horaires',
    place: 'Lieu',
    trainer: 'Formateur',
    seats: 'Places',
    learners: 'Apprenants',
    unnamedSeats: 'Places non encore nommées',
    priceBeforeTax: 'Prix hors taxes',
    tax: 'TVA',
    stampDuty: 'Droit de timbre',
    total: 'Total TTC',
    forCentre: 'Pour le centre de formation',
    forCompany: 'Pour l’entreprise',
    certifies: 'Le centre de formation atteste que l’apprenant ci-dessous a suivi la formation :',
    learner: 'Apprenant',
    daysPresent: 'Jours de présence',
    daysOf: (present, held) => `${present} sur ${held}`,
    hoursAttended: 'Heures suivies',
    signedAt: (date) => `Fait le ${date}`,
  },
  ar: {
    agreementTitle: 'اتفاقية تكوين',
    certificateTitle: 'شهادة حضور',
    authorisation: 'رقم ترخيص التكوين',
    order: 'الطلب',
    date: 'التاريخ',
    between: 'بين الطرفين',
    centre: 'مركز التكوين',
    company: 'المؤسسة',
    name: 'الاسم',
    address: 'العنوان',
    taxId: 'المعرف الجبائي',
    agreementIntro: 'يقدم المركز التكوين المذكور أدناه للمتكونين الذين تعينهم المؤسسة وفق شروط الطلب',
    course: 'الدورة',
    sessionDates: 'تواريخ الدورة',
    hours: 'عدد الساعات',
    schedule: 'المواعيد',
    place: 'المكان',
    trainer: 'المدرّب',
    seats: 'عدد المقاعد',
    learners: 'المتكونون',
    unnamedSeats: 'مقاعد لم تُسمَّ بعد',
    priceBeforeTax: 'السعر دون ضريبة',
    tax: 'الضريبة',
    stampDuty: 'معلوم الطابع الجبائي',
    total: 'المجموع',
    forCentre: 'عن مركز التكوين',
    forCompany: 'عن المؤسسة',
    certifies: 'يشهد مركز التكوين بأن المتكون المذكور أدناه قد تابع التكوين',
    learner: 'المتكون',
    daysPresent: 'أيام الحضور',
    daysOf: (present, held) => `${present} / ${held}`,
    hoursAttended: 'الساعات المتابعة',
    signedAt: (date) => date,
  },
};

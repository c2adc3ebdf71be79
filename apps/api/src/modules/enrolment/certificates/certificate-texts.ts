import type { Language } from '@shop/shared';

/**
 * The words of a certificate's PDF and of the mail that brings it, in the learner's language.
 * Kept beside the certificate (not in mail.texts.ts) because the PDF and the mail share them.
 */
export interface CertificateTexts {
  title: string;
  certifies: string;
  completed: string;
  issuedOn: string;
  /** The label over the session's dates, under the course (issue 33). */
  session: string;
  signature: string;
  idLabel: string;
  checkAt: string;
  /** Printed across a revoked certificate's PDF. */
  revoked: string;
  mail: {
    subject: (course: string) => string;
    intro: (course: string) => string;
    attached: string;
    check: string;
    linkedin: string;
  };
}

export const CERTIFICATE_TEXTS: Record<Language, CertificateTexts> = {
  en: {
    title: 'Certificate of Completion',
    certifies: 'This certifies that',
    completed: 'has successfully completed',
    issuedOn: 'Issued on',
    session: 'Session',
    signature: 'Signature',
    idLabel: 'Certificate ID',
    checkAt: 'Check this certificate at',
    revoked: 'REVOKED',
    mail: {
      subject: (course) => `Your certificate: ${course}`,
      intro: (course) => `Congratulations! You have completed ${course}. Your certificate is attached to this mail.`,
      attached: 'The PDF certificate is attached.',
      check: 'Anyone can check it at this address (its QR code leads there too):',
      linkedin: 'You can also add it to your LinkedIn profile from your profile page at the shop.',
    },
  },
  fr: {
    title: 'Certificat de réussite',
    certifies: 'Nous certifions que',
    completed: 'a suivi avec succès la formation',
    issuedOn: 'Délivré le',
    session: 'Session',
    signature: 'Signature',
    idLabel: 'Numéro du certificat',
    checkAt: 'Vérifier ce certificat sur',
    revoked: 'RÉVOQUÉ',
    mail: {
      subject: (course) => `Votre certificat : ${course}`,
      intro: (course) => `Félicitations ! Vous avez terminé ${course}. Votre certificat est joint à ce message.`,
      attached: 'Le certificat PDF est en pièce jointe.',
      check: 'Chacun peut le vérifier à cette adresse (son code QR y mène aussi) :',
      linkedin: 'Vous pouvez aussi l’ajouter à votre profil LinkedIn depuis votre page de profil sur la boutique.',
    },
  },
  ar: {
    title: 'شهادة إتمام',
    certifies: 'نشهد بأنّ',
    completed: 'أتمّ بنجاح الدورة التدريبية',
    issuedOn: 'تاريخ الإصدار',
    session: 'الدورة',
    signature: 'التوقيع',
    idLabel: 'رقم الشهادة',
    checkAt: 'للتحقق من هذه الشهادة',
    revoked: 'ملغاة',
    mail: {
      subject: (course) => `شهادتك: ${course}`,
      intro: (course) => `تهانينا! لقد أتممت ${course}. شهادتك مرفقة بهذه الرسالة.`,
      attached: 'الشهادة بصيغة PDF مرفقة.',
      check: 'يمكن لأي شخص التحقق منها على هذا العنوان (رمز QR الخاص بها يؤدي إليه أيضًا):',
      linkedin: 'يمكنك أيضًا إضافتها إلى ملفك الشخصي على LinkedIn من صفحة ملفك الشخصي في المتجر.',
    },
  },
};

/** "26 November 2026", "26 novembre 2026", "26 نوفمبر 2026": the day in Tunis, Latin digits. */
const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'long' }),
  fr: new Intl.DateTimeFormat('fr-TN', { timeZone: 'Africa/Tunis', dateStyle: 'long' }),
  ar: new Intl.DateTimeFormat('ar-TN-u-nu-latn', { timeZone: 'Africa/Tunis', dateStyle: 'long' }),
};

export const certificateDate = (at: Date, language: Language): string => DATE_FORMATS[language].format(at);

const NUMERIC_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'short' });

/**
 * The date as the PDF prints it: in words in English and French; in Arabic "26/11/2026", digits
 * only, because pdfkit lays a whole Arabic run right to left (no bidi pass) and would reverse
 * the digits of a date mixing Arabic words and Latin digits.
 */
export const certificatePdfDate = (at: Date, language: Language): string =>
  language === 'ar' ? NUMERIC_DATE.format(at) : certificateDate(at, language);

/** The public check page of a certificate (docs/api.md#certificates), the address its QR code holds. */
export const certificateCheckUrl = (appUrl: string, id: string) => `${appUrl}/certificates/${id}`;

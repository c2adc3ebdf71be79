import type { Language } from '@shop/shared';

/** First strong isolate … pop: a reference, a name or an amount keeps its own direction inside Arabic text. */
export const isolate = (value: string) => `\u2068${value}\u2069`;

/** The words of the staff's notices (issue 54), in the staff account's language. */
export interface StaffTexts {
  hello: string;
  openOrder: string;
  proofSubject: (ref: string) => string;
  proofIntro: (ref: string, buyer: string, total: string) => string;
  refundSubject: (ref: string) => string;
  refundIntro: (ref: string, buyer: string, amount: string, provider: string) => string;
  sessionFullSubject: (course: string) => string;
  sessionFullIntro: (course: string, start: string, place: string, capacity: number) => string;
  openSession: string;
  digestSubject: (day: string) => string;
  digestSessions: (count: number) => string;
  noSessions: string;
  sessionLine: (course: string, start: string, place: string, taken: number, capacity: number) => string;
  digestProofs: (count: number) => string;
  digestRefunds: (count: number) => string;
  digestOnSite: (count: number) => string;
  orderLine: (ref: string, buyer: string, amount: string) => string;
  holdLine: (ref: string, buyer: string, amount: string, until: string) => string;
  nothingWaits: string;
  openDashboard: string;
}

const en: StaffTexts = {
  hello: 'Hello,',
  openOrder: 'Open the order',
  proofSubject: (ref) => `Transfer receipt to check: order ${ref}`,
  proofIntro: (ref, buyer, total) => `${buyer} sent the receipt of a transfer for order ${ref} (${total}). It waits for your check.`,
  refundSubject: (ref) => `Refund due: order ${ref}`,
  refundIntro: (ref, buyer, amount, provider) => `${amount} (${provider}) is to be paid back to ${buyer} for order ${ref}.`,
  sessionFullSubject: (course) => `Session full: ${course}`,
  sessionFullIntro: (course, start, place, capacity) =>
    `The session of ${course} starting ${start} (${place}) has no seat left: ${capacity} of ${capacity} taken.`,
  openSession: 'Open the session',
  digestSubject: (day) => `The centre today, ${day}`,
  digestSessions: (n) => `Sessions today (${n}):`,
  noSessions: 'No session today.',
  sessionLine: (course, start, place, taken, capacity) => `${start}: ${course}, ${place} (${taken}/${capacity} seats taken)`,
  digestProofs: (n) => `Transfer receipts to check (${n}):`,
  digestRefunds: (n) => `Refunds due (${n}):`,
  digestOnSite: (n) => `Pay-at-the-centre orders whose hold ends within 24 hours (${n}):`,
  orderLine: (ref, buyer, amount) => `Order ${ref}, ${buyer}: ${amount}`,
  holdLine: (ref, buyer, amount, until) => `Order ${ref}, ${buyer}: ${amount}, held until ${until}`,
  nothingWaits: 'Nothing waits for you.',
  openDashboard: 'Open the dashboard',
};

const fr: StaffTexts = {
  hello: 'Bonjour,',
  openOrder: 'Ouvrir la commande',
  proofSubject: (ref) => `Reçu de virement à vérifier : commande ${ref}`,
  proofIntro: (ref, buyer, total) => `${buyer} a envoyé le reçu d’un virement pour la commande ${ref} (${total}). Il attend votre vérification.`,
  refundSubject: (ref) => `Remboursement dû : commande ${ref}`,
  refundIntro: (ref, buyer, amount, provider) => `${amount} (${provider}) est à rembourser à ${buyer} pour la commande ${ref}.`,
  sessionFullSubject: (course) => `Session complète : ${course}`,
  sessionFullIntro: (course, start, place, capacity) =>
    `La session de ${course} qui commence le ${start} (${place}) n’a plus de place : ${capacity} sur ${capacity} prises.`,
  openSession: 'Ouvrir la session',
  digestSubject: (day) => `Le centre aujourd’hui, ${day}`,
  digestSessions: (n) => `Sessions du jour (${n}) :`,
  noSessions: 'Aucune session aujourd’hui.',
  sessionLine: (course, start, place, taken, capacity) => `${start} : ${course}, ${place} (${taken}/${capacity} places prises)`,
  digestProofs: (n) => `Reçus de virement à vérifier (${n}) :`,
  digestRefunds: (n) => `Remboursements dus (${n}) :`,
  digestOnSite: (n) => `Commandes à payer au centre dont la réservation finit dans les 24 heures (${n}) :`,
  orderLine: (ref, buyer, amount) => `Commande ${ref}, ${buyer} : ${amount}`,
  holdLine: (ref, buyer, amount, until) => `Commande ${ref}, ${buyer} : ${amount}, réservée jusqu’au ${until}`,
  nothingWaits: 'Rien ne vous attend.',
  openDashboard: 'Ouvrir le tableau de bord',
};

const i = isolate;
const ar: StaffTexts = {
  hello: 'مرحبًا،',
  openOrder: 'فتح الطلب',
  proofSubject: (ref) => `وصل تحويل للتحقق: الطلب ${i(ref)}`,
  proofIntro: (ref, buyer, total) => `أرسل ${i(buyer)} وصل تحويل للطلب ${i(ref)} (${i(total)}). ينتظر تحققكم.`,
  refundSubject: (ref) => `استرداد مستحق: الطلب ${i(ref)}`,
  refundIntro: (ref, buyer, amount, provider) => `يجب إرجاع ${i(amount)} (${i(provider)}) إلى ${i(buyer)} عن الطلب ${i(ref)}.`,
  sessionFullSubject: (course) => `دورة مكتملة: ${i(course)}`,
  sessionFullIntro: (course, start, place, capacity) =>
    `دورة ${i(course)} التي تبدأ ${i(start)} (${i(place)}) لم يبق فيها مقعد: ${i(`${capacity}/${capacity}`)} مقاعد محجوزة.`,
  openSession: 'فتح الدورة',
  digestSubject: (day) => `المركز اليوم، ${i(day)}`,
  digestSessions: (n) => `دورات اليوم (${i(String(n))}):`,
  noSessions: 'لا دورة اليوم.',
  sessionLine: (course, start, place, taken, capacity) =>
    `${i(start)}: ${i(course)}، ${i(place)} (${i(`${taken}/${capacity}`)} مقاعد محجوزة)`,
  digestProofs: (n) => `وصولات تحويل للتحقق (${i(String(n))}):`,
  digestRefunds: (n) => `استردادات مستحقة (${i(String(n))}):`,
  digestOnSite: (n) => `طلبات الدفع في المركز التي ينتهي حجزها خلال 24 ساعة (${i(String(n))}):`,
  orderLine: (ref, buyer, amount) => `الطلب ${i(ref)}، ${i(buyer)}: ${i(amount)}`,
  holdLine: (ref, buyer, amount, until) => `الطلب ${i(ref)}، ${i(buyer)}: ${i(amount)}، محجوز حتى ${i(until)}`,
  nothingWaits: 'لا شيء ينتظركم.',
  openDashboard: 'فتح لوحة التحكم',
};

export const STAFF_TEXTS: Record<Language, StaffTexts> = { en, fr, ar };

import type { Language } from '@shop/shared';

/**
 * The words of the shop's e-mails in each language (issue 18): a mail goes out in its
 * account's language. Arabic mails are written right to left (`dir="rtl"`).
 */
export interface MailTexts {
  hello: (name: string) => string;
  signature: string;
  buttonFallback: string;
  verify: { subject: string; intro: string; action: string; outro: string };
  reset: { subject: string; intro: string; action: string; outro: string };
  order: {
    seeOrder: string;
    yourOrder: (link: string) => string;
    orderLine: (id: string) => string;
    items: string;
    shipping: string;
    tax: string;
    total: string;
    tunisTime: string;
    placedSubject: (ref: string) => string;
    placedIntro: string;
    heldUntil: (at: string) => string;
    payByCard: string;
    payOnSite: string;
    where: (place: string) => string;
    hours: (hours: string) => string;
    amountToPay: (amount: string) => string;
    paidSubject: (ref: string) => string;
    paidIntro: (amount: string) => string;
    invoice: (number: string) => string;
    cancelledSubject: (ref: string) => string;
    cancelledIntro: string;
    refunded: (amount: string) => string;
    expiredSubject: (ref: string) => string;
    expiredIntro: (until: string) => string;
    expiredOn: (at: string) => string;
    orderAgain: string;
  };
}

const en: MailTexts = {
  hello: (name) => `Hello ${name},`,
  signature: 'Course Shop',
  buttonFallback: 'If the button does not work, copy this address into your browser:',
  verify: {
    subject: 'Verify your e-mail address',
    intro:
      'Thank you for registering at Course Shop. Please confirm your e-mail address with this link (valid for 24 hours):',
    action: 'Verify my e-mail',
    outro: 'If you did not register, you can ignore this mail.',
  },
  reset: {
    subject: 'Reset your password',
    intro:
      'Someone asked to reset the password of your Course Shop account. Choose a new password with this link (valid for 1 hour):',
    action: 'Choose a new password',
    outro: 'If you did not ask for this, you can ignore this mail: your password stays the same.',
  },
  order: {
    seeOrder: 'See your order',
    yourOrder: (link) => `Your order: ${link}`,
    orderLine: (id) => `Order ${id}`,
    items: 'Items',
    shipping: 'Shipping',
    tax: 'Tax',
    total: 'Total',
    tunisTime: 'Tunis time',
    placedSubject: (ref) => `Your order ${ref} is placed`,
    placedIntro: 'Thank you for your order. Here is what you ordered.',
    heldUntil: (at) =>
      `Your seats are held until ${at}. Unpaid by then, the order expires and the seats go back on sale.`,
    payByCard: 'You chose to pay by card. We will e-mail you as soon as the payment is received.',
    payOnSite: 'How to pay: at the centre, in cash or by card, quoting your order number.',
    where: (place) => `Where: ${place}`,
    hours: (hours) => `Opening hours: ${hours}`,
    amountToPay: (amount) => `Amount to pay: ${amount}`,
    paidSubject: (ref) => `Payment received for order ${ref}`,
    paidIntro: (amount) => `We received your payment of ${amount}. Your seats are yours.`,
    invoice: (number) => `Invoice number: ${number} (download it from your order page).`,
    cancelledSubject: (ref) => `Your order ${ref} is cancelled`,
    cancelledIntro: 'Your order is cancelled and its seats went back on sale.',
    refunded: (amount) => `The ${amount} you paid is refunded.`,
    expiredSubject: (ref) => `Your order ${ref} has expired`,
    expiredIntro: (until) =>
      `Your order was not paid in time: its seat hold ended${until}, so the seats went back on sale.`,
    expiredOn: (at) => ` on ${at}`,
    orderAgain: 'You are welcome to order again.',
  },
};

const fr: MailTexts = {
  hello: (name) => `Bonjour ${name},`,
  signature: 'Course Shop',
  buttonFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  verify: {
    subject: 'Vérifiez votre adresse e-mail',
    intro:
      'Merci de votre inscription sur Course Shop. Veuillez confirmer votre adresse e-mail avec ce lien (valable 24 heures) :',
    action: 'Vérifier mon e-mail',
    outro: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer ce message.',
  },
  reset: {
    subject: 'Réinitialisez votre mot de passe',
    intro:
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Course Shop. Choisissez un nouveau mot de passe avec ce lien (valable 1 heure) :',
    action: 'Choisir un nouveau mot de passe',
    outro:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  },
  order: {
    seeOrder: 'Voir votre commande',
    yourOrder: (link) => `Votre commande : ${link}`,
    orderLine: (id) => `Commande ${id}`,
    items: 'Articles',
    shipping: 'Livraison',
    tax: 'Taxe',
    total: 'Total',
    tunisTime: 'heure de Tunis',
    placedSubject: (ref) => `Votre commande ${ref} est enregistrée`,
    placedIntro: 'Merci pour votre commande. Voici ce que vous avez commandé.',
    heldUntil: (at) =>
      `Vos places sont réservées jusqu'au ${at}. Sans paiement d'ici là, la commande expire et les places sont remises en vente.`,
    payByCard: 'Vous avez choisi de payer par carte. Nous vous écrirons dès réception du paiement.',
    payOnSite:
      'Comment payer : au centre, en espèces ou par carte, en indiquant votre numéro de commande.',
    where: (place) => `Où : ${place}`,
    hours: (hours) => `Horaires : ${hours}`,
    amountToPay: (amount) => `Montant à payer : ${amount}`,
    paidSubject: (ref) => `Paiement reçu pour la commande ${ref}`,
    paidIntro: (amount) => `Nous avons reçu votre paiement de ${amount}. Vos places sont à vous.`,
    invoice: (number) =>
      `Numéro de facture : ${number} (téléchargez-la depuis la page de votre commande).`,
    cancelledSubject: (ref) => `Votre commande ${ref} est annulée`,
    cancelledIntro: 'Votre commande est annulée et ses places ont été remises en vente.',
    refunded: (amount) => `Les ${amount} que vous avez payés vous sont remboursés.`,
    expiredSubject: (ref) => `Votre commande ${ref} a expiré`,
    expiredIntro: (until) =>
      `Votre commande n'a pas été payée à temps : la réservation a pris fin${until} et les places ont été remises en vente.`,
    expiredOn: (at) => ` le ${at}`,
    orderAgain: 'Vous pouvez commander à nouveau.',
  },
};

const ar: MailTexts = {
  hello: (name) => `مرحبًا ${name}،`,
  signature: 'Course Shop',
  buttonFallback: 'إذا لم يعمل الزر، انسخ هذا العنوان في متصفحك:',
  verify: {
    subject: 'تأكيد عنوان بريدك الإلكتروني',
    intro:
      'شكرًا لتسجيلك في Course Shop. يرجى تأكيد عنوان بريدك الإلكتروني عبر هذا الرابط (صالح لمدة 24 ساعة):',
    action: 'تأكيد بريدي الإلكتروني',
    outro: 'إذا لم تقم بالتسجيل، يمكنك تجاهل هذه الرسالة.',
  },
  reset: {
    subject: 'إعادة تعيين كلمة المرور',
    intro:
      'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Course Shop. اختر كلمة مرور جديدة عبر هذا الرابط (صالح لمدة ساعة واحدة):',
    action: 'اختيار كلمة مرور جديدة',
    outro: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  },
  order: {
    seeOrder: 'عرض طلبك',
    yourOrder: (link) => `طلبك: ${link}`,
    orderLine: (id) => `الطلب ${id}`,
    items: 'العناصر',
    shipping: 'التوصيل',
    tax: 'الضريبة',
    total: 'المجموع',
    tunisTime: 'بتوقيت تونس',
    placedSubject: (ref) => `تم تسجيل طلبك ${ref}`,
    placedIntro: 'شكرًا على طلبك. إليك ما طلبته.',
    heldUntil: (at) =>
      `مقاعدك محجوزة حتى ${at}. إن لم يُدفع الطلب حتى ذلك الحين، تنتهي صلاحيته وتعود المقاعد إلى البيع.`,
    payByCard: 'اخترت الدفع بالبطاقة. سنراسلك فور استلام الدفع.',
    payOnSite: 'طريقة الدفع: في المركز، نقدًا أو بالبطاقة، مع ذكر رقم طلبك.',
    where: (place) => `المكان: ${place}`,
    hours: (hours) => `أوقات العمل: ${hours}`,
    amountToPay: (amount) => `المبلغ المطلوب: ${amount}`,
    paidSubject: (ref) => `تم استلام الدفع للطلب ${ref}`,
    paidIntro: (amount) => `استلمنا دفعتك البالغة ${amount}. مقاعدك محجوزة لك.`,
    invoice: (number) => `رقم الفاتورة: ${number} (نزّلها من صفحة طلبك).`,
    cancelledSubject: (ref) => `تم إلغاء طلبك ${ref}`,
    cancelledIntro: 'تم إلغاء طلبك وعادت مقاعده إلى البيع.',
    refunded: (amount) => `سيُردّ إليك مبلغ ${amount} الذي دفعته.`,
    expiredSubject: (ref) => `انتهت صلاحية طلبك ${ref}`,
    expiredIntro: (until) =>
      `لم يُدفع طلبك في الوقت المحدد: انتهى حجز المقاعد${until}، فعادت المقاعد إلى البيع.`,
    expiredOn: (at) => ` في ${at}`,
    orderAgain: 'يسعدنا أن تطلب من جديد.',
  },
};

export const MAIL_TEXTS: Record<Language, MailTexts> = { en, fr, ar };

/** The `<html>` attributes of a mail in this language. */
export const htmlLangAttributes = (language: Language) =>
  language === 'ar' ? 'lang="ar" dir="rtl"' : `lang="${language}"`;

/** The locale of dates in mails (Latin digits in Arabic, as in Tunisia). */
export const MAIL_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-TN', ar: 'ar-TN' };

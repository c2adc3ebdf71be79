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
  /** Issue 31: the link to the NEW address of an e-mail change. */
  confirmEmail: { subject: string; intro: string; action: string; outro: string };
  /** Issue 31: the notice to the OLD address of an e-mail change; its link cancels the change (issue 49). */
  emailChangeNotice: { subject: string; body: (newEmail: string) => string; action: string; outro: string };
  /** Issue 36: paying a Transfer order (bank transfer or D17) and its proof of payment. */
  transfer: {
    howToPay: string;
    bankAccount: (account: string) => string;
    d17Number: (number: string) => string;
    reference: (ref: string) => string;
    uploadProof: string;
    rejectedSubject: (ref: string) => string;
    rejectedIntro: string;
    reason: (reason: string) => string;
    uploadAgain: string;
  };
  /** Issue 51: a child's request to an adult to pay its order (in the child's language). */
  payerRequest: {
    subject: (child: string) => string;
    greeting: string;
    intro: (child: string) => string;
    session: (start: string) => string;
    total: (amount: string) => string;
    action: string;
    outro: string;
  };
  order: {
    seeOrder: string;
    yourOrder: (link: string) => string;
    orderLine: (id: string) => string;
    items: string;
    /** The promo code's line (issue 37). */
    discount: (code: string) => string;
    shipping: string;
    tax: string;
    /** Tax of one rate when an order has several (issue 52). */
    taxAt: (rate: string) => string;
    /** The droit de timbre (issue 52), on its own line when the shop charges one. */
    stampDuty: string;
    total: string;
    tunisTime: string;
    placedSubject: (ref: string) => string;
    placedIntro: string;
    heldUntil: (at: string) => string;
    payByCard: string;
    payOnSite: string;
    where: (place: string) => string;
    /** Issue 54: where a dated course takes place, when that is not where to pay. */
    coursePlace: (places: string) => string;
    hours: (hours: string) => string;
    amountToPay: (amount: string) => string;
    paidSubject: (ref: string) => string;
    paidIntro: (amount: string) => string;
    invoice: (number: string) => string;
    cancelledSubject: (ref: string) => string;
    cancelledIntro: string;
    /** Issue 54: the reason an admin gave for the cancel. */
    cancelledReason: (reason: string) => string;
    /** Issue 33: the centre cancelled a session of the order (course name, start in Tunis time). */
    sessionCancelled: (course: string, start: string) => string;
    /** Issue 31: a paid order cancelled; the money is owed back, not yet refunded. */
    refundDue: (amount: string) => string;
    /** Issue 31: money that reached an order that could not take it. */
    receivedSubject: (ref: string) => string;
    receivedCancelled: (amount: string) => string;
    receivedExpired: (amount: string) => string;
    willBeRefunded: string;
    /** Issue 49: a payment reached an order paid already (two pages, two tabs). */
    receivedTwice: (amount: string) => string;
    /** Issue 49: the refund of such a second payment recorded as made. */
    refundedTwiceIntro: (amount: string) => string;
    /** Issue 31: the refund recorded as made. */
    refundedSubject: (ref: string) => string;
    refundedIntro: (amount: string) => string;
    creditNote: (number: string) => string;
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
  confirmEmail: {
    subject: 'Confirm your new e-mail address',
    intro:
      'You asked to use this address for your Course Shop account. Please confirm it with this link (valid for 24 hours); until then your account keeps its current address:',
    action: 'Confirm my new e-mail',
    outro: 'If you did not ask for this, you can ignore this mail: nothing changes.',
  },
  emailChangeNotice: {
    subject: 'A change of your e-mail address was requested',
    body: (newEmail) =>
      `Someone signed in to your Course Shop account asked to change its e-mail address to ${newEmail}. The change takes effect only once that address is confirmed from the mail sent to it. If you did not ask for this, cancel it with this link (valid for 24 hours):`,
    action: 'Cancel this change',
    outro:
      'Then change your password at once (or use "Forgot Password" on the sign-in page): a new password also cancels the change. If the address was changed already, contact the centre.',
  },
  transfer: {
    howToPay: 'How to pay: by bank transfer or from your D17 wallet, quoting your order number as the reference.',
    bankAccount: (account) => `Bank account (RIB/IBAN): ${account}`,
    d17Number: (number) => `D17 number: ${number}`,
    reference: (ref) => `Reference: ${ref}`,
    uploadProof:
      'Then upload a photo or PDF of the receipt on your order page: we check it and confirm your seats by e-mail.',
    rejectedSubject: (ref) => `Your proof of payment for order ${ref} was not accepted`,
    rejectedIntro: 'We checked the proof of payment you sent for this order and could not accept it.',
    reason: (reason) => `Reason: ${reason}`,
    uploadAgain: 'You can upload another proof on your order page while your seats are held.',
  },
  payerRequest: {
    subject: (child) => `${child} asks you to pay for a course`,
    greeting: 'Hello,',
    intro: (child) =>
      `${child} chose a course at Course Shop with a child account and asks you to pay for it. Open the link, sign in or create an account, accept, then pay by any method the centre offers:`,
    session: (start) => `Session starting ${start}`,
    total: (amount) => `Total to pay: ${amount}`,
    action: 'See the order and pay',
    outro: 'If you do not know this child or do not wish to pay, ignore this mail: nothing happens.',
  },
  order: {
    seeOrder: 'See your order',
    yourOrder: (link) => `Your order: ${link}`,
    orderLine: (id) => `Order ${id}`,
    items: 'Items',
    discount: (code) => `Discount (${code})`,
    shipping: 'Shipping',
    tax: 'Tax',
    taxAt: (rate) => `Tax ${rate} %`,
    stampDuty: 'Stamp duty',
    total: 'Total',
    tunisTime: 'Tunis time',
    placedSubject: (ref) => `Your order ${ref} is placed`,
    placedIntro: 'Thank you for your order. Here is what you ordered.',
    heldUntil: (at) =>
      `Your seats are held until ${at}. Unpaid by then, the order expires and the seats go back on sale.`,
    payByCard: 'You chose to pay by card. We will e-mail you as soon as the payment is received.',
    payOnSite: 'How to pay: at the centre, in cash or by card, quoting your order number.',
    where: (place) => `Where: ${place}`,
    coursePlace: (places) => `The course takes place at: ${places}`,
    hours: (hours) => `Opening hours: ${hours}`,
    amountToPay: (amount) => `Amount to pay: ${amount}`,
    paidSubject: (ref) => `Payment received for order ${ref}`,
    paidIntro: (amount) => `We received your payment of ${amount}. Your seats are yours.`,
    invoice: (number) => `Invoice number: ${number} (download it from your order page).`,
    cancelledSubject: (ref) => `Your order ${ref} is cancelled`,
    cancelledIntro: 'Your order is cancelled and its seats went back on sale.',
    cancelledReason: (reason) => `The centre's reason: ${reason}`,
    sessionCancelled: (course, start) =>
      `We are sorry: the centre cancelled the session of ${course} starting ${start}, so your order is cancelled.`,
    refundDue: (amount) =>
      `The ${amount} you paid will be refunded to you; we will write to you again once the refund is made.`,
    receivedSubject: (ref) => `Payment received for order ${ref}: it will be refunded`,
    receivedCancelled: (amount) =>
      `We received your payment of ${amount}, but this order had already been cancelled, so it cannot take it.`,
    receivedExpired: (amount) =>
      `We received your payment of ${amount}, but this order had expired and its seats were no longer available, so it cannot take it.`,
    willBeRefunded:
      'The amount will be refunded to you; we will write to you again once the refund is made. You are welcome to order again.',
    refundedSubject: (ref) => `Refund made for order ${ref}`,
    refundedIntro: (amount) => `We have refunded the ${amount} you paid for this order.`,
    receivedTwice: (amount) =>
      `We received your payment of ${amount}, but this order was already paid: you paid it twice.`,
    refundedTwiceIntro: (amount) => `We have refunded the second payment of ${amount} you made for this order.`,
    creditNote: (number) => `Credit note number: ${number} (download it from your order page).`,
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
  confirmEmail: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    intro:
      'Vous avez demandé à utiliser cette adresse pour votre compte Course Shop. Veuillez la confirmer avec ce lien (valable 24 heures) ; d’ici là, votre compte garde son adresse actuelle :',
    action: 'Confirmer ma nouvelle adresse',
    outro: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.",
  },
  emailChangeNotice: {
    subject: 'Un changement de votre adresse e-mail a été demandé',
    body: (newEmail) =>
      `Une personne connectée à votre compte Course Shop a demandé à changer son adresse e-mail pour ${newEmail}. Le changement ne prend effet qu’une fois cette adresse confirmée depuis le message qui lui a été envoyé. Si vous n'êtes pas à l'origine de cette demande, annulez-la avec ce lien (valable 24 heures) :`,
    action: 'Annuler ce changement',
    outro:
      "Changez ensuite tout de suite votre mot de passe (ou utilisez « Mot de passe oublié » sur la page de connexion) : un nouveau mot de passe annule aussi le changement. Si l'adresse a déjà été changée, contactez le centre.",
  },
  transfer: {
    howToPay:
      'Comment payer : par virement bancaire ou depuis votre portefeuille D17, en indiquant votre numéro de commande comme référence.',
    bankAccount: (account) => `Compte bancaire (RIB/IBAN) : ${account}`,
    d17Number: (number) => `Numéro D17 : ${number}`,
    reference: (ref) => `Référence : ${ref}`,
    uploadProof:
      'Envoyez ensuite une photo ou un PDF du reçu depuis la page de votre commande : nous le vérifions et confirmons vos places par e-mail.',
    rejectedSubject: (ref) => `Votre preuve de paiement pour la commande ${ref} n'a pas été acceptée`,
    rejectedIntro: "Nous avons vérifié la preuve de paiement envoyée pour cette commande et n'avons pas pu l'accepter.",
    reason: (reason) => `Motif : ${reason}`,
    uploadAgain: 'Vous pouvez envoyer une autre preuve depuis la page de votre commande tant que vos places sont réservées.',
  },
  payerRequest: {
    subject: (child) => `${child} vous demande de payer une formation`,
    greeting: 'Bonjour,',
    intro: (child) =>
      `${child} a choisi une formation sur Course Shop avec un compte enfant et vous demande de la payer. Ouvrez le lien, connectez-vous ou créez un compte, acceptez, puis payez par l’un des moyens proposés par le centre :`,
    session: (start) => `Session à partir du ${start}`,
    total: (amount) => `Total à payer : ${amount}`,
    action: 'Voir la commande et payer',
    outro: 'Si vous ne connaissez pas cet enfant ou ne souhaitez pas payer, ignorez ce message : rien ne se passera.',
  },
  order: {
    seeOrder: 'Voir votre commande',
    yourOrder: (link) => `Votre commande : ${link}`,
    orderLine: (id) => `Commande ${id}`,
    items: 'Articles',
    discount: (code) => `Remise (${code})`,
    shipping: 'Livraison',
    tax: 'Taxe',
    taxAt: (rate) => `TVA ${rate} %`,
    stampDuty: 'Droit de timbre',
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
    coursePlace: (places) => `Lieu de la formation : ${places}`,
    hours: (hours) => `Horaires : ${hours}`,
    amountToPay: (amount) => `Montant à payer : ${amount}`,
    paidSubject: (ref) => `Paiement reçu pour la commande ${ref}`,
    paidIntro: (amount) => `Nous avons reçu votre paiement de ${amount}. Vos places sont à vous.`,
    invoice: (number) =>
      `Numéro de facture : ${number} (téléchargez-la depuis la page de votre commande).`,
    cancelledSubject: (ref) => `Votre commande ${ref} est annulée`,
    cancelledIntro: 'Votre commande est annulée et ses places ont été remises en vente.',
    cancelledReason: (reason) => `Motif donné par le centre : ${reason}`,
    sessionCancelled: (course, start) =>
      `Nous sommes désolés : le centre a annulé la session de ${course} qui devait commencer le ${start} ; votre commande est donc annulée.`,
    refundDue: (amount) =>
      `Les ${amount} que vous avez payés vous seront remboursés ; nous vous écrirons à nouveau une fois le remboursement effectué.`,
    receivedSubject: (ref) => `Paiement reçu pour la commande ${ref} : il sera remboursé`,
    receivedCancelled: (amount) =>
      `Nous avons reçu votre paiement de ${amount}, mais cette commande était déjà annulée et ne peut donc pas l’accepter.`,
    receivedExpired: (amount) =>
      `Nous avons reçu votre paiement de ${amount}, mais cette commande avait expiré et ses places n’étaient plus disponibles : elle ne peut donc pas l’accepter.`,
    willBeRefunded:
      'Ce montant vous sera remboursé ; nous vous écrirons à nouveau une fois le remboursement effectué. Vous pouvez commander à nouveau.',
    refundedSubject: (ref) => `Remboursement effectué pour la commande ${ref}`,
    refundedIntro: (amount) => `Nous vous avons remboursé les ${amount} payés pour cette commande.`,
    receivedTwice: (amount) =>
      `Nous avons reçu votre paiement de ${amount}, mais cette commande était déjà payée : vous l’avez payée deux fois.`,
    refundedTwiceIntro: (amount) => `Nous vous avons remboursé le second paiement de ${amount} fait pour cette commande.`,
    creditNote: (number) =>
      `Numéro d’avoir : ${number} (téléchargez-le depuis la page de votre commande).`,
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
  confirmEmail: {
    subject: 'تأكيد عنوان بريدك الإلكتروني الجديد',
    intro:
      'طلبت استخدام هذا العنوان لحسابك في Course Shop. يرجى تأكيده عبر هذا الرابط (صالح لمدة 24 ساعة)؛ وإلى ذلك الحين يحتفظ حسابك بعنوانه الحالي:',
    action: 'تأكيد بريدي الإلكتروني الجديد',
    outro: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: لن يتغير شيء.',
  },
  emailChangeNotice: {
    subject: 'طُلب تغيير عنوان بريدك الإلكتروني',
    body: (newEmail) =>
      `طلب شخص متصل بحسابك في Course Shop تغيير عنوان بريده الإلكتروني إلى ${newEmail}. لا يسري التغيير إلا بعد تأكيد هذا العنوان من الرسالة المرسلة إليه. إذا لم تطلب ذلك، ألغِه بهذا الرابط (صالح لمدة 24 ساعة):`,
    action: 'إلغاء هذا التغيير',
    outro:
      'ثم غيّر كلمة مرورك فورًا (أو استعمل «نسيت كلمة المرور» في صفحة تسجيل الدخول): كلمة المرور الجديدة تلغي التغيير أيضًا. إذا كان العنوان قد تغيّر بالفعل، اتصل بالمركز.',
  },
  transfer: {
    howToPay: 'طريقة الدفع: بتحويل بنكي أو من محفظة D17، مع ذكر رقم طلبك كمرجع.',
    bankAccount: (account) => `الحساب البنكي (RIB/IBAN): ${account}`,
    d17Number: (number) => `رقم D17: ${number}`,
    reference: (ref) => `المرجع: ${ref}`,
    uploadProof: 'ثم حمّل صورة أو ملف PDF للوصل من صفحة طلبك: نتحقق منه ونؤكد مقاعدك بالبريد الإلكتروني.',
    rejectedSubject: (ref) => `لم يتم قبول إثبات الدفع للطلب ${ref}`,
    rejectedIntro: 'تحققنا من إثبات الدفع الذي أرسلته لهذا الطلب ولم نتمكن من قبوله.',
    reason: (reason) => `السبب: ${reason}`,
    uploadAgain: 'يمكنك تحميل إثبات آخر من صفحة طلبك ما دامت مقاعدك محجوزة.',
  },
  payerRequest: {
    subject: (child) => `${child} يطلب منك دفع ثمن دورة تكوينية`,
    greeting: 'مرحبًا،',
    intro: (child) =>
      `اختار ${child} دورة تكوينية في Course Shop بحساب طفل ويطلب منك دفع ثمنها. افتح الرابط، وسجّل الدخول أو أنشئ حسابًا، ثم اقبل الطلب وادفع بإحدى الطرق التي يوفّرها المركز:`,
    session: (start) => `دورة تبدأ في ${start}`,
    total: (amount) => `المبلغ الواجب دفعه: ${amount}`,
    action: 'عرض الطلب والدفع',
    outro: 'إذا كنت لا تعرف هذا الطفل أو لا ترغب في الدفع، فتجاهل هذه الرسالة: لن يحدث شيء.',
  },
  order: {
    seeOrder: 'عرض طلبك',
    yourOrder: (link) => `طلبك: ${link}`,
    orderLine: (id) => `الطلب ${id}`,
    items: 'العناصر',
    discount: (code) => `الخصم (${code})`,
    shipping: 'التوصيل',
    tax: 'الضريبة',
    taxAt: (rate) => `الأداء على القيمة المضافة ${rate} %`,
    stampDuty: 'معلوم الطابع الجبائي',
    total: 'المجموع',
    tunisTime: 'بتوقيت تونس',
    placedSubject: (ref) => `تم تسجيل طلبك ${ref}`,
    placedIntro: 'شكرًا على طلبك. إليك ما طلبته.',
    heldUntil: (at) =>
      `مقاعدك محجوزة حتى ${at}. إن لم يُدفع الطلب حتى ذلك الحين، تنتهي صلاحيته وتعود المقاعد إلى البيع.`,
    payByCard: 'اخترت الدفع بالبطاقة. سنراسلك فور استلام الدفع.',
    payOnSite: 'طريقة الدفع: في المركز، نقدًا أو بالبطاقة، مع ذكر رقم طلبك.',
    where: (place) => `المكان: ${place}`,
    coursePlace: (places) => `مكان الدورة: ${places}`,
    hours: (hours) => `أوقات العمل: ${hours}`,
    amountToPay: (amount) => `المبلغ المطلوب: ${amount}`,
    paidSubject: (ref) => `تم استلام الدفع للطلب ${ref}`,
    paidIntro: (amount) => `استلمنا دفعتك البالغة ${amount}. مقاعدك محجوزة لك.`,
    invoice: (number) => `رقم الفاتورة: ${number} (نزّلها من صفحة طلبك).`,
    cancelledSubject: (ref) => `تم إلغاء طلبك ${ref}`,
    cancelledIntro: 'تم إلغاء طلبك وعادت مقاعده إلى البيع.',
    cancelledReason: (reason) => `سبب الإلغاء حسب المركز: \u2068${reason}\u2069`,
    sessionCancelled: (course, start) =>
      `نعتذر: ألغى المركز دورة ${course} التي كانت ستبدأ ${start}، لذلك أُلغي طلبك.`,
    refundDue: (amount) =>
      `سيُردّ إليك مبلغ ${amount} الذي دفعته، وسنراسلك مجددًا حين يتم الاسترداد.`,
    receivedSubject: (ref) => `تم استلام دفعة للطلب ${ref}: سيتم ردّها إليك`,
    receivedCancelled: (amount) =>
      `استلمنا دفعتك البالغة ${amount}، لكن هذا الطلب كان قد أُلغي، فلا يمكنه قبولها.`,
    receivedExpired: (amount) =>
      `استلمنا دفعتك البالغة ${amount}، لكن صلاحية هذا الطلب كانت قد انتهت ولم تعد مقاعده متاحة، فلا يمكنه قبولها.`,
    willBeRefunded: 'سيُردّ إليك هذا المبلغ، وسنراسلك مجددًا حين يتم الاسترداد. يسعدنا أن تطلب من جديد.',
    refundedSubject: (ref) => `تم استرداد المبلغ للطلب ${ref}`,
    refundedIntro: (amount) => `أعدنا إليك مبلغ ${amount} الذي دفعته لهذا الطلب.`,
    receivedTwice: (amount) => `استلمنا دفعتك البالغة ${amount}، لكن هذا الطلب كان مدفوعًا من قبل: لقد دفعته مرتين.`,
    refundedTwiceIntro: (amount) => `أعدنا إليك الدفعة الثانية البالغة ${amount} التي دفعتها لهذا الطلب.`,
    creditNote: (number) => `رقم إشعار الدائن: ${number} (يمكنك تنزيله من صفحة طلبك).`,
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

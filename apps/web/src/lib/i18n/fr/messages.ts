import type { Catalogue } from '../catalogue-type';

/** French: the API's words: errors by code, messages by key, validation by text. Same keys as English (en/messages.ts). */
export const errors = {
  VALIDATION: 'Saisie invalide',
  INVALID_CREDENTIALS: 'E-mail ou mot de passe incorrect',
  EMAIL_NOT_VERIFIED: 'Veuillez vérifier votre e-mail avant de vous connecter.',
  USER_EXISTS: 'Cet utilisateur existe déjà',
  INVALID_TOKEN: 'Lien de vérification invalide ou expiré.',
  WRONG_PASSWORD: 'Votre mot de passe actuel est manquant ou incorrect.',
  NOT_AUTHENTICATED: 'Non autorisé : veuillez vous connecter',
  TOKEN_INVALID: 'Non autorisé : votre session a expiré',
  ADMIN_ONLY: 'Réservé aux administrateurs',
  FORBIDDEN: "Vous n'avez pas le droit de faire cela",
  NOT_FOUND: 'Introuvable',
  COURSE_NOT_FOUND: 'Cours introuvable',
  USER_NOT_FOUND: 'Utilisateur introuvable',
  ORDER_NOT_FOUND: 'Commande introuvable',
  SEATS_LEFT: 'Plus assez de places pour {{course}}',
  SEATS_CHANGED:
    'Les places restantes ont changé pendant votre modification (des commandes ont été passées ou libérées). Vérifiez les places actuelles et enregistrez à nouveau.',
  TOO_MANY_UNPAID:
    'Vous avez déjà trop de commandes non payées ou de places réservées. Payez ou annulez une de vos commandes non payées, puis commandez à nouveau.',
  PRICE_CHANGED:
    'Les prix ont changé depuis l’ouverture de cette page. Vérifiez le nouveau total et passez à nouveau votre commande.',
  ORDER_CHANGED: 'Les cours ont changé pendant votre commande. Veuillez réessayer.',
  ORDER_STATE: 'Cette commande ne peut pas être modifiée dans son état actuel ({{status}}).',
  ALREADY_PAID: 'La commande est déjà payée',
  ALREADY_REVIEWED: 'Vous avez déjà donné votre avis sur ce cours',
  EMPTY_ORDER: 'Aucun article dans la commande',
  PAID_ORDER_CANCEL:
    'Cette commande est payée : seule la boutique peut l’annuler et vous rembourser.',
  PAYMENT_OPEN:
    'Une page de paiement de cette commande est encore ouverte : payez ou fermez-la, ou annulez une fois qu’elle a pris fin.',
  PROOF_SUBMITTED:
    'Le centre vérifie la preuve de paiement de cette commande : elle ne peut pas être annulée pendant ce temps. Contactez le centre.',
  NO_REFUND_DUE: 'Aucun remboursement n’est dû pour cette commande.',
  EXPIRED_SEATS_GONE: 'Cette commande a expiré et ses places ne sont plus disponibles.',
  COUPON_INVALID: "Ce code promo n'existe pas.",
  COUPON_EXPIRED: "Ce code promo n'est pas valable aujourd'hui.",
  COUPON_USED_UP: 'Ce code promo a déjà été utilisé autant de fois qu’il le permet.',
  COUPON_NOT_APPLICABLE: 'Ce code promo ne s’applique pas aux formations de votre commande.',
  COUPON_EXISTS: 'Un code promo identique existe déjà',
  CANNOT_DELETE_SELF: 'Vous ne pouvez pas supprimer votre propre compte',
  CANNOT_DEMOTE_SELF: "Vous ne pouvez pas retirer vos propres droits d'administrateur",
  MALFORMED_JSON: 'Corps JSON mal formé',
  BODY_TOO_LARGE: 'Requête trop volumineuse',
  RATE_LIMITED: 'Trop de requêtes, veuillez réessayer plus tard.',
  INVOICES_NOT_CONFIGURED:
    "Les factures ne sont pas encore disponibles : la boutique n'a pas renseigné son identité légale (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_TAX_ID).",
  CONFLICT: "Impossible dans l'état actuel.",
  SERVER_ERROR: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  SERVICE_UNAVAILABLE:
    'La boutique ne peut pas répondre pour le moment. Réessayez dans quelques secondes.',
} satisfies Catalogue;

export const messages = {
  passwordsDoNotMatch: 'Les mots de passe ne correspondent pas',
  profilePasswordsDoNotMatch: 'Les mots de passe ne correspondent pas',
  emailRequired: 'Veuillez entrer votre e-mail',
  invalidOrMissingToken: 'Jeton invalide ou manquant.',
  invalidOrExpiredToken: 'Jeton invalide ou expiré.',
  resetFailed: 'Erreur lors de la réinitialisation du mot de passe. Veuillez réessayer.',
  verifyFailed: 'La vérification a échoué. Veuillez réessayer.',
  registrationFallback: 'Une erreur est survenue',
  registrationSuccess: 'Inscription réussie. Consultez vos e-mails pour vérifier votre compte.',
  forgotSuccess: 'Consultez vos e-mails pour la suite des instructions',
  emailVerified: 'E-mail vérifié. Vous pouvez maintenant vous connecter.',
  invalidVerificationLink: 'Lien de vérification invalide ou expiré.',
  passwordReset: 'Le mot de passe a été réinitialisé.',
  invalidCredentials: 'E-mail ou mot de passe incorrect',
  verifyBeforeSignIn: 'Veuillez vérifier votre e-mail avant de vous connecter.',
  userExists: 'Cet utilisateur existe déjà',
  userRemoved: 'Utilisateur supprimé',
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte',
  cannotDemoteSelf: "Vous ne pouvez pas retirer vos propres droits d'administrateur",
  profileUpdated: 'Profil mis à jour',
  wrongPassword: 'Votre mot de passe actuel est manquant ou incorrect.',
  emailChangeConfirmed:
    'Votre nouvelle adresse e-mail est confirmée. Utilisez-la désormais pour vous connecter.',
  invalidEmailChangeLink: 'Lien de confirmation d’adresse e-mail invalide ou expiré.',
  reviewSubmitted: 'Avis envoyé !',
  reviewAdded: 'Avis ajouté',
  alreadyReviewed: 'Vous avez déjà donné votre avis sur ce cours',
  courseRemoved: 'Cours supprimé',
  nothingFound: 'Aucun résultat !!!',
  notFound404: '404 Page introuvable',
  subscribed: 'Abonné',
  emptyOrder: 'Aucun article dans la commande',
  pricesChanged:
    'Les prix ont changé depuis l’ouverture de cette page. Vérifiez le nouveau total et passez à nouveau votre commande.',
  priceRangeReversed: 'Le prix « De » ne doit pas dépasser le prix « À »',
  orderCoursesChanged: 'Les cours ont changé pendant votre commande. Veuillez réessayer.',
  alreadyPaid: 'La commande est déjà payée',
  learnRequiresPaid: 'La commande doit être payée et pas encore suivie',
  paidOrderCustomerCancel:
    'Cette commande est payée : seule la boutique peut l’annuler et vous rembourser.',
  paymentOpen:
    'Une page de paiement de cette commande est encore ouverte : payez ou fermez-la, ou annulez une fois qu’elle a pris fin.',
  noRefundDue: 'Aucun remboursement n’est dû pour cette commande.',
  refundAlreadyRecorded:
    'Cette commande porte déjà un remboursement : réglez ce paiement manuellement.',
  expiredSeatsGone: 'Cette commande a expiré et ses places ne sont plus disponibles.',
  couponInvalid: "Ce code promo n'existe pas.",
  couponExpired: "Ce code promo n'est pas valable aujourd'hui.",
  couponUsedUp: 'Ce code promo a déjà été utilisé autant de fois qu’il le permet.',
  couponNotApplicable: 'Ce code promo ne s’applique pas aux formations de votre commande.',
  couponExists: 'Un code promo identique existe déjà',
  couponNotFound: 'Code promo introuvable',
  couponDeleted: 'Code promo supprimé',
  couponDisabled: 'Code promo déjà utilisé : désactivé au lieu d’être supprimé',
  invoicesNotConfigured:
    "Les factures ne sont pas encore disponibles : la boutique n'a pas renseigné son identité légale (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_TAX_ID).",
  notAuthorized: 'Non autorisé : veuillez vous connecter',
  tokenInvalid: 'Non autorisé : votre session a expiré',
  adminOnly: 'Réservé aux administrateurs',
  forbidden: "Vous n'avez pas le droit de faire cela",
  routeNotFound: 'Introuvable',
  courseNotFound: 'Cours introuvable',
  userNotFound: 'Utilisateur introuvable',
  orderNotFound: 'Commande introuvable',
  certificateNotFound: 'Certificat introuvable',
  certificateAlreadyRevoked: 'Ce certificat est déjà révoqué.',
  certificateAlreadyReplaced: 'Ce certificat a déjà été réédité.',
  certificateLearnerGone:
    'Le compte de l’apprenant n’existe plus : le certificat ne peut pas être réédité.',
  noCreditNote:
    "Pas encore d'avoir : un avoir existe une fois le remboursement de la commande enregistré comme effectué.",
  invalidInput: 'Saisie invalide',
  malformedJson: 'Corps JSON mal formé',
  bodyTooLarge: 'Requête trop volumineuse',
  tooManyRequests: 'Trop de requêtes, veuillez réessayer plus tard.',
  serverError: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  serviceUnavailable:
    'La boutique ne peut pas répondre pour le moment. Réessayez dans quelques secondes.',
  cardPaymentsUnavailable:
    "Le paiement en ligne par carte n'est pas disponible. Veuillez choisir de payer sur place.",
  seatsChanged:
    'Les places restantes ont changé pendant votre modification (des commandes ont été passées ou libérées). Vérifiez les places actuelles et enregistrez à nouveau.',
  tooManyUnpaid:
    'Vous avez déjà trop de commandes non payées ou de places réservées. Payez ou annulez une de vos commandes non payées, puis commandez à nouveau.',
  holdEndsTooSoon:
    'Les places de cette commande ne sont plus réservées que pour quelques minutes : elle ne peut plus être payée en ligne.',
  payOnSiteOrder:
    "Cette commande se paie sur place : le paiement en ligne n'est pas disponible pour elle.",
  payByTransferOrder:
    "Cette commande se paie par virement bancaire ou D17 : le paiement en ligne n'est pas disponible pour elle.",
  paymentProviderUnavailable:
    'Le service de paiement est injoignable pour le moment. Votre commande est enregistrée : veuillez réessayer dans quelques minutes.',
  webhookReceived: 'Reçu',
  imageTypeRefused: "Le fichier n'est pas une image JPEG, PNG ou WebP.",
  imageTooLarge: "L'image dépasse 5 Mo.",
  imageEmpty: "Aucune image n'a été envoyée.",
  imageNotFound: 'Image introuvable',
  proofTypeRefused: 'La preuve doit être une photo (JPEG, PNG ou WebP) ou un PDF.',
  proofTooLarge: 'La preuve dépasse 5 Mo.',
  proofMissing: 'Joignez la preuve dans le champ « file ».',
  proofNotAccepted:
    'Une preuve de paiement ne peut être envoyée que pour une commande par virement non payée et encore ouverte.',
  proofNotSubmitted: 'Aucune preuve de paiement n’attend de vérification pour cette commande.',
  proofNotFound: 'Aucune preuve de paiement pour cette commande',
  proofSubmittedCancel:
    'Le centre vérifie la preuve de paiement de cette commande : elle ne peut pas être annulée pendant ce temps. Contactez le centre.',
  proofPdfUnreadable:
    'Le PDF n’a pas pu être lu. Envoyez le reçu en PDF tel que la banque l’a fourni, ou en photo.',
  testGatewayForeignAddress:
    'La passerelle de test n’accepte que des adresses sous l’adresse de la boutique (APP_URL).',
  transferUnavailable:
    'Le paiement par virement n’est pas disponible. Veuillez choisir un autre moyen de paiement.',
} satisfies Catalogue;

export const validation = {
  addressRequired: "L'adresse est obligatoire",
  twoDecimals: 'Deux décimales au plus',
  availabilityMin: 'La disponibilité doit être de 0 ou plus',
  availabilityNumber: 'La disponibilité doit être un nombre',
  availabilityWhole: 'La disponibilité doit être un nombre entier',
  categoryEmpty: 'La catégorie est vide',
  cityRequired: 'La ville est obligatoire',
  commentRequired: 'Le commentaire est obligatoire',
  itemCourseId: 'Chaque article doit avoir un identifiant de cours',
  emailRequired: "L'e-mail est obligatoire",
  emailTooLong: "L'e-mail est trop long",
  imageUrlEmpty: "L'URL de l'image est vide",
  imageUrlTooLong: "L'URL de l'image est trop longue",
  imageUrlFormat: "L'image doit être une URL http(s) ou un chemin commençant par /",
  minZero: 'Doit être 0 ou plus',
  number: 'Doit être un nombre',
  nameRequired: 'Le nom est obligatoire',
  nameTooLong: 'Le nom doit comporter au plus 200 caractères',
  passwordRequired: 'Le mot de passe est obligatoire',
  passwordMin: 'Le mot de passe doit comporter au moins 8 caractères',
  passwordMax: 'Le mot de passe doit comporter au plus 128 caractères',
  nameMax: 'Le nom doit comporter au plus 100 caractères',
  emailInvalid: 'Veuillez entrer un e-mail valide',
  quantityNumber: 'La quantité doit être un nombre',
  quantityWhole: 'La quantité doit être un nombre entier',
  quantityMin: 'La quantité doit être au moins 1',
  ratingNumber: 'La note doit être un nombre de 1 à 5',
  ratingWhole: 'La note doit être un nombre entier de 1 à 5',
  zipRequired: 'Le code postal est obligatoire',
  companyNameRequired: "Le nom de l'entreprise est obligatoire",
  companyNameMax: "Le nom de l'entreprise doit faire au plus 120 caractères",
  companyTaxIdRequired: 'Le matricule fiscal est obligatoire',
  companyTaxIdMax: 'Le matricule fiscal doit faire au plus 30 caractères',
  companyTaxIdFormat:
    'Le matricule fiscal ne peut contenir que des lettres, des chiffres, /, ., - et des espaces',
  countryUnknown: 'Le pays doit être Tunisie, Maroc, Algérie, France ou Espagne',
} satisfies Catalogue;

/**
 * Every message text that both the API and the client show: validation lines and error answers.
 * Import these; never retype the strings.
 */
export const MESSAGES = {
  // Client validation
  passwordsDoNotMatch: 'Passwords do not match',
  profilePasswordsDoNotMatch: 'Password do not match',
  emailRequired: 'Please enter your email',
  invalidOrMissingToken: 'Invalid or missing token.',
  invalidOrExpiredToken: 'Invalid or expired token.',
  resetFailed: 'Error resetting password. Please try again.',
  verifyFailed: 'Verification failed. Please try again.',
  registrationFallback: 'An error occurred',
  // Error answers of the API
  registrationSuccess: 'Registration successful. Please check your email to verify your account.',
  forgotSuccess: 'Check your email for further instructions',
  emailVerified: 'Email verified. You can now sign in.',
  invalidVerificationLink: 'Invalid or expired verification link.',
  passwordReset: 'Password has been reset.',
  invalidCredentials: 'Invalid email or password',
  verifyBeforeSignIn: 'Please verify your email before signing in.',
  userExists: 'User already exists',
  userRemoved: 'User removed',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDemoteSelf: 'You cannot remove your own admin rights',
  profileUpdated: 'Profile Updated',
  /** 401 `WRONG_PASSWORD` (issue 31): a profile change of e-mail or password without the right current password. */
  wrongPassword: 'Your current password is missing or wrong.',
  /** 200 of GET /api/users/confirm-email/{token} (issue 31). */
  emailChangeConfirmed: 'Your new e-mail address is confirmed. Use it to sign in from now on.',
  /** 400 of GET /api/users/confirm-email/{token}: invalid, expired, used or voided by a newer request. */
  invalidEmailChangeLink: 'Invalid or expired e-mail confirmation link.',
  /** 200 of GET /api/users/cancel-email/{token} (issue 49): the old address's link cancelled the pending change. */
  emailChangeCancelled: 'The e-mail change was cancelled: your account keeps its current address.',
  /** 400 of GET /api/users/cancel-email/{token}: invalid, expired, used, or its change no longer pending. */
  invalidEmailCancelLink:
    'This cancel link is no longer valid: the e-mail change was already cancelled, confirmed or replaced, or the link expired.',
  reviewSubmitted: 'Review Submitted!',
  reviewAdded: 'Review added',
  alreadyReviewed: 'Course already reviewed',
  courseRemoved: 'Course removed',
  nothingFound: 'Nothing Found !!!',
  notFound404: '404 Not Found',
  subscribed: 'Subscribed',
  emptyOrder: 'No order items',
  /** 409 when the courses of an order kept changing while it was placed (seats or prices), several times over. */
  orderCoursesChanged: 'The courses changed while your order was placed. Please try again.',
  /**
   * 409 `PRICE_CHANGED` (issue 15): the amounts the customer saw are not the server's any more;
   * the answer carries the new ones for the customer to confirm.
   */
  pricesChanged:
    'The prices changed since you opened this page. Please check the new total and place your order again.',
  /**
   * 409 `SEATS_CHANGED` (issue 31): an admin's course save whose `availabilityWas` is not the
   * seats left now (orders took or gave back seats meanwhile); the answer carries them.
   */
  seatsChanged:
    'The seats left changed while you were editing (orders were placed or released). Check the current seats and save again.',
  /** 409 `TOO_MANY_UNPAID` (issue 31): the customer's unpaid orders reach MAX_UNPAID_ORDERS or MAX_UNPAID_SEATS. */
  tooManyUnpaid:
    'You already have too many unpaid orders or seats on hold. Pay or cancel one of your unpaid orders, then order again.',
  /** 400 `COUPON_*` of the check call and of `POST /api/orders` (issue 37). */
  couponInvalid: 'This promo code does not exist.',
  couponExpired: 'This promo code is not valid today.',
  couponUsedUp: 'This promo code has been used as many times as it allows.',
  couponNotApplicable: 'This promo code does not apply to the courses in your order.',
  /** 409 `COUPON_EXISTS`: another coupon has this code (codes ignore case). */
  couponExists: 'A coupon with this code already exists',
  couponNotFound: 'Coupon not found',
  couponDeleted: 'Coupon removed',
  couponDisabled: 'Coupon already used: disabled instead of removed',
  alreadyPaid: 'Order is already paid',
  learnRequiresPaid: 'Order must be paid and not yet learned',
  /** 409 `SESSION_NOT_OVER` (issue 49): marking learned before the Tunis day the order's session ends. */
  sessionNotOver: 'The session has not ended yet: an order can be marked learned from the last day of its session.',
  /** 409 `SESSION_CANCELLED` (issue 49): marking learned an order of a cancelled session. */
  sessionCancelledNotLearned: 'This session was cancelled: its orders cannot be marked learned.',
  /** 409 `SESSION_HAS_LEARNED` (issue 49): cancelling a session that ran (some of its orders are learned). */
  sessionHasLearned: 'This session has learners marked learned: a session that ran cannot be cancelled.',
  /** 409 when a customer tries to cancel a paid order: only the centre refunds. */
  paidOrderCustomerCancel: 'This order is paid: only the shop can cancel it and refund you.',
  /** 409 `PAYMENT_OPEN`: the owner cancels a Card order while its payment page can still be paid. */
  paymentOpen: 'A payment page for this order is still open: pay or close it, or cancel once it has ended.',
  /** 409 of `PUT /api/orders/{id}/refund` when the order has no refund due. */
  noRefundDue: 'No refund is due for this order.',
  /** 404 of `PUT /api/orders/{id}/refund {reference}` when no refund of the order has that payment reference. */
  refundNotFound: 'No refund of this order has this payment reference.',
  /** 404 of `GET /api/orders/{id}/credit-note?number=` when the order has no credit note of that number. */
  creditNoteNotFound: 'This order has no credit note with this number.',
  /**
   * 409 `PAYMENT_ENDING` (issue 49): the order's last payment page has just reached the end of
   * its life span and the provider may still finish a payment on it; a new page opens after.
   */
  paymentPageEnding: 'The last payment page of this order is ending: please try again in a minute.',
  /** 409 when an expired order is paid but its seats went to someone else meanwhile. */
  expiredSeatsGone: 'This order has expired and its seats are no longer available.',
  invoicesNotConfigured:
    'Invoices are not available yet: the shop has not set its legal identity (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_TAX_ID).',
  /** 400 `PHONE_INVALID` (issue 53): a phone that is not an E.164 number nor 8 Tunisian digits. */
  phoneInvalid: 'Please enter a valid phone number: 8 digits, or + and the country code (e.g. +216 20 123 456).',
  /** 400 `TAX_ID_INVALID` (issue 52): a company's tax id that is not a matricule fiscal. */
  matriculeInvalid:
    'The matricule fiscal must be 7 digits, a key letter, the VAT code, the category and 3 digits (e.g. 1234567/A/A/M/000), or 7 digits and the key letter (1234567A).',
  /** 400 `TAX_ID_INVALID` (issue 52): a person's tax id that is not a CIN. */
  cinInvalid: 'The CIN (national identity card number) must be 8 digits (e.g. 01234567).',
  // Online payment (issue 17)
  /** 400: POST /api/orders with Card when the shop takes no online payments. */
  cardPaymentsUnavailable: 'Online card payment is not available. Please choose to pay on site.',
  /**
   * 409 (issue 31): a payment page would outlive the order's seat hold (at most SEAT_HOLD_MINUTES
   * after placing), which ends within minutes.
   */
  holdEndsTooSoon: 'The seats of this order are held for only a few more minutes: it can no longer be paid online.',
  /** 409: asking to pay online for an order paid on site. */
  payOnSiteOrder: 'This order is paid on site: online payment is not available for it.',
  /** 409: asking to pay online for an order paid by bank transfer or D17 (issue 36). */
  payByTransferOrder: 'This order is paid by bank transfer or D17: online payment is not available for it.',
  /** 503: the payment provider did not answer (or refused); the order stays as it was. */
  paymentProviderUnavailable:
    'The payment service cannot be reached right now. Your order is saved: please try again in a few minutes.',
  webhookReceived: 'Received',
  /** 400 for an upload that is not a JPEG, PNG or WebP picture (read from the bytes, not the name). */
  imageTypeRefused: 'The file is not a JPEG, PNG or WebP picture.',
  /** 413 for an upload over 5 MB. */
  imageTooLarge: 'The picture is larger than 5 MB.',
  imageEmpty: 'No picture was sent.',
  imageNotFound: 'Picture not found',
  // Paying by transfer (issue 36)
  /** 400: the proof is not a JPEG, PNG, WebP or PDF (read from the bytes, not the name). */
  proofTypeRefused: 'The proof must be a photo (JPEG, PNG or WebP) or a PDF.',
  /** 413: a proof over 5 MB. */
  proofTooLarge: 'The proof is larger than 5 MB.',
  /** 400: no file in the multipart field `file`. */
  proofMissing: 'Send the proof as the multipart field "file".',
  /** 409: a proof for an order that is not a pending Transfer order. */
  proofNotAccepted: 'A proof of payment can be sent only for an unpaid Transfer order that is still open.',
  /** 409: rejecting when no proof waits for a check. */
  proofNotSubmitted: 'This order has no proof of payment waiting to be checked.',
  proofNotFound: 'No proof of payment for this order',
  /** 409 `PROOF_SUBMITTED` (issue 49): the owner cancels while the centre checks the transfer receipt. */
  proofSubmittedCancel:
    'The proof of payment of this order is being checked by the centre: the order cannot be cancelled meanwhile. Please contact the centre.',
  /** 400: a proof sent as a PDF that a PDF reader cannot open (issue 49). */
  proofPdfUnreadable: 'The PDF could not be read. Send the receipt as a PDF as the bank gave it, or as a photo.',
  /** 400 of the built-in test gateway's init-payment: a webhook, success or fail address not under APP_URL (issue 49). */
  testGatewayForeignAddress: "The test gateway only takes addresses under the shop's own address (APP_URL).",
  /** 400 of POST /api/orders with Transfer when the shop has no bank account nor D17 number. */
  transferUnavailable: 'Paying by transfer is not available. Please choose another payment method.',
  // Generic API errors
  notAuthorized: 'Not authorized, no token',
  tokenInvalid: 'Not authorized, token failed',
  adminOnly: 'Not authorized as an admin',
  forbidden: 'You are not allowed to do this',
  routeNotFound: 'Not found',
  courseNotFound: 'Course not found',
  userNotFound: 'User not found',
  orderNotFound: 'Order not found',
  // A child asks a parent to pay (issue 51)
  /** 403 of POST /api/orders/{id}/payer: the buyer is not a child account (an adult pays their own orders). */
  payerRequestKidsOnly: 'Only a child account asks someone else to pay its order.',
  /** 400: the child typed its own address. */
  payerOwnEmail: "Enter the e-mail address of the adult who will pay, not your own.",
  /** 409 of both payer routes: the order is paid, cancelled or expired. */
  payerOrderNotPending: 'This order is no longer waiting for payment.',
  /** 400 of POST /api/orders/{id}/payer/accept: unknown, used, expired or voided by a newer request. */
  payerLinkInvalid: 'This payment request link is invalid or has been replaced by a newer one.',
  /** 403 of POST /api/orders/{id}/payer/accept from a child account. */
  payerChildCannotAccept: 'A child account cannot pay for an order. Sign in with an adult account.',
  /** 400: the payment method chosen on accepting is not one the shop offers. */
  payerMethodUnavailable: 'This payment method is not available. Please choose another one.',
  /** 429: too many requests to pay for one order or one account. */
  payerTooManyRequests: 'Too many payment requests. Please try again later.',
  /** 409 of `GET /api/orders/{id}/credit-note` before the refund is recorded as done (issue 31). */
  noCreditNote: 'No credit note yet: a credit note exists once the refund of the order is recorded as done.',
  /** 409 of the TEIF XML (issue 52): the invoice names no company or person with a tax id. */
  buyerNotIdentified:
    'No e-invoice for this order: its invoice names no company (matricule fiscal) or person (CIN) with a tax id.',
  /** 409 of the credit note's TEIF XML or TTN reference: a credit note of money never invoiced. */
  creditNoteWithoutInvoice: 'No e-invoice for this credit note: the order it refunds was never invoiced.',
  // Certificates (issue 35)
  certificateNotFound: 'Certificate not found',
  certificateAlreadyRevoked: 'This certificate is already revoked.',
  certificateAlreadyReplaced: 'This certificate was already re-issued.',
  certificateLearnerGone: 'The learner’s account no longer exists: the certificate cannot be re-issued.',
  invalidInput: 'Invalid input',
  priceRangeReversed: 'The From price must not be above the To price',
  malformedJson: 'Malformed JSON body',
  bodyTooLarge: 'Request body too large',
  tooManyRequests: 'Too many requests, please try again later.',
  serverError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The shop cannot answer right now. Please try again in a few seconds.',
} as const;

/**
 * 409 naming the state that refuses an action on an order: `orderStateConflict('cancel', 'expired')`
 * is "Cannot cancel this order: it is expired."
 */
export function orderStateConflict(action: 'cancel' | 'pay' | 'invoice', status: string): string {
  if (action === 'invoice')
    return `No invoice yet: the order is ${status}. An invoice exists once it is paid.`;
  return `Cannot ${action} this order: it is ${status}.`;
}

/** `409 Not enough seats left for <course name>` (docs/api.md#orders). */
export function notEnoughSeats(courseName: string): string {
  return `Not enough seats left for ${courseName}`;
}

/**
 * Stable codes beside an error answer's `message` (docs/api.md#basics): clients translate by code, the
 * English message stays the contract's. Every error answer carries one (`errorCodeOf`).
 */
export const ERROR_CODES = [
  'VALIDATION',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'USER_EXISTS',
  'INVALID_TOKEN',
  'WRONG_PASSWORD',
  'NOT_AUTHENTICATED',
  'TOKEN_INVALID',
  'ADMIN_ONLY',
  'FORBIDDEN',
  'NOT_FOUND',
  'COURSE_NOT_FOUND',
  'USER_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'SEATS_LEFT',
  'ORDER_CHANGED',
  'PRICE_CHANGED',
  'SEATS_CHANGED',
  'TOO_MANY_UNPAID',
  'ORDER_STATE',
  'SESSION_NOT_OVER',
  'SESSION_CANCELLED',
  'SESSION_HAS_LEARNED',
  'ALREADY_PAID',
  'ALREADY_REVIEWED',
  'EMPTY_ORDER',
  'PAID_ORDER_CANCEL',
  'PAYMENT_OPEN',
  'PROOF_SUBMITTED',
  'NO_REFUND_DUE',
  'REFUND_NOT_FOUND',
  'PAYMENT_ENDING',
  'EXPIRED_SEATS_GONE',
  'COUPON_INVALID',
  'COUPON_EXPIRED',
  'COUPON_USED_UP',
  'COUPON_NOT_APPLICABLE',
  'COUPON_EXISTS',
  'CANNOT_DELETE_SELF',
  'CANNOT_DEMOTE_SELF',
  'MALFORMED_JSON',
  'BODY_TOO_LARGE',
  'RATE_LIMITED',
  'CONFLICT',
  'INVOICES_NOT_CONFIGURED',
  'PHONE_INVALID',
  'BUYER_NOT_IDENTIFIED',
  'TAX_ID_INVALID',
  'CHILD_ACCOUNT',
  'SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code of each message that has its own. */
const CODE_OF_MESSAGE = new Map<string, ErrorCode>([
  [MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS'],
  [MESSAGES.verifyBeforeSignIn, 'EMAIL_NOT_VERIFIED'],
  [MESSAGES.userExists, 'USER_EXISTS'],
  [MESSAGES.invalidVerificationLink, 'INVALID_TOKEN'],
  [MESSAGES.invalidOrExpiredToken, 'INVALID_TOKEN'],
  [MESSAGES.invalidOrMissingToken, 'INVALID_TOKEN'],
  [MESSAGES.invalidEmailChangeLink, 'INVALID_TOKEN'],
  [MESSAGES.invalidEmailCancelLink, 'INVALID_TOKEN'],
  [MESSAGES.wrongPassword, 'WRONG_PASSWORD'],
  [MESSAGES.notAuthorized, 'NOT_AUTHENTICATED'],
  [MESSAGES.tokenInvalid, 'TOKEN_INVALID'],
  [MESSAGES.adminOnly, 'ADMIN_ONLY'],
  [MESSAGES.forbidden, 'FORBIDDEN'],
  [MESSAGES.routeNotFound, 'NOT_FOUND'],
  [MESSAGES.courseNotFound, 'COURSE_NOT_FOUND'],
  [MESSAGES.userNotFound, 'USER_NOT_FOUND'],
  [MESSAGES.orderNotFound, 'ORDER_NOT_FOUND'],
  [MESSAGES.orderCoursesChanged, 'ORDER_CHANGED'],
  [MESSAGES.pricesChanged, 'PRICE_CHANGED'],
  [MESSAGES.seatsChanged, 'SEATS_CHANGED'],
  [MESSAGES.tooManyUnpaid, 'TOO_MANY_UNPAID'],
  [MESSAGES.alreadyPaid, 'ALREADY_PAID'],
  [MESSAGES.learnRequiresPaid, 'ORDER_STATE'],
  [MESSAGES.sessionNotOver, 'SESSION_NOT_OVER'],
  [MESSAGES.sessionCancelledNotLearned, 'SESSION_CANCELLED'],
  [MESSAGES.sessionHasLearned, 'SESSION_HAS_LEARNED'],
  [MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED'],
  [MESSAGES.emptyOrder, 'EMPTY_ORDER'],
  [MESSAGES.paidOrderCustomerCancel, 'PAID_ORDER_CANCEL'],
  [MESSAGES.paymentOpen, 'PAYMENT_OPEN'],
  [MESSAGES.proofSubmittedCancel, 'PROOF_SUBMITTED'],
  [MESSAGES.noRefundDue, 'NO_REFUND_DUE'],
  [MESSAGES.refundNotFound, 'REFUND_NOT_FOUND'],
  [MESSAGES.paymentPageEnding, 'PAYMENT_ENDING'],
  [MESSAGES.expiredSeatsGone, 'EXPIRED_SEATS_GONE'],
  [MESSAGES.couponInvalid, 'COUPON_INVALID'],
  [MESSAGES.couponExpired, 'COUPON_EXPIRED'],
  [MESSAGES.couponUsedUp, 'COUPON_USED_UP'],
  [MESSAGES.couponNotApplicable, 'COUPON_NOT_APPLICABLE'],
  [MESSAGES.couponExists, 'COUPON_EXISTS'],
  [MESSAGES.cannotDeleteSelf, 'CANNOT_DELETE_SELF'],
  [MESSAGES.cannotDemoteSelf, 'CANNOT_DEMOTE_SELF'],
  [MESSAGES.malformedJson, 'MALFORMED_JSON'],
  [MESSAGES.bodyTooLarge, 'BODY_TOO_LARGE'],
  [MESSAGES.tooManyRequests, 'RATE_LIMITED'],
  [MESSAGES.serverError, 'SERVER_ERROR'],
  [MESSAGES.serviceUnavailable, 'SERVICE_UNAVAILABLE'],
  [MESSAGES.invoicesNotConfigured, 'INVOICES_NOT_CONFIGURED'],
  [MESSAGES.phoneInvalid, 'PHONE_INVALID'],
  [MESSAGES.buyerNotIdentified, 'BUYER_NOT_IDENTIFIED'],
  [MESSAGES.matriculeInvalid, 'TAX_ID_INVALID'],
  [MESSAGES.cinInvalid, 'TAX_ID_INVALID'],
  [MESSAGES.payerLinkInvalid, 'INVALID_TOKEN'],
  [MESSAGES.payerChildCannotAccept, 'CHILD_ACCOUNT'],
  [MESSAGES.payerRequestKidsOnly, 'FORBIDDEN'],
  [MESSAGES.payerOrderNotPending, 'ORDER_STATE'],
  [MESSAGES.payerTooManyRequests, 'RATE_LIMITED'],
]);

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'NOT_AUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The stable code of an error answer: by its message when it has its own, else by status. */
export function errorCodeOf(status: number, message: string): ErrorCode {
  const known = CODE_OF_MESSAGE.get(message);
  if (known) return known;
  if (message.startsWith('Not enough seats left for ')) return 'SEATS_LEFT';
  if (/^Cannot (cancel|pay) this order: it is |^No invoice yet: the order is /.test(message))
    return 'ORDER_STATE';
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'VALIDATION');
}

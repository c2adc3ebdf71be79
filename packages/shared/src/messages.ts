/**
 * Every message text that both the API and the client show (SPEC §5, §8, CONTRACT §4).
 * Import these; never retype the strings.
 */
export const MESSAGES = {
  // SPEC §5 client validation
  passwordsDoNotMatch: 'Passwords do not match',
  profilePasswordsDoNotMatch: 'Password do not match',
  emailRequired: 'Please enter your email',
  invalidOrMissingToken: 'Invalid or missing token.',
  invalidOrExpiredToken: 'Invalid or expired token.',
  resetFailed: 'Error resetting password. Please try again.',
  verifyFailed: 'Verification failed. Please try again.',
  registrationFallback: 'An error occurred',
  // SPEC §8 / CONTRACT §4 answers
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
  pricesChanged: 'The prices changed since you opened this page. Please check the new total and place your order again.',
  alreadyPaid: 'Order is already paid',
  learnRequiresPaid: 'Order must be paid and not yet learned',
  /** 409 when a customer tries to cancel a paid order: only the centre refunds. */
  paidOrderCustomerCancel: 'This order is paid: only the shop can cancel it and refund you.',
  /** 409 when an expired order is paid but its seats went to someone else meanwhile. */
  expiredSeatsGone: 'This order has expired and its seats are no longer available.',
  invoicesNotConfigured:
    'Invoices are not available yet: the shop has not set its legal identity (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_TAX_ID).',
  // Online payment (issue 17)
  /** 400: POST /api/orders with Card when the shop takes no online payments. */
  cardPaymentsUnavailable: 'Online card payment is not available. Please choose to pay on site.',
  /** 409: asking to pay online for an order paid on site. */
  payOnSiteOrder: 'This order is paid on site: online payment is not available for it.',
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
  // Generic API errors
  notAuthorized: 'Not authorized, no token',
  tokenInvalid: 'Not authorized, token failed',
  adminOnly: 'Not authorized as an admin',
  forbidden: 'You are not allowed to do this',
  routeNotFound: 'Not found',
  courseNotFound: 'Course not found',
  userNotFound: 'User not found',
  orderNotFound: 'Order not found',
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
  if (action === 'invoice') return `No invoice yet: the order is ${status}. An invoice exists once it is paid.`;
  return `Cannot ${action} this order: it is ${status}.`;
}

/** `409 Not enough seats left for <course name>` (CONTRACT §4 Orders). */
export function notEnoughSeats(courseName: string): string {
  return `Not enough seats left for ${courseName}`;
}

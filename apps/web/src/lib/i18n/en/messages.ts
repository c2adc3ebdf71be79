import { MESSAGES } from '@shop/shared';

/**
 * The API's words, by what the client gets: `errors` by the answer's stable `code`
 * (ERROR_CODES of @shop/shared), `messages` by the key of MESSAGES, `validation` by the English
 * text of a field check of the shared schemas (the client and the server say the same words).
 * English is the API's own text; `translateMessage` finds the key of an English text.
 */
export const errors = {
  VALIDATION: MESSAGES.invalidInput,
  INVALID_CREDENTIALS: MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: MESSAGES.verifyBeforeSignIn,
  USER_EXISTS: MESSAGES.userExists,
  INVALID_TOKEN: MESSAGES.invalidVerificationLink,
  NOT_AUTHENTICATED: MESSAGES.notAuthorized,
  TOKEN_INVALID: MESSAGES.tokenInvalid,
  ADMIN_ONLY: MESSAGES.adminOnly,
  FORBIDDEN: MESSAGES.forbidden,
  NOT_FOUND: MESSAGES.routeNotFound,
  COURSE_NOT_FOUND: MESSAGES.courseNotFound,
  USER_NOT_FOUND: MESSAGES.userNotFound,
  ORDER_NOT_FOUND: MESSAGES.orderNotFound,
  SEATS_LEFT: 'Not enough seats left for {{course}}',
  ORDER_CHANGED: MESSAGES.orderCoursesChanged,
  PRICE_CHANGED: MESSAGES.pricesChanged,
  ORDER_STATE: 'This order cannot be changed in its current state ({{status}}).',
  ALREADY_PAID: MESSAGES.alreadyPaid,
  ALREADY_REVIEWED: MESSAGES.alreadyReviewed,
  EMPTY_ORDER: MESSAGES.emptyOrder,
  PAID_ORDER_CANCEL: MESSAGES.paidOrderCustomerCancel,
  EXPIRED_SEATS_GONE: MESSAGES.expiredSeatsGone,
  CANNOT_DELETE_SELF: MESSAGES.cannotDeleteSelf,
  CANNOT_DEMOTE_SELF: MESSAGES.cannotDemoteSelf,
  MALFORMED_JSON: MESSAGES.malformedJson,
  BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  RATE_LIMITED: MESSAGES.tooManyRequests,
  INVOICES_NOT_CONFIGURED: MESSAGES.invoicesNotConfigured,
  CONFLICT: 'This cannot be done in the current state.',
  SERVER_ERROR: MESSAGES.serverError,
  SERVICE_UNAVAILABLE: MESSAGES.serviceUnavailable,
} as const;

export const messages = { ...MESSAGES } as const;

export const validation = {
  addressRequired: 'Address is required',
  twoDecimals: 'At most two decimals',
  availabilityMin: 'Availability must be 0 or more',
  availabilityNumber: 'Availability must be a number',
  availabilityWhole: 'Availability must be a whole number',
  categoryEmpty: 'Category is empty',
  cityRequired: 'City is required',
  commentRequired: 'Comment is required',
  itemCourseId: 'Each item needs a course id',
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  imageUrlEmpty: 'Image URL is empty',
  imageUrlTooLong: 'Image URL is too long',
  imageUrlFormat: 'Image must be an http(s) URL or a path starting with /',
  minZero: 'Must be 0 or more',
  number: 'Must be a number',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 200 characters',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 128 characters',
  nameMax: 'Name must be at most 100 characters',
  emailInvalid: 'Please enter a valid email',
  quantityNumber: 'Quantity must be a number',
  quantityWhole: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  ratingNumber: 'Rating must be a number from 1 to 5',
  ratingWhole: 'Rating must be a whole number from 1 to 5',
  zipRequired: 'Zip is required',
  countryUnknown: 'Country must be one of Tunisie, Maroc, Algerie, France, Espagne',
} as const;

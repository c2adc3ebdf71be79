/**
 * Plain constants of the shop, free of zod so the storefront bundle can import them without
 * pulling in the validation library.
 */
/** Tunisie first (the shop is in Tunisia; issue 15), then the four the shop started with (docs/product.md#screens, "Checkout"). */
export const COUNTRIES = ['Tunisie', 'Maroc', 'Algerie', 'France', 'Espagne'] as const;
export type Country = (typeof COUNTRIES)[number];

/** Radio labels Credit Card, On place and Transfer (bank transfer or D17, issue 36). */
export const PAYMENT_METHODS = ['Card', 'In Place', 'Transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Where an order stands (docs/product.md#screens, "Order"): `pending` holds its seats until `holdExpiresAt`;
 * `paid` and `learned` keep them; `cancelled` and `expired` gave them back.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'learned', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who changed an order: its customer, an admin, or the shop itself (hold expiry). */
export const ORDER_ACTORS = ['customer', 'admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Default of SEAT_HOLD_MINUTES: an unpaid order holds its seats 3 days. */
export const SEAT_HOLD_MINUTES_DEFAULT = 4320;

export const SIZES = ['S', 'M', 'L', 'kids'] as const;
export type Size = (typeof SIZES)[number];

export const COURSE_SORTS = ['rating', 'date', 'price_asc', 'price_desc'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

export const PAGE_LIMIT_DEFAULT = 24;
export const PAGE_LIMIT_MAX = 100;
export const KEYWORD_MAX = 100;
export const COURSE_IMAGES_MAX = 3;
export const AVAILABILITY_MAX = 100_000;
export const DESCRIPTION_MAX = 5000;
export const REVIEW_COMMENT_MAX = 2000;
export const ORDER_LINES_MAX = 50;
export const ORDER_QTY_MAX = 100;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** The shop's languages (issue 18): the web client's `lang`, a user's `language`, e-mails. */
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The best of the shop's languages for an `Accept-Language` header (`ar-TN,ar;q=0.9,fr;q=0.8`):
 * the highest-weighted tag whose primary subtag is one of them, else English.
 */
export function languageOf(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return {
        primary: tag.trim().toLowerCase().split('-')[0],
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? 'en';
}

/** Sorts of the admin order list (and its CSV export): newest first by default. */
export const ORDER_SORTS = ['date_desc', 'date_asc', 'total_desc', 'total_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** Sorts of the admin user list: newest first by default. */
export const USER_SORTS = ['date_desc', 'name_asc', 'email_asc'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** Sorts of the admin course list: newest first by default. */
export const ADMIN_COURSE_SORTS = ['date_desc', 'name_asc', 'seats_asc', 'price_desc'] as const;
export type AdminCourseSort = (typeof ADMIN_COURSE_SORTS)[number];

/** Buckets of the dashboard's revenue chart. */
export const STATS_INTERVALS = ['day', 'week', 'month'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

/** What the audit trail records changes of. */
export const AUDIT_ENTITIES = ['order', 'user', 'course', 'certificate', 'session', 'coupon'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Picture uploads (course edit): the types read from the bytes, the size limit, the widths made. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_IMAGE_WIDTHS = [320, 640, 1280] as const;

/** Proofs of payment of Transfer orders (issue 36): the types read from the bytes, the size limit. */
export const PAYMENT_PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type PaymentProofType = (typeof PAYMENT_PROOF_TYPES)[number];
export const PAYMENT_PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** `submitted`: waiting for an admin; `rejected`: refused with a reason (the customer may upload again). */
export const PAYMENT_PROOF_STATUSES = ['submitted', 'rejected'] as const;
export type PaymentProofStatus = (typeof PAYMENT_PROOF_STATUSES)[number];
export const PROOF_REJECT_REASON_MAX = 500;

/**
 * Why an order owes money back (issue 49): `cancelled` (a paid order was cancelled),
 * `orderClosed` (a payment reached it cancelled, or expired with its seats gone), `paidTwice`
 * (a payment reached it already paid).
 */
export const REFUND_REASONS = ['cancelled', 'orderClosed', 'paidTwice'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

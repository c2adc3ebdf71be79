import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normaliseMatricule, SEAT_HOLD_MINUTES_DEFAULT, TAX_PERCENT, type PriceSettings } from '@shop/shared';
import { z } from 'zod';

/** The one place that reads process.env (every setting is in the README's Configuration table). */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

/** Konnect's production API v2 (the sandbox is https://api.preprod.konnect.network/api/v2). */
export const KONNECT_PRODUCTION_API_URL = 'https://api.konnect.network/api/v2';
/** Flouci's production API v2 (issue 36; the same address serves its TEST APP keys). */
export const FLOUCI_PRODUCTION_API_URL = 'https://developers.flouci.com/api/v2';

/** TunisieSMS's HTTP API (issue 53): `GET …?fct=sms&key=…&mobile=216XXXXXXXX&sms=…&sender=…`. */
export const TUNISIESMS_API_URL = 'https://www.tunisiesms.tn/client/Api/Api.aspx';
/** WhatsApp Cloud API (issue 53): template messages are POSTed to `{url}/{phone-number-id}/messages`. */
export const WHATSAPP_CLOUD_API_URL = 'https://graph.facebook.com/v21.0';

/** A duration in milliseconds: a whole number from 1 ms to 10 minutes. */
const ms = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);

/** REMINDER_DAYS' default (issue 34): a reminder 3 days and 1 day before a session starts. */
export const REMINDER_DAYS_DEFAULT = '3,1';

/**
 * REMINDER_DAYS (issue 34): 1 to 5 different whole numbers of days, each 1 to 60, separated by
 * commas; answered largest first. Empty: the default. Anything else refuses to start.
 */
const reminderDays = z
  .preprocess((v) => (v === '' ? undefined : v), z.string().default(REMINDER_DAYS_DEFAULT))
  .transform((text, ctx) => {
    const parts = text.split(',').map((p) => p.trim());
    const days = parts.map((p) => (/^\d{1,2}$/.test(p) ? Number(p) : Number.NaN));
    if (
      parts.length > 5 ||
      days.some((d) => !(d >= 1 && d <= 60)) ||
      new Set(days).size !== days.length
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `must be 1 to 5 different whole numbers of days from 1 to 60, separated by commas, e.g. 3,1 (got "${text}")`,
      });
      return z.NEVER;
    }
    return days.sort((x, y) => y - x);
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().optional(),
  /** Default: http://localhost:<PORT>, so e-mail links follow a changed PORT. */
  APP_URL: z.union([z.string().url(), z.literal('')]).optional(),
  // Checked here (never echoed: it may hold a password), so a typo stops the start with its name.
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || (/^smtps?:\/\//.test(v) && URL.canParse(v)), {
      message: 'must be an smtp:// or smtps:// address, e.g. smtp://user:pass@host:587',
    }),
  MAIL_FROM: z.string().default('Course Shop <no-reply@localhost>'),
  // Issue 54: where the centre's staff are told of receipts, refunds due, full sessions and the morning digest.
  SHOP_STAFF_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().email().max(254).optional()),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).default('admin12345'),
  SEED_DEMO: z.string().optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  // Issue 49: promo code checks per 15 minutes per account, and as many per client address.
  COUPON_CHECK_LIMIT: z.coerce.number().int().min(1).default(30),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().default('loopback'),
  // 1 minute to 90 days: a hold shorter than the expiry sweep makes no sense, a longer one blocks seats.
  SEAT_HOLD_MINUTES: z.coerce.number().int().min(1).max(129_600).default(SEAT_HOLD_MINUTES_DEFAULT),
  // Fair holds (issue 31): a customer's unpaid (pending) orders, and the seats across them.
  // Issue 49: a transfer receipt waiting for the centre's check holds the seats at least this long after its upload (1 hour to 30 days).
  PROOF_HOLD_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1000).default(3),
  MAX_UNPAID_SEATS: z.coerce.number().int().min(1).max(100_000).default(20),
  // Days before a session starts when its learners are mailed a reminder (issue 34).
  REMINDER_DAYS: reminderDays,
  // Issue 51: percent of a session's days a learner must be present on to get a certificate (0: no rule).
  CERTIFICATE_MIN_ATTENDANCE: z.coerce.number().int().min(0).max(100).default(0),
  // How long seats freed in a full session are held for the next in its waitlist (issue 34), from the offer mail.
  WAITLIST_OFFER_MINUTES: z.coerce.number().int().min(1).max(43_200).default(1440),
  SHOP_LEGAL_NAME: z.string().trim().max(200).optional(),
  SHOP_ADDRESS: z.string().trim().max(300).optional(),
  SHOP_TAX_ID: z.string().trim().max(100).optional(),
  // Issue 52: the centre's seal (PKCS#12 file and its password) signing the TEIF e-invoices.
  TEIF_SEAL_P12: z.string().trim().optional(),
  TEIF_SEAL_PASSWORD: z.string().optional(),
  // Issue 52: the shop's VAT rate in percent (courses without their own rate; the spec's 15 by
  // default) and the stamp duty (droit de timbre, TND) added to every order; a Tunisian centre sets 19 and 1.
  TAX_RATE: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(100).multipleOf(0.01).default(TAX_PERCENT)),
  STAMP_DUTY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(1000).multipleOf(0.01).default(0)),
  SHOP_HOURS: z.string().trim().max(200).optional(),
  // Issue 54: the opening hours as French and Arabic pages and mails say them (else SHOP_HOURS).
  SHOP_HOURS_FR: z.string().trim().max(200).optional(),
  SHOP_HOURS_AR: z.string().trim().max(200).optional(),
  // Issue 51: the centre's authorisation number as a training provider, on the training agreement and attendance certificate.
  SHOP_TRAINING_AUTHORISATION: z.string().trim().max(100).optional(),
  // Paying by transfer (issue 36): the RIB/IBAN and the D17 number customers pay to.
  SHOP_BANK_ACCOUNT: z.string().trim().max(200).optional(),
  SHOP_D17_NUMBER: z.string().trim().max(50).optional(),
  // Certificates (issue 35): "name, title" of who signs them.
  CERTIFICATE_SIGNATORY: z.string().trim().max(200).optional(),
  // Resilience (issue 22): every wait on something outside the process is bounded.
  DB_CONNECT_TIMEOUT_MS: ms(2_000),
  DB_STATEMENT_TIMEOUT_MS: ms(4_000),
  DB_QUERY_TIMEOUT_MS: ms(4_500),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  CATALOGUE_BUILDS: z.coerce.number().int().min(1).max(1000).default(2),
  REDIS_CONNECT_TIMEOUT_MS: ms(2_000),
  REDIS_COMMAND_TIMEOUT_MS: ms(500),
  HEALTH_TIMEOUT_MS: ms(2_000),
  HEADERS_TIMEOUT_MS: ms(15_000),
  REQUEST_TIMEOUT_MS: ms(30_000),
  SHUTDOWN_GRACE_MS: ms(10_000),
  // Online payment (issue 17).
  KONNECT_API_KEY: z.string().trim().optional(),
  KONNECT_WALLET_ID: z.string().trim().optional(),
  // Empty (as in .env.example) means the default.
  KONNECT_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().url().default(KONNECT_PRODUCTION_API_URL),
  ),
  // Flouci, the second online provider (issue 36): its app's public and private keys.
  FLOUCI_APP_TOKEN: z.string().trim().optional(),
  FLOUCI_APP_SECRET: z.string().trim().optional(),
  FLOUCI_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().url().default(FLOUCI_PRODUCTION_API_URL),
  ),
  // Which one takes Card payments when both are configured (default Konnect).
  ONLINE_PAYMENT_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['konnect', 'flouci']).optional()),
  // 5 minutes to 1 day: how long a payment page can be paid (and the seats stay held).
  PAYMENT_LIFESPAN_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  PAYMENT_TIMEOUT_MS: ms(5_000),
  // Text messages (issue 53): the SMS gateway and the WhatsApp Cloud API; unset, messages go to the outbox.
  SMS_API_KEY: z.string().trim().optional(),
  // The sender name registered with the gateway: up to 11 letters or digits (an SMS sender's limit).
  SMS_SENDER: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9 ._-]{1,11})?$/, 'must be the registered sender name: 1 to 11 letters, digits, spaces, dots, dashes')
    .optional(),
  SMS_API_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().url().default(TUNISIESMS_API_URL)),
  WHATSAPP_TOKEN: z.string().trim().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d*$/, 'must be the digits of the WhatsApp phone number id')
    .optional(),
  WHATSAPP_API_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().url().default(WHATSAPP_CLOUD_API_URL)),
  TEXT_MESSAGE_TIMEOUT_MS: ms(10_000),
});

/**
 * The centre as invoices, order mails and pay-on-site instructions name it. In production a
 * setting left unset is empty (never the demo value): the mails leave that line out, and
 * invoices are refused until the legal name, address and tax id are all set.
 */
export interface ShopIdentity {
  legalName: string;
  address: string;
  taxId: string;
  /** Opening hours in English (`SHOP_HOURS`), and as French and Arabic readers get them. */
  hours: string;
  hoursFr: string;
  hoursAr: string;
  /** The authorisation number as a training provider (`SHOP_TRAINING_AUTHORISATION`, issue 51). */
  trainingAuthorisation: string;
}

/** The signatory of certificates: `CERTIFICATE_SIGNATORY` "name, title" (the title after the first comma). */
export interface CertificateSignatory {
  name: string;
  title: string;
}

const DEMO_SIGNATORY = 'Amira Ben Salah, Director (demo)';

function certificateSignatory(value: string | undefined, production: boolean): CertificateSignatory {
  const text = value || (production ? '' : DEMO_SIGNATORY);
  const comma = text.indexOf(',');
  return comma < 0
    ? { name: text, title: '' }
    : { name: text.slice(0, comma).trim(), title: text.slice(comma + 1).trim() };
}

/**
 * Where a Transfer order is paid (issue 36): the bank account (RIB/IBAN) and the D17 number,
 * each empty when not set. In development (`pnpm start`) with neither set, clearly fake demo
 * values, so the choice shows; tests and production offer Transfer only when configured.
 * Transfer is offered when either is non-empty.
 */
export interface TransferSettings {
  bankAccount: string;
  d17Number: string;
}

const DEMO_TRANSFER: TransferSettings = {
  bankAccount: 'RIB 00 000 0000000000000 00 (demo, do not pay)',
  d17Number: '00 000 000 (demo)',
};

function transferSettings(e: { SHOP_BANK_ACCOUNT?: string; SHOP_D17_NUMBER?: string }, development: boolean): TransferSettings {
  if (!development || e.SHOP_BANK_ACCOUNT || e.SHOP_D17_NUMBER)
    return { bankAccount: e.SHOP_BANK_ACCOUNT ?? '', d17Number: e.SHOP_D17_NUMBER ?? '' };
  return DEMO_TRANSFER;
}

/** The settings an invoice cannot be issued without. */
/** The opening hours as a reader of `language` gets them. */
export function shopHoursIn(shop: Pick<ShopIdentity, 'hours' | 'hoursFr' | 'hoursAr'>, language: 'en' | 'fr' | 'ar'): string {
  return language === 'fr' ? shop.hoursFr : language === 'ar' ? shop.hoursAr : shop.hours;
}
export const INVOICE_IDENTITY_SETTINGS = ['SHOP_LEGAL_NAME', 'SHOP_ADDRESS', 'SHOP_TAX_ID'] as const;

/** Outside production, a demo identity, so invoices and mails work with no settings at all. */
const DEMO_SHOP: ShopIdentity = {
  legalName: 'Course Shop Training Centre (demo)',
  address: '12 Avenue Habib Bourguiba, 1000 Tunis, Tunisia',
  taxId: '0000000/A/A/M/000 (demo)',
  hours: 'Monday to Saturday, 9:00 to 18:00',
  hoursFr: 'Du lundi au samedi, de 9 h à 18 h',
  hoursAr: 'من الاثنين إلى السبت، من 9:00 إلى 18:00',
  trainingAuthorisation: '00-000-00 (demo)',
};

/**
 * Who takes online (Card) payments: Konnect or Flouci with the shop's credentials (both set:
 * ONLINE_PAYMENT_PROVIDER chooses, Konnect by default); outside production
 * without them, the shop's built-in test gateway (a Konnect-compatible API and page served by
 * the shop itself); in production without them, nobody (Card is not offered).
 */
export type PaymentSettings =
  | { mode: 'konnect'; apiUrl: string; apiKey: string; walletId: string; lifespanMinutes: number }
  | { mode: 'flouci'; apiUrl: string; appToken: string; appSecret: string; lifespanMinutes: number }
  | { mode: 'test-gateway'; lifespanMinutes: number }
  | { mode: 'off' };

/**
 * Where text messages go (issue 53): each channel to its provider when its credentials are set,
 * else (null) to DATA_DIR/outbox and the log, as mails without SMTP_URL.
 */
export interface TextMessageSettings {
  sms: { apiUrl: string; apiKey: string; sender: string } | null;
  whatsapp: { apiUrl: string; token: string; phoneNumberId: string } | null;
  /** One call to either provider. */
  timeoutMs: number;
}

function textMessageSettings(e: z.infer<typeof envSchema>): TextMessageSettings {
  const apiKey = e.SMS_API_KEY || undefined;
  const sender = e.SMS_SENDER || undefined;
  if ((apiKey === undefined) !== (sender === undefined))
    throw new ConfigError('SMS_API_KEY and SMS_SENDER go together: set both, or neither.');
  const token = e.WHATSAPP_TOKEN || undefined;
  const phoneNumberId = e.WHATSAPP_PHONE_NUMBER_ID || undefined;
  if ((token === undefined) !== (phoneNumberId === undefined))
    throw new ConfigError('WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together: set both, or neither.');
  return {
    sms: apiKey && sender ? { apiUrl: e.SMS_API_URL, apiKey, sender } : null,
    whatsapp: token && phoneNumberId ? { apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''), token, phoneNumberId } : null,
    timeoutMs: e.TEXT_MESSAGE_TIMEOUT_MS,
  };
}

export type DatabaseKind = 'embedded' | 'memory' | 'postgres';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  databaseKind: DatabaseKind;
  dataDir: string;
  jwtSecret: string;
  appUrl: string;
  smtpUrl: string | undefined;
  /** Issue 54: the staff's address (SHOP_STAFF_EMAIL); unset, no staff notice is mailed. */
  staffEmail: string | undefined;
  mailFrom: string;
  adminEmail: string;
  adminPassword: string;
  seedDemo: boolean;
  authRateLimit: number;
  /** Promo code checks per 15 minutes per account, and as many per client address (COUPON_CHECK_LIMIT). */
  couponCheckLimit: number;
  redisUrl: string | undefined;
  logLevel: string;
  /** Folder of the built web client served with SPA fallback, when present. */
  webDist: string;
  /**
   * Which hops may set X-Forwarded-For (Express `trust proxy`). Only the loopback by default,
   * so a client cannot spoof its address to dodge the rate limits; name the reverse proxy's
   * address or subnet when the shop runs behind one.
   */
  trustProxy: string;
  /** How long an unpaid order holds its seats (SEAT_HOLD_MINUTES). */
  seatHoldMinutes: number;
  /**
   * The centre's seal signing the TEIF e-invoices (TEIF_SEAL_P12 and TEIF_SEAL_PASSWORD, issue 52):
   * the PKCS#12 file's path and password; null: the XML is served unsigned. The start opens it.
   */
  teifSeal: { path: string; password: string } | null;
  /** How long a transfer receipt waiting for a check holds the order's seats from its upload (PROOF_HOLD_HOURS). */
  proofHoldHours: number;
  /** At most this many unpaid (pending) orders per customer (MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
  /** At most this many seats across a customer's unpaid orders (MAX_UNPAID_SEATS). */
  maxUnpaidSeats: number;
  /** Days before a session starts when each learner is reminded (REMINDER_DAYS), largest first. */
  reminderDays: number[];
  /** Percent of the session's days present a learner needs for a certificate (CERTIFICATE_MIN_ATTENDANCE; 0: no rule). */
  certificateMinAttendance: number;
  /** How long a waitlist offer holds its seats for the person offered (WAITLIST_OFFER_MINUTES). */
  waitlistOfferMinutes: number;
  shop: ShopIdentity;
  /** `TAX_RATE` and `STAMP_DUTY` (issue 52): what the shared calculator prices every order with. */
  pricing: PriceSettings;
  /** Where Transfer orders are paid (SHOP_BANK_ACCOUNT, SHOP_D17_NUMBER); both empty: no Transfer. */
  transfer: TransferSettings;
  /** Who signs certificates (CERTIFICATE_SIGNATORY); empty in production when unset (the PDF leaves it out). */
  certificateSignatory: CertificateSignatory;
  payments: PaymentSettings;
  /** The SMS gateway and the WhatsApp Cloud API (issue 53); each null when not configured. */
  textMessages: TextMessageSettings;
  /** Bounded waits on the database, Redis and slow clients (README, "Time limits"). */
  limits: Limits;
}

export interface Limits {
  /** Opening a PostgreSQL connection, and waiting for a free one in the pool. */
  dbConnectMs: number;
  /** PostgreSQL's statement_timeout: the server cancels a statement running longer. */
  dbStatementMs: number;
  /** The client gives up on a query that gets no answer (a frozen server or network). */
  dbQueryMs: number;
  dbPoolSize: number;
  /** Catalogue pages and course details built from the database at once; the others wait their turn (at most dbConnectMs). */
  catalogueBuilds: number;
  redisConnectMs: number;
  /** A Redis command without an answer fails after this; the sign-in limit then fails open. */
  redisCommandMs: number;
  /** /api/health answers 503 when the database has not answered within this. */
  healthMs: number;
  /** A client must send its request headers within this (Node's headersTimeout). */
  headersMs: number;
  /** A whole request (headers and body) must arrive within this (Node's requestTimeout). */
  requestMs: number;
  /** After SIGTERM, in-flight requests get this long to finish before connections are cut. */
  shutdownGraceMs: number;
  /** One call to the payment provider (retried with back-off when it may help). */
  paymentMs: number;
}

export class ConfigError extends Error {}

function databaseKindOf(url: string | undefined): DatabaseKind {
  if (!url) return 'embedded';
  if (url === 'memory://') return 'memory';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new ConfigError(`DATABASE_URL must be unset, memory:// or a postgres:// URL (got ${url.split(':')[0]}:…)`);
}

/** A dev-only secret, generated once and kept in DATA_DIR so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** TEIF_SEAL_P12 with TEIF_SEAL_PASSWORD (an empty password is a password), or no seal. */
function teifSealSettings(e: z.infer<typeof envSchema>): Config['teifSeal'] {
  if (!e.TEIF_SEAL_P12) {
    if (e.TEIF_SEAL_PASSWORD) throw new ConfigError('TEIF_SEAL_PASSWORD is set without TEIF_SEAL_P12: set both, or neither.');
    return null;
  }
  if (e.TEIF_SEAL_PASSWORD === undefined) throw new ConfigError('TEIF_SEAL_P12 needs TEIF_SEAL_PASSWORD: set both, or neither.');
  return { path: e.TEIF_SEAL_P12, password: e.TEIF_SEAL_PASSWORD };
}

function shopIdentity(e: z.infer<typeof envSchema>, production: boolean): ShopIdentity {
  const or = (value: string | undefined, demo: string) => value || (production ? '' : demo);
  return {
    legalName: or(e.SHOP_LEGAL_NAME, DEMO_SHOP.legalName),
    address: or(e.SHOP_ADDRESS, DEMO_SHOP.address),
    taxId: or(e.SHOP_TAX_ID, DEMO_SHOP.taxId),
    hours: or(e.SHOP_HOURS, DEMO_SHOP.hours),
    // A centre that wrote its hours once (SHOP_HOURS) has them shown as written in every language.
    hoursFr: e.SHOP_HOURS_FR || e.SHOP_HOURS || or(undefined, DEMO_SHOP.hoursFr),
    hoursAr: e.SHOP_HOURS_AR || e.SHOP_HOURS || or(undefined, DEMO_SHOP.hoursAr),
    trainingAuthorisation: or(e.SHOP_TRAINING_AUTHORISATION, DEMO_SHOP.trainingAuthorisation),
  };
}

function paymentSettings(e: z.infer<typeof envSchema>): PaymentSettings {
  const apiKey = e.KONNECT_API_KEY || undefined;
  const walletId = e.KONNECT_WALLET_ID || undefined;
  if ((apiKey === undefined) !== (walletId === undefined)) {
    throw new ConfigError('KONNECT_API_KEY and KONNECT_WALLET_ID go together: set both, or neither.');
  }
  const appToken = e.FLOUCI_APP_TOKEN || undefined;
  const appSecret = e.FLOUCI_APP_SECRET || undefined;
  if ((appToken === undefined) !== (appSecret === undefined)) {
    throw new ConfigError('FLOUCI_APP_TOKEN and FLOUCI_APP_SECRET go together: set both, or neither.');
  }
  const lifespanMinutes = e.PAYMENT_LIFESPAN_MINUTES;
  // Flouci when it is the only one configured, or chosen by ONLINE_PAYMENT_PROVIDER when both are.
  if (appToken && appSecret && (!(apiKey && walletId) || e.ONLINE_PAYMENT_PROVIDER === 'flouci'))
    return { mode: 'flouci', apiUrl: e.FLOUCI_API_URL.replace(/\/+$/, ''), appToken, appSecret, lifespanMinutes };
  if (apiKey && walletId)
    return { mode: 'konnect', apiUrl: e.KONNECT_API_URL.replace(/\/+$/, ''), apiKey, walletId, lifespanMinutes };
  return e.NODE_ENV === 'production' ? { mode: 'off' } : { mode: 'test-gateway', lifespanMinutes };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const databaseKind = databaseKindOf(e.DATABASE_URL);
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production (a long random string).');
    if (!e.DATABASE_URL) throw new ConfigError('DATABASE_URL is required when NODE_ENV=production (a postgres:// URL).');
    if (databaseKind !== 'postgres') {
      throw new ConfigError('DATABASE_URL must be a postgres:// URL when NODE_ENV=production.');
    }
  }
  // Issue 52: the centre's matricule fiscal goes on every invoice and TEIF document: a typo stops the start.
  if (e.NODE_ENV === 'production' && e.SHOP_TAX_ID && normaliseMatricule(e.SHOP_TAX_ID) === null) {
    throw new ConfigError(
      'SHOP_TAX_ID must be a matricule fiscal: 7 digits, a key letter, the VAT code, the category and 3 digits (e.g. 1234567/A/A/M/000).',
    );
  }
  if (e.JWT_SECRET !== undefined && e.JWT_SECRET.length < 16) {
    throw new ConfigError('JWT_SECRET must be at least 16 characters long.');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const seedDefault = databaseKind === 'embedded' && e.NODE_ENV !== 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseKind,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? (databaseKind === 'memory' ? randomBytes(32).toString('hex') : devSecret(dataDir)),
    appUrl: (e.APP_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    staffEmail: e.SHOP_STAFF_EMAIL || undefined,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: bool(seedDefault).parse(e.SEED_DEMO),
    authRateLimit: e.AUTH_RATE_LIMIT,
    couponCheckLimit: e.COUPON_CHECK_LIMIT,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seatHoldMinutes: e.SEAT_HOLD_MINUTES,
    proofHoldHours: e.PROOF_HOLD_HOURS,
    teifSeal: teifSealSettings(e),
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    maxUnpaidSeats: e.MAX_UNPAID_SEATS,
    reminderDays: e.REMINDER_DAYS,
    certificateMinAttendance: e.CERTIFICATE_MIN_ATTENDANCE,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES,
    shop: shopIdentity(e, e.NODE_ENV === 'production'),
    pricing: { taxRate: e.TAX_RATE, stampDuty: e.STAMP_DUTY },
    transfer: transferSettings(e, e.NODE_ENV === 'development'),
    certificateSignatory: certificateSignatory(e.CERTIFICATE_SIGNATORY, e.NODE_ENV === 'production'),
    payments: paymentSettings(e),
    textMessages: textMessageSettings(e),
    limits: {
      dbConnectMs: e.DB_CONNECT_TIMEOUT_MS,
      dbStatementMs: e.DB_STATEMENT_TIMEOUT_MS,
      dbQueryMs: e.DB_QUERY_TIMEOUT_MS,
      dbPoolSize: e.DB_POOL_SIZE,
      catalogueBuilds: e.CATALOGUE_BUILDS,
      redisConnectMs: e.REDIS_CONNECT_TIMEOUT_MS,
      redisCommandMs: e.REDIS_COMMAND_TIMEOUT_MS,
      healthMs: e.HEALTH_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      // Node refuses a requestTimeout below headersTimeout.
      requestMs: Math.max(e.REQUEST_TIMEOUT_MS, e.HEADERS_TIMEOUT_MS),
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      paymentMs: e.PAYMENT_TIMEOUT_MS,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}

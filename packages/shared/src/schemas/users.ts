import { z } from '../zod.js';
import {
  EMAIL_MAX,
  LANGUAGES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_SORTS,
} from '../constants.js';
import { MESSAGES } from '../messages.js';
import { normalisePhone } from '../phone.js';
import { pageQuerySchema, queryBooleanSchema, querySearchSchema } from './common.js';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email('Please enter a valid email'));

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** A user's language (issue 18): en, fr or ar. */
export const languageSchema = z.enum(LANGUAGES, { error: 'language must be one of en, fr, ar' });

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

/**
 * A phone as typed (issue 53): normalised to E.164 (`normalisePhone`), else 400 `PHONE_INVALID`.
 * Null or an empty text removes the number.
 */
export const phoneInputSchema = z
  .union([z.string({ error: MESSAGES.phoneInvalid }).max(40, MESSAGES.phoneInvalid), z.null()], { error: MESSAGES.phoneInvalid })
  .transform((typed, ctx) => {
    if (typed === null || typed.trim() === '') return null;
    const phone = normalisePhone(typed);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  })
  .meta({ description: 'E.164 (`+21620123456`); 8 digits alone get `+216`; null or "" removes it', example: '+21620123456' });

/** Which text messages the account agreed to (issue 53): both off until the person ticks them. */
export const notifySchema = z.object({
  sms: z.boolean({ error: 'notify.sms must be true or false' }),
  whatsapp: z.boolean({ error: 'notify.whatsapp must be true or false' }),
});
export type Notify = z.infer<typeof notifySchema>;

/** A change of consent: each channel left out stays as it is. */
const notifyChangeSchema = notifySchema.partial({ sms: true, whatsapp: true });

export const loginBodySchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(EMAIL_MAX),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  name,
  email,
  password,
  isKid: z.boolean({ error: 'isKid must be true or false' }).optional().default(false),
  /** The account's language; without it, the request's Accept-Language. */
  language: languageSchema.optional(),
  /** Issue 53: a phone for text messages, and the channels agreed to (both off by default). */
  phone: phoneInputSchema.optional(),
  notify: notifyChangeSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const forgotPasswordBodySchema = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({ newPassword: password });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const profileUpdateBodySchema = z.object({
  name: name.optional(),
  email: email.optional(),
  password: password.optional(),
  language: languageSchema.optional(),
  /** Issue 53: the phone for text messages (null or "" removes it) and the channels agreed to. */
  phone: phoneInputSchema.optional(),
  notify: notifyChangeSchema.optional(),
  /**
   * Issue 31: required (and checked) when the change is of the e-mail or the password; a
   * name or language change goes without it.
   */
  currentPassword: z
    .string()
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

export const adminUserUpdateBodySchema = z.object({
  name: name.optional(),
  email: email.optional(),
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional(),
  isKid: z.boolean({ error: 'isKid must be true or false' }).optional(),
});
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;

/**
 * Query of the admin `GET /api/users`: search (`q`: any part of the name or e-mail), the
 * admin and kid flags, a sort and the shared page query. Without `page` and `limit` the
 * answer is every matching user.
 */
export const userListQuerySchema = pageQuerySchema.extend({
  q: querySearchSchema,
  admin: queryBooleanSchema('admin').optional(),
  kid: queryBooleanSchema('kid').optional(),
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(', ')}` }).optional(),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isKid: z.boolean(),
  /** The account's language: its e-mails are written in it (issue 18). */
  language: languageSchema,
  /** Issue 53: the account's phone in E.164, or null. */
  phone: z.string().nullable(),
  /** Issue 53: the text messages the account agreed to, besides the mails. */
  notify: notifySchema,
  /**
   * Issue 31, profile answers only: a new e-mail address waiting for confirmation from the
   * link mailed to it (`email` stays the old one until then).
   */
  pendingEmail: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Answer of login and profile update: the user and a bearer token. */
export const userInfoSchema = userSchema.extend({ token: z.string() });
export type UserInfo = z.infer<typeof userInfoSchema>;

export const validateResetTokenResponseSchema = z.object({ valid: z.literal(true) });

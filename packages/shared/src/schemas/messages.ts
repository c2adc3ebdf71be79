import { z } from '../zod.js';
import { languageSchema } from './users.js';
import { pageQuerySchema, querySearchSchema } from './common.js';

/** The two text channels (issue 53): an SMS through the gateway, a WhatsApp template message. */
export const TEXT_CHANNELS = ['sms', 'whatsapp'] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];

/**
 * What a text message is about; each is also the name of its WhatsApp template (docs/product.md
 * lists their body parameters in order).
 */
export const TEXT_TEMPLATES = [
  'session_reminder',
  'waitlist_offer',
  'payment_received',
  'proof_rejected',
  'session_changed',
] as const;
export type TextTemplate = (typeof TEXT_TEMPLATES)[number];

/** pending: waiting for its (next) try; sent: the provider took it; failed: refused for good, or a day of tries. */
export const TEXT_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

/** Query of the admin `GET /api/messages`: a status, a search (name, e-mail, phone or text), a page. */
export const textMessageListQuerySchema = pageQuerySchema.extend({
  status: z.enum(TEXT_STATUSES, { error: `status must be one of ${TEXT_STATUSES.join(', ')}` }).optional(),
  q: querySearchSchema,
});
export type TextMessageListQuery = z.output<typeof textMessageListQuerySchema>;

/** One queued text message as the back office lists it. */
export const textMessageSchema = z.object({
  _id: z.string(),
  /** The account it was for (null once the account is deleted). */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  phone: z.string(),
  channel: z.enum(TEXT_CHANNELS),
  template: z.enum(TEXT_TEMPLATES),
  language: languageSchema,
  /** The SMS text, or the WhatsApp template's body as the person reads it. */
  text: z.string(),
  /** The WhatsApp template's body parameters, in order. */
  params: z.array(z.string()),
  status: z.enum(TEXT_STATUSES),
  attempts: z.number().int(),
  /** When the next try is due (pending only). */
  nextTryAt: z.string().nullable(),
  /** Why the last try failed. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TextMessage = z.infer<typeof textMessageSchema>;

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import type { Language, TextChannel, TextTemplate } from '@shop/shared';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';

/** What a provider needs of a queued message. */
export interface OutgoingText {
  id: string;
  channel: TextChannel;
  phone: string;
  template: TextTemplate;
  language: Language;
  /** The SMS text (the WhatsApp body as read, for the outbox's log line). */
  body: string;
  params: string[];
}

/**
 * A try that failed: `retry` (nothing was delivered, try again later), `final` (the provider
 * refused the request as such: asking again cannot help) or `unconfirmed` (the request went out
 * but no answer came: it may have been delivered, so it is not sent again).
 */
export class TextSendFailure extends Error {
  constructor(
    message: string,
    readonly outcome: 'retry' | 'final' | 'unconfirmed' = 'retry',
  ) {
    super(message);
    this.name = 'TextSendFailure';
  }
}

/** Sends one message; `onLate` hears the status of an answer that came after the time limit. */
export type TextSender = (message: OutgoingText, onLate?: (status: number) => void) => Promise<void>;

const ignoreLate = (): void => undefined;

/** The number as the providers write it: the E.164 digits without `+` (`21620123456`). */
const digitsOf = (phone: string) => phone.replace(/^\+/, '');

/** How long a call that got no answer within its time limit is still listened to, then cut. */
const LATE_ANSWER_MS = 10 * 60_000;

/**
 * One HTTP call with a time limit on the whole of it (connection, request, answer). A call that
 * gets no answer after its request was handed over is "unconfirmed": the gateway may have it, so
 * it is not sent again (decision 0421); its connection is left open (not cut: a gateway that
 * froze then reads the request once, when it wakes) and a late answer is told to `onLate`. One
 * that failed before the request went out (refused, unreachable) certainly was not delivered. A
 * fresh connection per call, so one hung call holds no other message.
 */
function httpCall(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
  onLate: (status: number) => void,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = { ...init.headers, ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }) };
    let handedOver = false;
    let settled = false;
    const fail = (err: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err instanceof TextSendFailure ? err : new TextSendFailure(`unreachable: ${err instanceof Error ? err.message : String(err)}`));
    };
    const req = send(target, { method: init.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (settled) {
          onLate(res.statusCode ?? 0);
          req.destroy();
          return;
        }
        settled = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', fail);
    });
    const timer = setTimeout(() => {
      if (!handedOver) return fail(new TextSendFailure(`no connection within ${timeoutMs} ms`));
      settled = true;
      reject(new TextSendFailure(`no answer within ${timeoutMs} ms after the request was sent`, 'unconfirmed'));
      // Left open for a late answer, without holding the process or the connection forever.
      req.socket?.unref();
      req.setTimeout(LATE_ANSWER_MS, () => req.destroy());
    }, timeoutMs);
    req.on('finish', () => {
      handedOver = true;
    });
    req.on('error', fail);
    req.end(init.body);
  });
}

/**
 * 400 means the request itself is refused (a number the provider cannot reach, an unknown
 * template): final. Anything else — 5xx, 429, 401 while a token is renewed, time-outs, refused
 * connections — is tried again later.
 */
async function call(
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
  onLate: (status: number) => void,
): Promise<void> {
  let answer: { status: number; text: string };
  try {
    answer = await httpCall(url, init, timeoutMs, onLate);
  } catch (err) {
    if (err instanceof TextSendFailure) throw new TextSendFailure(`${provider}: ${err.message}`, err.outcome);
    throw new TextSendFailure(`${provider}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (answer.status >= 200 && answer.status < 300) return;
  const text = answer.text.replace(/\s+/g, ' ').slice(0, 300);
  throw new TextSendFailure(`${provider} answered ${answer.status}${text ? `: ${text}` : ''}`, answer.status === 400 ? 'final' : 'retry');
}

/**
 * TunisieSMS's HTTP API: one GET per message,
 * `{SMS_API_URL}?fct=sms&key=…&mobile=216XXXXXXXX&sms=…&sender=…`. A 2xx answer is taken as
 * accepted (the gateway's answer body is not documented publicly: kept only in errors).
 */
export function tunisieSmsSender(settings: NonNullable<Config['textMessages']['sms']>, timeoutMs: number): TextSender {
  return async (message, onLate = ignoreLate) => {
    const url = new URL(settings.apiUrl);
    url.searchParams.set('fct', 'sms');
    url.searchParams.set('key', settings.apiKey);
    url.searchParams.set('mobile', digitsOf(message.phone));
    url.searchParams.set('sms', message.body);
    url.searchParams.set('sender', settings.sender);
    await call('the SMS gateway', url.toString(), { method: 'GET' }, timeoutMs, onLate);
  };
}

/** The Cloud API's request body of a template message (also what the outbox keeps). */
export function whatsappRequest(message: OutgoingText): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    to: digitsOf(message.phone),
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }],
    },
  };
}

/** WhatsApp Cloud API: `POST {WHATSAPP_API_URL}/{phone-number-id}/messages`, a template message, Bearer token. */
export function whatsappSender(settings: NonNullable<Config['textMessages']['whatsapp']>, timeoutMs: number): TextSender {
  return async (message, onLate = ignoreLate) => {
    await call(
      'WhatsApp',
      `${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(whatsappRequest(message)),
      },
      timeoutMs,
      onLate,
    );
  };
}

/**
 * Without a provider: each message is written to DATA_DIR/outbox (`*.sms.txt`, or the Cloud
 * API request as `*.whatsapp.json`) and its text logged, as mails without SMTP_URL are.
 */
export function outboxSender(config: Pick<Config, 'dataDir'>, logger: Logger, channel: TextChannel): TextSender {
  const outbox = path.join(config.dataDir, 'outbox');
  return async (message) => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(outbox, `${stamp}-${randomBytes(3).toString('hex')}.${channel === 'sms' ? 'sms.txt' : 'whatsapp.json'}`);
    const content =
      channel === 'sms'
        ? `To: ${message.phone}\n\n${message.body}\n`
        : `${JSON.stringify(whatsappRequest(message), null, 2)}\n`;
    await mkdir(outbox, { recursive: true });
    await writeFile(file, content);
    logger.info({ to: message.phone, channel, template: message.template, text: message.body, file }, 'text message written to the outbox');
  };
}

/** The sender of each channel as the settings name it. */
export function textSenders(config: Pick<Config, 'dataDir' | 'textMessages'>, logger: Logger): Record<TextChannel, TextSender> {
  const { sms, whatsapp, timeoutMs } = config.textMessages;
  return {
    sms: sms ? tunisieSmsSender(sms, timeoutMs) : outboxSender(config, logger, 'sms'),
    whatsapp: whatsapp ? whatsappSender(whatsapp, timeoutMs) : outboxSender(config, logger, 'whatsapp'),
  };
}

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';

/** One e-mail of the shop: always a plain-text and an HTML version. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside, logged when mails go to the outbox in development (no SMTP). */
  link?: string;
  /** Files sent with the mail (a certificate's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Releases SMTP connections (shutdown). */
  close?(): void;
}

/** Milliseconds an SMTP server may take before a send is given up (the request never waits for it). */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * SMTP_URL with the shop's time limits and a connection pool written into its query, where the
 * URL does not set them itself. nodemailer reads a connection URL's query as its options and
 * ignores every other option given beside a `url` (the limits once passed that way were never
 * applied: a silent server held a send for nodemailer's own 30 s greeting and 10 min socket
 * limits). The pool keeps connections open between mails: a server's greeting, which
 * smtp-server delays by 100 ms, is waited for once per connection rather than once per mail
 * (docs/decisions/0377).
 */
export function smtpUrlWithLimits(smtpUrl: string, timeoutMs = SMTP_TIMEOUT_MS): string {
  const url = new URL(smtpUrl);
  const defaults = {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    pool: true,
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail is written to
 * DATA_DIR/outbox/*.eml, so every flow works without a mail server. Its link (a password
 * reset or verification token, as good as the account) is logged only in development
 * (NODE_ENV=development, what `pnpm start` and `pnpm dev` run): never in production or tests,
 * where logs travel further than the machine (decision 0241).
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'env'>,
  logger: Logger,
  /** The SMTP time limit; tests shorten it to see a silent server given up on. */
  smtpTimeoutMs = SMTP_TIMEOUT_MS,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrlWithLimits(config.smtpUrl, smtpTimeoutMs), { from: config.mailFrom });
    return {
      async send(message) {
        await transport.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.attachments ? { attachments: message.attachments } : {}),
        });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(config.dataDir, 'outbox');
  const logLinks = config.env === 'development';
  if (logLinks) logger.info({ outbox }, 'SMTP_URL is not set: mails are written to the outbox and their links logged');
  else logger.warn({ outbox }, 'SMTP_URL is not set: mails are only written to the outbox on this machine, nobody receives them');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await composer.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      // The folder is made when a mail finds it missing (the first one, or after someone removed it), not for every mail.
      await writeFile(file, info.message).catch(async (err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(outbox, { recursive: true });
        await writeFile(file, info.message);
      });
      logger.info(
        { to: message.to, subject: message.subject, file, ...(logLinks && message.link ? { link: message.link } : {}) },
        'mail written to the outbox',
      );
    },
  };
}

/**
 * Sends in the background: the request answers at once, a slow or dead mail server only
 * costs a logged error, and the user can ask for the mail again.
 */
export function sendInBackground(mailer: Mailer, logger: Logger, message: MailMessage): void {
  mailer.send(message).catch((err: unknown) => {
    logger.error({ err, to: message.to, subject: message.subject }, 'sending mail failed');
  });
}

/**
 * Test helpers (test code only; production never imports `src/test/`): a real SMTP server to
 * receive the shop's mails, and a small MIME reader that decodes them the way a mail client
 * does (multipart, quoted-printable, base64).
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

function collectLeaves(part: Part, into: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectLeaves(splitPart(section.replace(/^\n/, '')), into);
    }
    return;
  }
  if (/^text\/html/i.test(type)) into.html = decodeBody(part).replace(/\n$/, '');
  else if (/^text\/plain/i.test(type)) into.text = decodeBody(part).replace(/\n$/, '');
}

/**
 * RFC 2047: white space between two encoded words is not part of the text, and a run of
 * encoded words is one byte string (a character may be split across two of them).
 */
function decodeHeaderWords(value: string): string {
  const word = /=\?utf-8\?([QB])\?([^?]*)\?=/gi;
  const bytesOf = (enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
  return value.replace(/(?:=\?utf-8\?[QB]\?[^?]*\?=\s*)+/gi, (run) => {
    const trailing = /\s*$/.exec(run)?.[0] ?? '';
    const bytes = [...run.matchAll(word)].map(([, enc = '', data = '']) => bytesOf(enc, data));
    return Buffer.concat(bytes).toString('utf8') + trailing;
  });
}

export function parseRawMail(raw: string): Omit<ReceivedMail, 'to'> {
  const root = splitPart(raw);
  const leaves = { text: '', html: '' };
  collectLeaves(root, leaves);
  return { raw, subject: decodeHeaderWords(root.headers.get('subject') ?? ''), ...leaves };
}

/** The link on its own line in the plain-text version (what a text-only client shows). */
export function linkInText(mail: Pick<ReceivedMail, 'text'>): string {
  const line = mail.text.split('\n').find((l) => /^https?:\/\//.test(l.trim()));
  if (!line) throw new Error(`no link in mail text:\n${mail.text}`);
  return line.trim();
}

/** The href of the HTML version's button, entities decoded. */
export function linkInHtml(mail: Pick<ReceivedMail, 'html'>): string {
  const href = /<a href="([^"]+)"/.exec(mail.html)?.[1];
  if (!href) throw new Error(`no link in mail html:\n${mail.html}`);
  return href.replace(/&amp;/g, '&');
}

/** The token of a verification link (APP_URL/verify/{token}). */
export const verifyTokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? '';

/** The token of a reset link (APP_URL/reset-password?token=…). */
export const resetTokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Resolves with the next mail received (or one already waiting). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (a given port or a free one), no TLS, no auth. */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let consumed = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true, // no DNS question about 127.0.0.1 before each greeting
    // Closing tells a client still connected (a mailer's pooled connection) 421 at once, where
    // smtp-server would otherwise wait 30 s for it to leave.
    closeTimeout: 1,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ ...parseRawMail(raw), to: session.envelope.rcptTo.map((r) => r.address) });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    async nextMail(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (consumed >= received.length) {
        if (Date.now() > deadline) throw new Error('no mail arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received[consumed++]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never says a word: the slowest mail server there is. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { App } from '../../app.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createApp } from '../../app.js';
import type { Config } from '../../config.js';
import { createLogger, type Logger } from '../../logger.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createUser } from '../../test/factories.js';
import { capturingLogger } from '../../test/logs.js';
import { resetLink, resetPasswordMail, verificationLink, verificationMail } from './mail.templates.js';
import { createMailer, smtpUrlWithLimits } from './mailer.js';
import {
  linkInHtml,
  linkInText,
  parseRawMail,
  startSilentServer,
  startTestSmtpServer,
  verifyTokenOf,
} from '../../test/mail.js';
import { freePort } from '../../test/ports.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const silentLogger = createLogger({ env: 'test', logLevel: 'silent' });

/** Another app over the same database, with its own mail settings and mailer. */
function appWith(settings: Partial<Config>, logger: Logger = silentLogger): { app: App; config: Config } {
  const config: Config = { ...ctx.config, ...settings };
  const mailer = createMailer(config, logger);
  cleanups.push(async () => mailer.close?.());
  return { app: createApp({ ...ctx.deps, config, logger, mailer }), config };
}

describe('outbox when no SMTP_URL is set', () => {
  it('writes each mail as .eml under DATA_DIR/outbox, and its link works', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-outbox-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const { app, config } = appWith({ dataDir, smtpUrl: undefined });
    expect(config.smtpUrl).toBeUndefined();

    const res = await request(app).post('/api/users').send({ name: 'Dev', email: 'dev@example.com', password: 'dev-password' });
    expect(res.status).toBe(201);

    const outbox = path.join(dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      files = await readdir(outbox).catch(() => []);
      if (files.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseRawMail(await readFile(path.join(outbox, files[0]!), 'utf8'));
    expect(mail.raw).toMatch(/^To: dev@example\.com$/m);
    expect(mail.raw).toMatch(/^From: Course Shop <no-reply@localhost>$/m);
    const link = linkInText(mail);
    expect(linkInHtml(mail)).toBe(link);

    const verified = await request(app).get(`/api/users/verify/${verifyTokenOf(link)}`);
    expect(verified.status).toBe(200);
    const login = await request(app).post('/api/users/login').send({ email: 'dev@example.com', password: 'dev-password' });
    expect(login.status).toBe(200);
  });
});

describe('the outbox folder', () => {
  it('is made by the first mail, and again by the next one after it was removed', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-outbox-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const mailer = createMailer({ ...ctx.config, dataDir, smtpUrl: undefined }, silentLogger);
    const outbox = path.join(dataDir, 'outbox');
    const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    await mailer.send(mail('first@example.com'));
    expect(await readdir(outbox)).toHaveLength(1);
    await rm(outbox, { recursive: true });
    await mailer.send(mail('second@example.com'));
    const [file, ...others] = await readdir(outbox);
    expect(others).toEqual([]);
    expect(await readFile(path.join(outbox, file ?? ''), 'utf8')).toMatch(/^To: second@example\.com$/m);
  });
});

describe('links in the log without SMTP_URL (issue 31)', () => {
  /** Registers an address and asks a reset for a verified one; answers the two outbox mails' links and the log. */
  async function linksAndLog(env: Config['env']) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-outbox-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const { logger, lines } = capturingLogger('trace');
    const { app } = appWith({ dataDir, smtpUrl: undefined, env }, logger);
    const { user } = await createUser(ctx.database.db, ctx.config);
    await request(app).post('/api/users').send({ name: 'Lina', email: `lina-${env}@example.com`, password: 'lina-password' }).expect(201);
    await request(app).post('/api/users/forgot-password').send({ email: user.email }).expect(200);
    const outbox = path.join(dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 100 && files.length < 2; i++) {
      files = await readdir(outbox).catch(() => []);
      if (files.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(files).toHaveLength(2);
    const links = await Promise.all(files.map(async (f) => linkInText(parseRawMail(await readFile(path.join(outbox, f), 'utf8')))));
    const written = () => lines.filter((l) => l['msg'] === 'mail written to the outbox');
    for (let i = 0; i < 100 && written().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(written()).toHaveLength(2);
    return { links, lines };
  }

  it('never logs a reset or verification link or its token in production', async () => {
    const { links, lines } = await linksAndLog('production');
    expect(links.some((l) => l.includes('/reset-password?token='))).toBe(true);
    expect(links.some((l) => l.includes('/verify/'))).toBe(true);
    const log = JSON.stringify(lines);
    for (const link of links) {
      const token = link.includes('/verify/') ? verifyTokenOf(link) : new URL(link).searchParams.get('token')!;
      expect(token.length).toBeGreaterThan(20);
      expect(log).not.toContain(token);
    }
    // The outbox is still named, so whoever runs the machine can read the mails there.
    expect(lines.some((l) => l['level'] === 40 && String(l['msg']).includes('SMTP_URL is not set'))).toBe(true);
  });

  it('never logs them under NODE_ENV=test either', async () => {
    const { links, lines } = await linksAndLog('test');
    const log = JSON.stringify(lines);
    for (const link of links) expect(log).not.toContain(link);
  });

  it('logs each link in development, so `pnpm start` works without a mail server', async () => {
    const { links, lines } = await linksAndLog('development');
    const logged = lines.filter((l) => l['msg'] === 'mail written to the outbox').map((l) => l['link']);
    expect(logged.sort()).toEqual([...links].sort());
  });
});

describe('a slow or dead mail server', () => {
  it('does not fail registration when nothing listens, and registering again re-sends the link once it is back', async () => {
    const port = await freePort();
    const { logger, lines } = capturingLogger();
    const { app } = appWith({ smtpUrl: `smtp://127.0.0.1:${port}` }, logger);
    const failures = () => lines.filter((l) => l['msg'] === 'sending mail failed');

    const first = await request(app).post('/api/users').send({ name: 'Dana', email: 'dana@example.com', password: 'dana-password' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: MESSAGES.registrationSuccess });
    for (let i = 0; i < 100 && failures().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(failures()).toHaveLength(1);
    const [failure] = failures();
    expect(failure).toMatchObject({ level: 50, to: 'dana@example.com', err: { code: 'ESOCKET' } });
    // Logged with the request it belongs to, and never with the password.
    expect((failure?.['req'] as { id?: unknown } | undefined)?.id).toBe(first.headers['x-request-id']);
    expect(JSON.stringify(lines)).not.toContain('dana-password');

    const smtp = await startTestSmtpServer(port);
    cleanups.push(() => smtp.close());
    const again = await request(app).post('/api/users').send({ name: 'Dana', email: 'dana@example.com', password: 'dana-password' });
    expect(again.status).toBe(201);
    const link = linkInText(await smtp.nextMail());
    expect((await request(app).get(`/api/users/verify/${verifyTokenOf(link)}`)).status).toBe(200);
  });

  it('answers forgot-password at once while the mail server hangs', async () => {
    const silent = await startSilentServer();
    cleanups.push(() => silent.close());
    const { app } = appWith({ smtpUrl: silent.url });
    await request(app).post('/api/users').send({ name: 'Hana', email: 'hana@example.com', password: 'hana-password' }).expect(201);
    const started = Date.now();
    const res = await request(app).post('/api/users/forgot-password').send({ email: 'hana@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.forgotSuccess });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('SMTP time limits', () => {
  it('gives up on a mail server that accepts the connection and never greets, within its limit', async () => {
    const silent = await startSilentServer();
    cleanups.push(() => silent.close());
    const mailer = createMailer({ ...ctx.config, smtpUrl: silent.url }, silentLogger, 300);
    cleanups.push(async () => mailer.close?.());
    const started = Date.now();
    const outcome = await mailer.send(resetPasswordMail('late@example.com', 'Late', resetLink('http://shop.test', 'x'.repeat(43)))).then(
      () => 'sent',
      (err: { code?: string }) => err.code,
    );
    expect(outcome).toBe('ETIMEDOUT');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('keeps limits an SMTP_URL sets itself and adds the shop’s where it sets none', () => {
    const url = new URL(smtpUrlWithLimits('smtps://u:p%40ss@mail.example.org:465/?socketTimeout=60000', 15_000));
    expect(url.searchParams.get('socketTimeout')).toBe('60000');
    expect(url.searchParams.get('greetingTimeout')).toBe('15000');
    expect(url.searchParams.get('connectionTimeout')).toBe('15000');
    expect(url.password).toBe('p%40ss');
  });
});

describe('links survive the trip through SMTP', () => {
  it('keeps a long reset link intact in both versions, with no raw line over 78 characters', async () => {
    const smtp = await startTestSmtpServer();
    cleanups.push(() => smtp.close());
    const longAppUrl = 'https://a-very-long-subdomain-name.training-centre-of-tunisia.example.com/shop/front';
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Course Shop <no-reply@localhost>', dataDir: tmpdir(), env: 'test' }, silentLogger);
    cleanups.push(async () => mailer.close?.());
    const token = 'Ab-_'.repeat(10) + 'xyz';
    const link = resetLink(longAppUrl, token);
    expect(link.length).toBeGreaterThan(100);
    await mailer.send(resetPasswordMail('far@example.com', 'Zoë Ünal', link));
    const mail = await smtp.nextMail();
    expect(linkInText(mail)).toBe(link);
    expect(linkInHtml(mail)).toBe(link);
    expect(mail.text).toContain('Hello Zoë Ünal,');
    const longest = Math.max(...mail.raw.split(/\r?\n/).map((l) => l.length));
    expect(longest).toBeLessThanOrEqual(78);

    const verify = verificationLink(longAppUrl, token);
    await mailer.send(verificationMail('far@example.com', 'Zoë', verify));
    const second = await smtp.nextMail();
    expect(linkInText(second)).toBe(verify);
    expect(linkInHtml(second)).toBe(verify);
  });
});

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { bootstrap } from './bootstrap.js';
import { openConfiguredSeal } from './modules/invoices/teif-sign.js';
import { openDatabase } from './db/client.js';
import { createHttpServer, drainHttpServer, type Lifecycle } from './http-server.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './logger.js';
import { connectRateLimitRedis } from './middleware/rate-limit.js';
import { createMailer } from './modules/mail/mailer.js';
import { startExpirySweeper } from './modules/enrolment/orders/expiry-sweeper.js';
import { startPaymentSweeper } from './modules/payments/payment-sweeper.js';
import { startReminderSweeper } from './modules/enrolment/reminders/reminders.service.js';
import { startTextMessageSweeper } from './modules/messages/text-messages.service.js';
import { startStaffNoticeSweeper } from './modules/staff/staff-notices.service.js';
import { startWaitlistSweeper } from './modules/enrolment/sessions/waitlist-offer-mails.js';

async function main(): Promise<void> {
  try {
    process.loadEnvFile?.();
  } catch {
    // No .env file: the environment alone configures the shop.
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  const database = await openDatabase({
    kind: config.databaseKind,
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.limits.dbPoolSize,
    limits: config.limits,
  });
  // Issue 52: a seal that cannot be opened stops the start, saying why.
  if (config.teifSeal) {
    try {
      const seal = await openConfiguredSeal(config.teifSeal);
      logger.info({ subject: seal.subject }, 'TEIF e-invoices are signed with the seal of TEIF_SEAL_P12');
    } catch (err) {
      console.error(`Cannot start: ${(err as Error).message}`);
      process.exit(1);
    }
  }
  await bootstrap({ database, config, clock: systemClock, logger });
  const mailer = createMailer(config, logger);
  if (config.env === 'production' && !(config.shop.legalName && config.shop.address && config.shop.taxId)) {
    logger.warn('SHOP_LEGAL_NAME, SHOP_ADDRESS and SHOP_TAX_ID are not all set: invoices are refused until they are');
  }
  const redisClient = config.redisUrl ? connectRateLimitRedis(config.redisUrl, logger, config.limits) : undefined;
  // Counting works from the first request when Redis answers; if it does not within its
  // connect time-out the shop starts anyway and the limits fail open until it does.
  if (redisClient && redisClient.status !== 'ready') {
    await Promise.race([once(redisClient, 'ready'), delay(config.limits.redisConnectMs)]).catch(() => undefined);
  }
  const lifecycle: Lifecycle = { stopping: false };
  const app = createApp({
    lifecycle,
    database,
    config,
    clock: systemClock,
    logger,
    mailer,
    ...(redisClient ? { redis: { client: redisClient, keyPrefix: 'shop:' } } : {}),
  });

  // Unpaid orders whose seat hold ended expire on whichever instance claims them first.
  // The app's own catalogue hears of each expiry, so this instance answers the seats back at once.
  const expirySweeper = startExpirySweeper({ database, clock: systemClock, mailer, logger, config, events: app.events });
  // Pending online payments nobody heard of lately are asked about at the provider.
  const paymentSweeper = startPaymentSweeper(app.payments, logger);
  // Learners of paid orders are mailed REMINDER_DAYS before their session, once, by whichever instance claims it.
  const reminderSweeper = startReminderSweeper({
    database,
    clock: systemClock,
    mailer,
    logger,
    config,
    events: app.events,
  });
  // Waitlist offers (issue 34): lapsed ones pass to the next in line, unsent offer mails go out, once across instances.
  const waitlistSweeper = startWaitlistSweeper({
    database,
    clock: systemClock,
    mailer,
    logger,
    config,
    events: app.events,
  });
  // Text messages (issue 53): queued with the changes they tell about, sent once by whichever instance claims them.
  const textMessageSweeper = startTextMessageSweeper({ database, clock: systemClock, logger, config });
  // Issue 54: notices to SHOP_STAFF_EMAIL (receipts, refunds due, full sessions, the morning digest), once across instances.
  const staffNoticeSweeper = startStaffNoticeSweeper({ database, clock: systemClock, mailer, logger, config, events: app.events });
  if (config.payments.mode === 'test-gateway') {
    logger.info(
      'Online payment: the built-in test gateway (set KONNECT_API_KEY and KONNECT_WALLET_ID, or FLOUCI_APP_TOKEN and FLOUCI_APP_SECRET, to take real payments)',
    );
  } else if (config.payments.mode === 'off') {
    logger.warn('Online payment is off (neither Konnect nor Flouci credentials are set): Credit Card is not offered');
  } else {
    logger.info(`Online payment: ${config.payments.mode === 'flouci' ? 'Flouci' : 'Konnect'}`);
  }

  const server = createHttpServer(app, config.limits, lifecycle).listen(config.port, () => {
    // The port bound: PORT=0 takes one the system chooses (the tests' servers do).
    const address = `http://localhost:${(server.address() as AddressInfo).port}`;
    logger.info(`Course shop listening on ${address} (database: ${database.kind})`);
  });

  // SIGTERM (docker compose stop, a rolling restart): health answers 503 at once, no new
  // connections, requests in flight finish within SHUTDOWN_GRACE_MS; then the pool and Redis
  // close. A second signal does not cut the drain short.
  const shutdown = async (signal: string) => {
    if (lifecycle.stopping) return;
    logger.info(`${signal} received, finishing requests in flight (at most ${config.limits.shutdownGraceMs} ms)`);
    const clean = await drainHttpServer(server, { graceMs: config.limits.shutdownGraceMs, lifecycle, logger });
    await expirySweeper.stop();
    await paymentSweeper.stop();
    await reminderSweeper.stop();
    await waitlistSweeper.stop();
    await textMessageSweeper.stop();
    await staffNoticeSweeper.stop();
    // A webhook answered before its check ended (or one waiting for its gap) finishes first.
    await Promise.race([app.payments.webhookChecksSettled(), delay(config.limits.shutdownGraceMs, undefined, { ref: false })]);
    await database.close().catch((err: unknown) => logger.error({ err }, 'closing the database failed'));
    mailer.close?.();
    await redisClient?.quit().catch(() => redisClient.disconnect());
    logger.info('stopped');
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // One line a person can act on (database unreachable, port taken, …), not a stack trace.
  console.error(`Cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

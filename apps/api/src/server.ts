import { createServer } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { bootstrap } from './bootstrap.js';
import { openDatabase } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './logger.js';
import { connectRateLimitRedis } from './middleware/rate-limit.js';
import { createMailer } from './modules/mail/mailer.js';

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
  const database = await openDatabase({ kind: config.databaseKind, url: config.databaseUrl, dataDir: config.dataDir });
  await bootstrap({ database, config, clock: systemClock, logger });
  const mailer = createMailer(config, logger);
  const redisClient = config.redisUrl ? connectRateLimitRedis(config.redisUrl, logger) : undefined;
  const app = createApp({
    database,
    config,
    clock: systemClock,
    logger,
    mailer,
    ...(redisClient ? { redis: { client: redisClient, keyPrefix: 'shop:' } } : {}),
  });

  const server = createServer(app).listen(config.port, () => {
    const address = `http://localhost:${config.port}`;
    logger.info(`Course shop listening on ${address} (database: ${database.kind})`);
    logger.info(`Admin sign-in: ${config.adminEmail} / ${config.env === 'production' ? '(ADMIN_PASSWORD)' : config.adminPassword}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await database.close().catch((err: unknown) => logger.error({ err }, 'closing the database failed'));
      mailer.close?.();
      await redisClient?.quit().catch((err: unknown) => logger.error({ err }, 'closing Redis failed'));
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // One line a person can act on (database unreachable, port taken, …), not a stack trace.
  console.error(`Cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

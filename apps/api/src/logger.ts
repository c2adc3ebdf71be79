import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

/** JSON logs in production; readable lines in development. Secrets are redacted. */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): Logger {
  return pino({
    level: config.env === 'test' ? 'silent' : config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        '*.apiKey',
        '*.password',
        '*.newPassword',
        '*.passwordHash',
        '*.token',
      ],
      censor: '[redacted]',
    },
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  });
}

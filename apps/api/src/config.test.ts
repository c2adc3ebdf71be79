import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createTestContext, type TestContext } from './test/context.js';

const POSTGRES_URL = 'postgres://shop:secret@db:5432/shop';
const SECRET = 'a-production-secret-of-enough-length';

/** A scratch DATA_DIR, so nothing is written into the repository. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function loadError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('APP_URL', () => {
  it('defaults to the port the shop listens on, so e-mail links follow a changed PORT', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '5123' }).appUrl).toBe('http://localhost:5123');
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '5123', APP_URL: '' }).appUrl).toBe('http://localhost:5123');
    expect(loadConfig({ DATA_DIR: dataDir }).appUrl).toBe('http://localhost:5000');
  });

  it('keeps a configured address, without its trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '5123', APP_URL: 'https://shop.example.tn/' }).appUrl).toBe(
      'https://shop.example.tn',
    );
  });
});

describe('loadConfig in production', () => {
  it('refuses to start without JWT_SECRET', () => {
    const err = loadError({ NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL });
    expect(err.message).toBe('JWT_SECRET is required when NODE_ENV=production (a long random string).');
  });

  it('refuses to start without DATABASE_URL', () => {
    const err = loadError({ NODE_ENV: 'production', JWT_SECRET: SECRET });
    expect(err.message).toBe('DATABASE_URL is required when NODE_ENV=production (a postgres:// URL).');
  });

  it('refuses a throw-away in-memory database', () => {
    const err = loadError({ NODE_ENV: 'production', DATABASE_URL: 'memory://', JWT_SECRET: SECRET });
    expect(err.message).toBe('DATABASE_URL must be a postgres:// URL when NODE_ENV=production.');
  });

  it('refuses an empty JWT_SECRET as missing', () => {
    const err = loadError({ NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL, JWT_SECRET: '' });
    expect(err.message).toMatch(/^JWT_SECRET is required/);
  });

  it('refuses a JWT_SECRET shorter than 16 characters', () => {
    const err = loadError({ NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL, JWT_SECRET: 'short-secret' });
    expect(err.message).toBe('JWT_SECRET must be at least 16 characters long.');
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    const err = loadError({ NODE_ENV: 'production', DATABASE_URL: 'mysql://db/shop', JWT_SECRET: SECRET });
    expect(err.message).toMatch(/^DATABASE_URL must be unset, memory:\/\/ or a postgres:\/\/ URL/);
    expect(err.message).not.toContain('db/shop');
  });

  it('names the variable of an invalid value', () => {
    const err = loadError({ NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL, JWT_SECRET: SECRET, PORT: 'eighty' });
    expect(err.message).toMatch(/^Invalid configuration: PORT: /);
  });

  it('refuses an SMTP_URL that is not an smtp:// or smtps:// address, without printing it', () => {
    for (const SMTP_URL of ['mail.example.org:587', 'http://user:hunter22@mail.example.org', 'smtp://user:hunter22@[bad']) {
      const err = loadError({ NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL, JWT_SECRET: SECRET, SMTP_URL });
      expect(err.message).toMatch(/^Invalid configuration: SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ address/);
      expect(err.message).not.toContain('hunter22');
    }
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL, JWT_SECRET: SECRET, SMTP_URL: 'smtps://u:p@mail.example.org:465' });
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example.org:465');
  });

  it('uses the configured secret and loads no demo catalogue unless asked', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL, JWT_SECRET: SECRET });
    expect(config.env).toBe('production');
    expect(config.databaseKind).toBe('postgres');
    expect(config.jwtSecret).toBe(SECRET);
    expect(config.seedDemo).toBe(false);
  });

  it('loads the demo catalogue in production when SEED_DEMO=true', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL, JWT_SECRET: SECRET, SEED_DEMO: 'true' });
    expect(config.seedDemo).toBe(true);
  });
});

describe('SEED_DEMO default outside production', () => {
  it('is on with the embedded database in development', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(config.databaseKind).toBe('embedded');
    expect(config.seedDemo).toBe(true);
  });

  it('is off against a PostgreSQL server in development', () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES_URL, JWT_SECRET: SECRET }).seedDemo).toBe(false);
  });

  it('follows an explicit SEED_DEMO=false on the embedded database', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('seat holds and the shop identity', () => {
  it('holds seats 4320 minutes by default and names a bad SEAT_HOLD_MINUTES', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).seatHoldMinutes).toBe(4320);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, SEAT_HOLD_MINUTES: '30' }).seatHoldMinutes).toBe(30);
    expect(loadError({ JWT_SECRET: SECRET, SEAT_HOLD_MINUTES: '0' }).message).toMatch(
      /^Invalid configuration: SEAT_HOLD_MINUTES: /,
    );
  });

  it('uses demo values outside production and never in production', () => {
    const demo = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).shop;
    expect(demo.legalName).toContain('(demo)');
    expect(demo.address).not.toBe('');
    const production = loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL, JWT_SECRET: SECRET });
    expect(production.shop).toEqual({ legalName: '', address: '', taxId: '', hours: '', hoursFr: '', hoursAr: '', trainingAuthorisation: '' });
    const configured = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: POSTGRES_URL,
      JWT_SECRET: SECRET,
      SHOP_LEGAL_NAME: 'Ennour SARL',
      SHOP_ADDRESS: '7 Rue de Marseille, Tunis',
      SHOP_TAX_ID: '1234567/A/A/M/000',
    });
    expect(configured.shop).toEqual({
      legalName: 'Ennour SARL',
      address: '7 Rue de Marseille, Tunis',
      taxId: '1234567/A/A/M/000',
      hours: '',
      hoursFr: '',
      hoursAr: '',
      trainingAuthorisation: '',
    });
  });
});

describe('server start-up with a bad configuration', () => {
  const apiDir = path.resolve(import.meta.dirname, '..');
  const tsx = path.join(apiDir, 'node_modules/.bin/tsx');
  const server = path.join(apiDir, 'src/server.ts');

  it('prints one line naming the missing variable and exits with 1', () => {
    // An empty working directory: no .env file is picked up.
    const result = spawnSync(tsx, [server], {
      cwd: dataDir,
      env: { PATH: process.env['PATH'], NODE_ENV: 'production', DATABASE_URL: POSTGRES_URL },
      encoding: 'utf8',
      // Compiling the server with tsx takes seconds; on a busy machine many more.
      timeout: 90_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Cannot start: JWT_SECRET is required when NODE_ENV=production (a long random string).\n',
    );
  }, 100_000);
});

describe('Content-Security-Policy upgrade-insecure-requests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const policyAt = async (appUrl: string): Promise<string> => {
    const app = createApp({ ...ctx.deps, config: { ...ctx.config, appUrl } });
    const res = await request(app).get('/api/health');
    return String(res.headers['content-security-policy']);
  };

  it('is sent when the shop is served over https', async () => {
    expect(await policyAt('https://shop.example.org')).toContain('upgrade-insecure-requests');
  });

  it('is left out on a plain-http address, where browsers could not load the upgraded assets', async () => {
    expect(await policyAt('http://192.168.1.20:5000')).not.toContain('upgrade-insecure-requests');
  });
});

describe('online payment settings (issue 17)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, DATABASE_URL: POSTGRES_URL } as const;

  it('uses Konnect’s production API v2 when its credentials are set, a given address otherwise', () => {
    const live = loadConfig({ ...production, DATA_DIR: dataDir, KONNECT_API_KEY: 'key', KONNECT_WALLET_ID: 'wallet' });
    expect(live.payments).toEqual({
      mode: 'konnect',
      apiUrl: 'https://api.konnect.network/api/v2',
      apiKey: 'key',
      walletId: 'wallet',
      lifespanMinutes: 30,
    });
    const sandbox = loadConfig({
      ...production,
      DATA_DIR: dataDir,
      KONNECT_API_KEY: 'key',
      KONNECT_WALLET_ID: 'wallet',
      KONNECT_API_URL: 'https://api.preprod.konnect.network/api/v2/',
      PAYMENT_LIFESPAN_MINUTES: '15',
    });
    expect(sandbox.payments).toMatchObject({ apiUrl: 'https://api.preprod.konnect.network/api/v2', lifespanMinutes: 15 });
    // .env.example leaves it empty: the production API.
    const empty = loadConfig({ ...production, DATA_DIR: dataDir, KONNECT_API_KEY: 'k', KONNECT_WALLET_ID: 'w', KONNECT_API_URL: '' });
    expect(empty.payments).toMatchObject({ apiUrl: 'https://api.konnect.network/api/v2' });
    expect(loadError({ ...production, KONNECT_API_KEY: 'k', KONNECT_WALLET_ID: 'w', KONNECT_API_URL: 'not a url' }).message).toMatch(
      /KONNECT_API_URL/,
    );
  });

  it('falls back to the built-in test gateway outside production, and to no online payment in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'memory://' }).payments.mode).toBe('test-gateway');
    expect(loadConfig({ ...production, DATA_DIR: dataDir }).payments).toEqual({ mode: 'off' });
  });

  it('refuses one Konnect credential without the other', () => {
    expect(loadError({ ...production, KONNECT_API_KEY: 'key' }).message).toBe(
      'KONNECT_API_KEY and KONNECT_WALLET_ID go together: set both, or neither.',
    );
  });
});

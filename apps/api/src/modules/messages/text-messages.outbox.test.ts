import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../../test/logs.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createUser } from '../../test/factories.js';
import { queueTextMessages, sweepTextMessages } from './text-messages.service.js';
import { textSenders } from './text-providers.js';

let ctx: TestContext;
let dataDir: string;
const logs = capturingLogger();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'shop-texts-'));
  ctx = await createTestContext({ DATA_DIR: dataDir }, { logger: logs.logger });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('text messages without a provider (issue 53)', () => {
  it('writes each SMS to DATA_DIR/outbox/*.sms.txt and each WhatsApp message to *.whatsapp.json, and logs the text', async () => {
    const { user } = await createUser(ctx.database.db, ctx.config, { phone: '+21698765432', notifySms: true, notifyWhatsapp: true });
    const orderId = crypto.randomUUID();
    await queueTextMessages(
      ctx.database.db,
      ctx.config,
      user.id,
      `payment_received:${orderId}`,
      { template: 'payment_received', course: 'Cuisine', amount: 120, link: { kind: 'order', id: orderId } },
      ctx.clock.now(),
    );
    const outcome = await sweepTextMessages({ database: ctx.database, clock: ctx.clock, logger: logs.logger }, textSenders(ctx.config, logs.logger));
    expect(outcome).toMatchObject({ sent: 2 });
    const files = await readdir(path.join(dataDir, 'outbox'));
    const smsFile = files.find((f) => f.endsWith('.sms.txt'));
    const waFile = files.find((f) => f.endsWith('.whatsapp.json'));
    expect(await readFile(path.join(dataDir, 'outbox', smsFile ?? ''), 'utf8')).toBe(
      `To: +21698765432\n\nPayment of 120.00 TND received: Cuisine http://shop.test/order/${orderId}\n`,
    );
    const request = JSON.parse(await readFile(path.join(dataDir, 'outbox', waFile ?? ''), 'utf8')) as Record<string, unknown>;
    expect(request).toMatchObject({ messaging_product: 'whatsapp', to: '21698765432', type: 'template', template: { name: 'payment_received', language: { code: 'en' } } });
    expect(logs.lines.some((e) => e['msg'] === 'text message written to the outbox' && String(e['text']).includes('Payment of 120.00 TND'))).toBe(true);
  });
});

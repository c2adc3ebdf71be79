import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../deps.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { readZip } from '../../test/zip.js';
import { exportInvoices } from './invoice-export.service.js';

let ctx: TestContext;
let service: ServiceContext;
const COUNT = 60;
const paidAt = Date.parse('2026-05-15T09:00:00Z');

/** An invoice as issued: a company, two rates, the stamp duty. */
const snapshot = (n: number) => ({
  version: 1,
  number: `2026-${String(n).padStart(5, '0')}`,
  issuedAt: new Date(paidAt + n * 1000).toISOString(),
  orderId: '00000000-0000-0000-0000-000000000000',
  language: (['fr', 'ar', 'en'] as const)[n % 3],
  paymentMethod: 'Transfer',
  seller: { legalName: 'Centre de Formation Ennour SARL', address: '7 Rue de Marseille, 1000 Tunis', taxId: '1234567/A/B/M/000' },
  buyer: { name: 'Amira Ben Salah', email: 'amira@example.com', address: '5 Avenue Habib Bourguiba', city: 'Sfax', postalCode: '3000', country: 'Tunisie' },
  company: { kind: 'company', name: `Société Cliente ${n} SARL`, taxId: '7654321BAM000' },
  lines: [
    { name: 'Pâtisserie niveau 1', qty: 2, price: 150, amount: 300, taxRate: 19 },
    { name: 'تصميم الجرافيك', qty: 1, price: 80.5, amount: 80.5, taxRate: 7 },
  ],
  itemsPrice: 380.5,
  discountPrice: 0,
  couponCode: null,
  shippingPrice: 0,
  taxPrice: 62.64,
  totalPrice: 444.14,
  taxPercent: 19,
  taxLines: [
    { rate: 7, base: 80.5, amount: 5.64 },
    { rate: 19, base: 300, amount: 57 },
  ],
  stampDuty: 1,
});

beforeAll(async () => {
  ctx = await createTestContext();
  service = { ...ctx.deps, events: ctx.app.events };
  const rows = Array.from({ length: COUNT }, (_, i) => snapshot(i + 1));
  await ctx.database.db.execute(sql`
    insert into orders (user_name, user_email, address, city, postal_code, country, payment_method,
      items_price, shipping_price, tax_price, total_price, is_paid, paid_at, status, invoice_number, invoice, invoice_to)
    select 'Amira Ben Salah', 'amira@example.com', '5 Avenue Habib Bourguiba', 'Sfax', '3000', 'Tunisie', 'Transfer',
      380.5, 0, 62.64, 444.14, true, (s->>'issuedAt')::timestamptz, 'paid', s->>'number', s, s->'company'
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) s`);
});
afterAll(() => ctx.close());

/** A client that reads nothing until `release()`: what a slow connection looks like to the export. */
function stalledSink() {
  const chunks: Buffer[] = [];
  let held: (() => void) | null = null;
  let released = false;
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      if (released) done();
      else held = () => done();
    },
  });
  return {
    sink,
    chunks,
    release() {
      released = true;
      held?.();
    },
  };
}

/** Resolves once `read()` has not changed for `quiet` ms (or after `max` ms). */
async function settles(read: () => number, quiet = 600, max = 20_000): Promise<number> {
  const start = Date.now();
  let last = read();
  let since = Date.now();
  while (Date.now() - start < max) {
    await new Promise((r) => setTimeout(r, 50));
    const now = read();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quiet) break;
  }
  return last;
}

describe('the accountant’s export streams (issue 52)', () => {
  it('sends the ZIP as documents are drawn, and draws no further while the client reads nothing', async () => {
    const { sink, chunks, release } = stalledSink();
    const entries: string[] = [];
    let spool = '';
    let done = false;
    const exported = exportInvoices(service, { from: '2026-05-01', to: '2026-05-31' }, sink, {
      onEntry: (name) => entries.push(name),
      onSpool: (dir) => (spool = dir),
    }).then(() => (done = true));

    const drawn = await settles(() => entries.length);
    // The ZIP's first bytes (the first entry's header, with its name) reached the client…
    expect(chunks.length).toBeGreaterThan(0);
    expect(Buffer.concat(chunks).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(Buffer.concat(chunks).toString('latin1')).toContain('invoices/invoice-2026-00001.pdf');
    // …while most documents were not drawn yet: the export waits for the client (a few
    // documents fill the streams' buffers), instead of drawing the whole period in memory.
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(12);
    expect(done).toBe(false);

    // index.csv's rows wait in a temporary file meanwhile (decision 0497)…
    expect(existsSync(spool)).toBe(true);
    release();
    await exported;
    // …which is gone once the export ends.
    expect(existsSync(spool)).toBe(false);
    const files = await readZip(Buffer.concat(chunks));
    expect(entries).toHaveLength(2 * COUNT + 1);
    expect([...files.keys()].filter((n) => n.endsWith('.pdf'))).toHaveLength(COUNT);
    expect([...files.keys()].filter((n) => n.endsWith('.xml'))).toHaveLength(COUNT);
    expect(files.get('invoices/invoice-2026-00060.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.get('invoices/invoice-2026-00060.xml')!.toString('utf8')).toContain('Société Cliente 60 SARL');
    const csv = files.get('index.csv')!.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(csv[0]).toBe('number,type,date,buyer,tax id,base 7%,tax 7%,base 19%,tax 19%,stamp duty,total,TTN reference');
    expect(csv).toHaveLength(COUNT + 1);
    expect(csv[1]).toBe('2026-00001,invoice,2026-05-15,Société Cliente 1 SARL,7654321BAM000,80.500,5.640,300.000,57.000,1.000,444.140,');
  });
});

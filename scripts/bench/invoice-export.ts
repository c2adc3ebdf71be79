/**
 * The accountant's export in bounded memory (issue 52, decisions 0438 and 0486): 10 000 paid
 * orders with their invoice as issued (to a company, two tax rates, the stamp duty) and a credit
 * note for one in 20 (one in 40 partial), exported as one ZIP (PDF + TEIF XML each, index.csv)
 * through `exportInvoices` into a sink that counts bytes, sampling the process's RSS every
 * 100 ms. Prints the RSS growth over the export and the time, then the same as a JSON line.
 * `pnpm bench` runs it (BENCH_INVOICES, default 10 000); alone, from scripts/:
 *
 *   node --expose-gc --import tsx bench/invoice-export.ts [count]
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { systemClock } from '../../apps/api/src/lib/clock.js';
import { createLogger } from '../../apps/api/src/logger.js';
import type { ServiceContext } from '../../apps/api/src/deps.js';
import { exportInvoices } from '../../apps/api/src/modules/invoices/invoice-export.service.js';

const count = Number(process.argv[2] ?? 10_000);
// An in-memory database (PGlite), migrated on open.
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', JWT_SECRET: 'bench-secret-that-is-long-enough', LOG_LEVEL: 'warn' });
const database = await openDatabase({ kind: config.databaseKind, url: config.databaseUrl, dataDir: config.dataDir, limits: config.limits });
const ctx = {
  database,
  config,
  clock: systemClock,
  logger: createLogger(config),
  mailer: { send: () => Promise.resolve() },
  courses: { courseChanged: () => undefined },
} as unknown as ServiceContext;
const paidAt = new Date('2026-05-15T09:00:00Z');
const snapshot = (n: number) => ({
  version: 1,
  number: `2026-${String(n).padStart(5, '0')}`,
  issuedAt: new Date(paidAt.getTime() + n * 1000).toISOString(),
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

const started = Date.now();
for (let from = 1; from <= count; from += 1000) {
  const rows = Array.from({ length: Math.min(1000, count - from + 1) }, (_, i) => snapshot(from + i));
  await ctx.database.db.execute(sql`
    insert into orders (user_name, user_email, address, city, postal_code, country, payment_method,
      items_price, shipping_price, tax_price, total_price, is_paid, paid_at, status, invoice_number, invoice, invoice_to)
    select 'Amira Ben Salah', 'amira@example.com', '5 Avenue Habib Bourguiba', 'Sfax', '3000', 'Tunisie', 'Transfer',
      380.5, 0, 62.64, 444.14, true, (s->>'issuedAt')::timestamptz, 'paid', s->>'number', s, s->'company'
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) s`);
}
// One order in 20 refunded, one in 40 in part (what a credit note of its own credits): a credit note each.
await ctx.database.db.execute(sql`
  insert into order_refunds (order_id, reason, status, amount, provider, reference, due_at, done_at, credit_note_number)
  select o.id, 'cancelled', 'done', case when n % 40 = 0 then 200.5 else 444.14 end, 'Transfer', null,
    o.paid_at + interval '1 day', o.paid_at + interval '1 day', 'AV-2026-' || lpad(n::text, 5, '0')
  from (select id, paid_at, row_number() over (order by paid_at) as n from orders) o
  where n % 20 = 0`);
const notes = Math.floor(count / 20);
console.log(`seeded ${count} invoices and ${notes} credit notes in ${((Date.now() - started) / 1000).toFixed(1)} s`);

global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
let bytes = 0;
/** A client reading at its own pace (a turn of the event loop per chunk), keeping nothing. */
const sink = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk: Buffer, _enc, done) {
    bytes += chunk.length;
    setImmediate(done);
  },
});
let entries = 0;
const t0 = Date.now();
await exportInvoices(ctx, { from: '2026-05-01', to: '2026-06-30' }, sink, {
  onEntry: () => {
    entries += 1;
    if (entries % 2000 === 0) {
      const m = process.memoryUsage();
      const mb = (n: number) => (n / 1e6).toFixed(0);
      console.error(`  ${entries} files: RSS ${mb(m.rss)} MB, heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, array buffers ${mb(m.arrayBuffers)} MB`);
    }
  },
});
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
const seconds = (Date.now() - t0) / 1000;
const result = {
  invoices: count,
  creditNotes: notes,
  documents: entries,
  zipMB: +(bytes / 1e6).toFixed(1),
  seconds: +seconds.toFixed(1),
  rssBeforeMB: Math.round(before / 1e6),
  rssPeakMB: Math.round(peak / 1e6),
  growthMB: Math.round((peak - before) / 1e6),
};
console.log(
  `exported ${count} invoices and ${notes} credit notes (${entries} entries, ${result.zipMB} MB ZIP) in ${result.seconds} s; ` +
    `RSS before ${result.rssBeforeMB} MB, peak ${result.rssPeakMB} MB, growth ${result.growthMB} MB`,
);
// The last line, for pnpm bench (run.ts) to read.
console.log(JSON.stringify(result));
await database.close?.();
process.exit(peak - before < 100e6 ? 0 : 1);

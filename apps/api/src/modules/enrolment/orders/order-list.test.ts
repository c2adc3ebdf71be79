import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { adminOrderAction, placeTestOrder } from '../../../test/orders.js';

let ctx: TestContext;
let admin: UserFixture;
let customer: UserFixture;
let amira: UserFixture;
let samir: UserFixture;
/** Placed on 1, 2, 3 and 4 March 2026 (noon Tunis time), in that order. */
let cardPaid: Order;
let inPlacePending: Order;
let learned: Order;
let cancelled: Order;

const at = (day: string) => new Date(`${day}T11:00:00Z`);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
  customer = await createUser(ctx.database.db, ctx.config);
  amira = await createUser(ctx.database.db, ctx.config, {
    name: 'أميرة بن علي',
    email: 'amira@example.tn',
  });
  samir = await createUser(ctx.database.db, ctx.config, {
    name: 'Samir Trabelsi',
    email: 'samir@example.tn',
  });
  const french = await createCourse(ctx.database.db, {
    name: 'Français débutant',
    price: 33.5,
    availability: 50,
  });
  const scratch = await createCourse(ctx.database.db, {
    name: '=Scratch for kids',
    price: 40,
    availability: 50,
  });
  cardPaid = await placeTestOrder(
    ctx,
    amira,
    [
      { course: french.id, qty: 2 },
      { course: scratch.id, qty: 1 },
    ],
    { createdAt: at('2026-03-01') },
  );
  inPlacePending = await placeTestOrder(ctx, samir, [{ course: french.id, qty: 1 }], {
    paymentMethod: 'In Place',
    createdAt: at('2026-03-02'),
  });
  learned = await placeTestOrder(ctx, samir, [{ course: scratch.id, qty: 3 }], {
    createdAt: at('2026-03-03'),
  });
  cancelled = await placeTestOrder(ctx, amira, [{ course: scratch.id, qty: 1 }], {
    paymentMethod: 'In Place',
    createdAt: at('2026-03-04'),
  });
  await adminOrderAction(ctx, admin, cardPaid._id, 'pay');
  await adminOrderAction(ctx, admin, learned._id, 'pay');
  await adminOrderAction(ctx, admin, learned._id, 'learn');
  await adminOrderAction(ctx, admin, cancelled._id, 'cancel');
});
afterAll(() => ctx.close());

const list = (query: string, token = admin.token) =>
  request(ctx.app).get(`/api/orders${query}`).set('Authorization', `Bearer ${token}`);
const idsOf = (res: request.Response) => (res.body as Order[]).map((o) => o._id);

describe('GET /api/orders filters (admin)', () => {
  it('lists newest first with the payment method, and the total of matches', async () => {
    const res = await list('').expect(200);
    expect(idsOf(res)).toEqual([cancelled._id, learned._id, inPlacePending._id, cardPaid._id]);
    expect(res.headers['x-total-count']).toBe('4');
    expect((res.body as Order[]).map((o) => o.paymentMethod)).toEqual([
      'In Place',
      'Card',
      'In Place',
      'Card',
    ]);
  });

  it('finds a customer by any part of the name or e-mail, Arabic included', async () => {
    expect(idsOf(await list(`?q=${encodeURIComponent('بن علي')}`).expect(200))).toEqual([
      cancelled._id,
      cardPaid._id,
    ]);
    expect(idsOf(await list('?q=TRABELSI').expect(200))).toEqual([learned._id, inPlacePending._id]);
    expect(idsOf(await list('?q=samir%40example').expect(200))).toEqual([
      learned._id,
      inPlacePending._id,
    ]);
  });

  it('pages a customer search with the total of matches, also past the last page', async () => {
    // `q` reads the matches once: page and total from one statement, the orders by id.
    const first = await list('?q=example.tn&limit=3').expect(200);
    expect(idsOf(first)).toEqual([cancelled._id, learned._id, inPlacePending._id]);
    expect(first.headers['x-total-count']).toBe('4');
    const second = await list('?q=example.tn&limit=3&page=2&sort=total_asc').expect(200);
    expect(second.headers['x-total-count']).toBe('4');
    expect(idsOf(second)).toHaveLength(1);
    const lines = (first.body as Order[]).map((o) => o.orderItems.length);
    expect(lines).toEqual([1, 1, 1]);
    const past = await list('?q=example.tn&limit=3&page=3').expect(200);
    expect(idsOf(past)).toEqual([]);
    expect(past.headers['x-total-count']).toBe('4');
    const none = await list('?q=nobody-here').expect(200);
    expect(idsOf(none)).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('finds an order by the start of its id', async () => {
    const res = await list(`?q=${learned._id.slice(0, 13)}`).expect(200);
    expect(idsOf(res)).toContain(learned._id);
    expect(idsOf(await list(`?q=${learned._id}`).expect(200))).toEqual([learned._id]);
  });

  it('filters by paid, learned, status and payment method, together', async () => {
    // The cancelled order was never paid.
    expect(idsOf(await list('?paid=false').expect(200))).toEqual([
      cancelled._id,
      inPlacePending._id,
    ]);
    expect(idsOf(await list('?paid=true&learned=false').expect(200))).toEqual([cardPaid._id]);
    expect(idsOf(await list('?learned=true').expect(200))).toEqual([learned._id]);
    expect(idsOf(await list('?status=cancelled').expect(200))).toEqual([cancelled._id]);
    expect(idsOf(await list('?paymentMethod=In%20Place&status=pending').expect(200))).toEqual([
      inPlacePending._id,
    ]);
  });

  it('filters by the days the order was placed, both ends included', async () => {
    const res = await list('?from=2026-03-02&to=2026-03-03').expect(200);
    expect(idsOf(res)).toEqual([learned._id, inPlacePending._id]);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('sorts by date or total either way and pages', async () => {
    expect(idsOf(await list('?sort=date_asc').expect(200))).toEqual([
      cardPaid._id,
      inPlacePending._id,
      learned._id,
      cancelled._id,
    ]);
    const byTotal = (await list('?sort=total_desc').expect(200)).body as Order[];
    expect(byTotal.map((o) => o.totalPrice)).toEqual(
      [...byTotal.map((o) => o.totalPrice)].sort((a, b) => b - a),
    );
    const second = await list('?sort=date_asc&page=2&limit=3').expect(200);
    expect(idsOf(second)).toEqual([cancelled._id]);
    expect(second.headers['x-total-count']).toBe('4');
  });

  it.each([
    ['?status=lost', 'status must be one of pending, paid, learned, cancelled, expired'],
    ['?paid=yes', 'paid must be true or false'],
    ['?from=2026-02-30', 'from must be a real date'],
    ['?from=2026-03-05&to=2026-03-01', 'from must not be after to'],
    ['?sort=name', 'sort must be one of date_desc, date_asc, total_desc, total_asc'],
  ])('refuses %s with a 400 naming the problem', async (query, message) => {
    const res = await list(query).expect(400);
    expect(
      (res.body as { details: { message: string }[] }).details.map((d) => d.message),
    ).toContain(message);
  });
});

describe('GET /api/orders/export.csv', () => {
  const exportCsv = (query: string, token = admin.token) =>
    request(ctx.app)
      .get(`/api/orders/export.csv${query}`)
      .set('Authorization', `Bearer ${token}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('is for admins only', async () => {
    await request(ctx.app).get('/api/orders/export.csv').expect(401);
    await exportCsv('', customer.token).expect(403);
  });

  it('answers UTF-8 CSV with a BOM, one row per order line, amounts with two decimals', async () => {
    const res = await exportCsv('').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    // 2 + 1 + 1 + 1 lines, newest order first.
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r['Order'])).toEqual([
      cancelled._id,
      learned._id,
      inPlacePending._id,
      cardPaid._id,
      cardPaid._id,
    ]);
    const [french, scratch] = rows.slice(3);
    expect(french).toMatchObject({
      Customer: 'أميرة بن علي',
      'E-mail': 'amira@example.tn',
      Status: 'paid',
      'Payment method': 'Card',
      Course: 'Français débutant',
      Seats: '2',
      'Unit price': '33.50',
      'Line total': '67.00',
      Items: '107.00',
      Shipping: '0.00',
      Tax: '16.05',
      'Order total': '123.05',
    });
    expect(french?.['Invoice']).toMatch(/^\d{4}-\d{5}$/);
    // A cell a spreadsheet would run as a formula stays text.
    expect(scratch?.['Course']).toBe("'=Scratch for kids");
  });

  it('applies the list filters', async () => {
    const res = await exportCsv('?status=pending&paymentMethod=In%20Place').expect(200);
    const rows = parse(res.body as Buffer, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((r) => r['Order'])).toEqual([inPlacePending._id]);
  });

  it('answers only the header row when nothing matches', async () => {
    const res = await exportCsv('?q=nobody-here').expect(200);
    const rows = parse(res.body as Buffer, { bom: true }) as string[][];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('Order');
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSchema, PAGE_LIMIT_DEFAULT } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createCourse } from '../../test/factories.js';

let ctx: TestContext;
const names = (body: { name: string }[]) => body.map((c) => c.name);
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  // A small catalogue with known prices, dates and ratings.
  await createCourse(db, {
    name: 'Business English',
    price: 280,
    category: ['English'],
    createdAt: day(1),
    rating: 4.5,
  });
  await createCourse(db, {
    name: 'French for Beginners',
    price: 85,
    category: ['Francais'],
    createdAt: day(2),
    rating: 3,
  });
  await createCourse(db, {
    name: 'Watercolour',
    price: 180,
    category: ['Art'],
    createdAt: day(3),
    rating: 5,
  });
  await createCourse(db, {
    name: 'JavaScript from Scratch',
    price: 350,
    category: ['Programming'],
    description: 'Functions, arrays and the DOM.',
    createdAt: day(4),
    rating: 4,
  });
  await createCourse(db, {
    name: 'Cabin Crew Foundation',
    price: 850,
    category: ['Cabin Crew'],
    createdAt: day(5),
    rating: 2,
  });
  await createCourse(db, {
    name: 'Public Speaking',
    price: 100,
    category: ['Soft skills'],
    createdAt: day(6),
    rating: 1,
  });
  await createCourse(db, {
    name: 'Barista Craft',
    price: 30,
    category: ['other'],
    createdAt: day(7),
    rating: 0,
  });
  await createCourse(db, {
    name: 'Scratch Games for Kids',
    price: 80,
    category: ['Programming Kids'],
    createdAt: day(8),
  });
  await createCourse(db, {
    name: 'English Storytime',
    price: 65,
    category: ['Language Kids', 'English'],
    createdAt: day(9),
    description: 'Songs for young learners.',
  });
  await createCourse(db, {
    name: 'Discount 100% off_today',
    price: 900,
    category: ['other'],
    createdAt: day(10),
  });
});
afterAll(() => ctx.close());

const list = (query: Record<string, string>) => request(ctx.app).get('/api/courses').query(query);

describe('GET /api/courses', () => {
  it('answers an array of courses in the contract shape, newest first, with X-Total-Count', async () => {
    // From the shop's own origin (APP_URL), as the browser sends it cross-origin.
    const res = await list({}).set('Origin', 'http://shop.test');
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('10');
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
    expect(res.body).toHaveLength(10);
    expect(res.body[0].name).toBe('Discount 100% off_today');
    for (const course of res.body) expect(courseSchema.strict().parse(course)).toEqual(course);
    expect(typeof res.body[0].price).toBe('number');
    expect(res.body[0].createdAt).toBe(day(10).toISOString());
  });

  it('finds a keyword in the name, the description or a category, ignoring case', async () => {
    expect(names((await list({ keyword: 'ENGLISH' })).body).sort()).toEqual([
      'Business English',
      'English Storytime',
    ]);
    expect(names((await list({ keyword: 'dom' })).body)).toEqual(['JavaScript from Scratch']);
    expect(names((await list({ keyword: 'cabin crew' })).body)).toEqual(['Cabin Crew Foundation']);
    expect(names((await list({ keyword: 'kids' })).body).sort()).toEqual([
      'English Storytime',
      'Scratch Games for Kids',
    ]);
    const none = await list({ keyword: 'astrophysics' });
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('matches every word of a keyword, in any order', async () => {
    expect(names((await list({ keyword: 'kids scratch' })).body)).toEqual([
      'Scratch Games for Kids',
    ]);
    expect(names((await list({ keyword: '  scratch  ' })).body).sort()).toEqual([
      'JavaScript from Scratch',
      'Scratch Games for Kids',
    ]);
  });

  it('treats LIKE wildcards in a keyword literally', async () => {
    expect(names((await list({ keyword: '100%' })).body)).toEqual(['Discount 100% off_today']);
    expect(names((await list({ keyword: 'f_t' })).body)).toEqual(['Discount 100% off_today']);
    expect((await list({ keyword: '%' })).body.map((c: { name: string }) => c.name)).toEqual([
      'Discount 100% off_today',
    ]);
    expect((await list({ keyword: '_' })).body).toHaveLength(1);
    expect((await list({ keyword: '\\' })).body).toHaveLength(0);
  });

  it('ignores a blank keyword', async () => {
    expect((await list({ keyword: '   ' })).headers['x-total-count']).toBe('10');
  });

  it('filters by category through Cg or filter, with the aliases of the table', async () => {
    expect(names((await list({ Cg: 'Programming' })).body)).toEqual(['JavaScript from Scratch']);
    expect(names((await list({ Cg: 'ART' })).body)).toEqual(['Watercolour']);
    expect(names((await list({ Cg: 'CREW' })).body)).toEqual(['Cabin Crew Foundation']);
    expect(names((await list({ filter: 'Softskills' })).body)).toEqual(['Public Speaking']);
    expect(names((await list({ filter: 'LanguageKids' })).body)).toEqual(['English Storytime']);
    expect(names((await list({ Cg: 'programmingkids' })).body)).toEqual(['Scratch Games for Kids']);
    expect(names((await list({ Cg: 'English' })).body)).toEqual([
      'English Storytime',
      'Business English',
    ]);
  });

  it('takes the Language group as any of English and Francais, ignoring case and spaces', async () => {
    const expected = ['English Storytime', 'French for Beginners', 'Business English'];
    for (const Cg of ['Language', 'language', ' LANGUAGE ']) {
      const res = await list({ Cg });
      expect(res.status, Cg).toBe(200);
      expect(names(res.body), Cg).toEqual(expected);
      expect(res.headers['x-total-count'], Cg).toBe('3');
    }
    const asFilter = await list({ filter: 'language', sort: 'price_asc' });
    expect(names(asFilter.body)).toEqual([
      'English Storytime',
      'French for Beginners',
      'Business English',
    ]);
    expect(asFilter.headers['x-total-count']).toBe('3');
    // Paging keeps the group's total.
    const firstPage = await list({ Cg: 'Language', limit: '2' });
    expect(names(firstPage.body)).toEqual(expected.slice(0, 2));
    expect(firstPage.headers['x-total-count']).toBe('3');
  });

  it('combines a group with a category: the course must be in the group and the category', async () => {
    const res = await list({ Cg: 'Language', filter: 'LanguageKids' });
    expect(names(res.body)).toEqual(['English Storytime']);
    expect(res.headers['x-total-count']).toBe('1');
    const none = await list({ Cg: 'Art', filter: 'Language' });
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('combines Cg and filter: a course must be in both', async () => {
    expect(names((await list({ Cg: 'English', filter: 'LanguageKids' })).body)).toEqual([
      'English Storytime',
    ]);
    expect((await list({ Cg: 'Art', filter: 'English' })).body).toEqual([]);
  });

  it('filters by an inclusive price range where 0 means no bound', async () => {
    const prices = (body: { price: number }[]) => body.map((c) => c.price).sort((a, b) => a - b);
    expect(prices((await list({ from: '85', to: '180' })).body)).toEqual([85, 100, 180]);
    expect(prices((await list({ from: '350' })).body)).toEqual([350, 850, 900]);
    expect(prices((await list({ from: '350', to: '0' })).body)).toEqual([350, 850, 900]);
    expect(prices((await list({ from: '0', to: '65' })).body)).toEqual([30, 65]);
    expect(prices((await list({ to: '30' })).body)).toEqual([30]);
    expect((await list({ from: '0', to: '0' })).headers['x-total-count']).toBe('10');
    expect(prices((await list({ from: '84.99', to: '85.01' })).body)).toEqual([85]);
  });

  it('sorts by rating, date, and price both ways', async () => {
    const byRating = (await list({ sort: 'rating' })).body as { rating: number }[];
    expect(byRating.map((c) => c.rating)).toEqual(
      [...byRating.map((c) => c.rating)].sort((a, b) => b - a),
    );
    expect(byRating[0]?.rating).toBe(5);
    expect(names((await list({ sort: 'date', limit: '2' })).body)).toEqual([
      'Discount 100% off_today',
      'English Storytime',
    ]);
    const asc = (await list({ sort: 'price_asc' })).body as { price: number }[];
    expect(asc.map((c) => c.price)).toEqual([30, 65, 80, 85, 100, 180, 280, 350, 850, 900]);
    const desc = (await list({ sort: 'price_desc' })).body as { price: number }[];
    expect(desc.map((c) => c.price)).toEqual([900, 850, 350, 280, 180, 100, 85, 80, 65, 30]);
  });

  it('combines keyword, category, price range and sort', async () => {
    const res = await list({
      keyword: 'english',
      Cg: 'English',
      from: '50',
      to: '300',
      sort: 'price_asc',
    });
    expect(names(res.body)).toEqual(['English Storytime', 'Business English']);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('answers each query with its own values where queries share a statement (one built per shape)', async () => {
    // Same shape, other values, asked one after the other and at once.
    const asked = [
      [{ Cg: 'Art' }, ['Watercolour']],
      [{ Cg: 'Francais' }, ['French for Beginners']],
      [{ keyword: 'scratch', sort: 'price_asc' }, ['Scratch Games for Kids', 'JavaScript from Scratch']],
      [{ keyword: 'barista', sort: 'price_asc' }, ['Barista Craft']],
      [{ sort: 'price_asc', limit: '2', page: '2' }, ['Scratch Games for Kids', 'French for Beginners']],
      [{ sort: 'price_asc', limit: '2', page: '4' }, ['Business English', 'JavaScript from Scratch']],
    ] as const;
    for (const [query, expected] of asked) expect(names((await list(query)).body), JSON.stringify(query)).toEqual(expected);
    const together = await Promise.all(asked.map(([query]) => list(query)));
    expect(together.map((res) => names(res.body))).toEqual(asked.map(([, expected]) => expected));
  });

  it('pages through the catalogue without overlap, the total counting every match', async () => {
    const seen: string[] = [];
    for (const page of ['1', '2', '3', '4']) {
      const res = await list({ sort: 'price_asc', limit: '3', page });
      expect(res.headers['x-total-count']).toBe('10');
      seen.push(...names(res.body));
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    const beyond = await list({ limit: '3', page: '5' });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('10');
  });

  it('pages a keyword in every sort with its total, past the last match too', async () => {
    // The page and the count of a keyword come from one statement; a page past the last
    // match has no row to carry the count, which then runs alone.
    const page = (sort: string, n: string) =>
      list({ keyword: 'english', sort, limit: '1', page: n });
    const orders: Record<string, string[]> = {
      price_asc: ['English Storytime', 'Business English'],
      price_desc: ['Business English', 'English Storytime'],
      rating: ['Business English', 'English Storytime'],
      date: ['English Storytime', 'Business English'],
    };
    for (const [sort, expected] of Object.entries(orders)) {
      const first = await page(sort, '1');
      const second = await page(sort, '2');
      expect([...names(first.body), ...names(second.body)], sort).toEqual(expected);
      expect(first.headers['x-total-count'], sort).toBe('2');
      expect(second.headers['x-total-count'], sort).toBe('2');
      for (const course of first.body) expect(courseSchema.strict().parse(course)).toEqual(course);
    }
    const beyond = await page('date', '3');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('2');
    const nothing = await list({ keyword: 'astrophysics', page: '2' });
    expect(nothing.body).toEqual([]);
    expect(nothing.headers['x-total-count']).toBe('0');
  });

  it('refuses bad parameters with 400 and a message', async () => {
    const bad: Record<string, string>[] = [
      { Cg: 'Astrology' },
      { filter: 'nope' },
      { Cg: 'Languages' },
      { from: '-5' },
      { from: 'cheap' },
      { to: '1e3' },
      { from: '300', to: '100' },
      { sort: 'name' },
      { page: '0' },
      { page: '1.5' },
      { limit: '0' },
      { limit: '101' },
      { limit: 'ten' },
      { keyword: 'x'.repeat(101) },
    ];
    for (const query of bad) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toEqual(expect.any(String));
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    const repeated = await request(ctx.app).get('/api/courses?Cg=Art&Cg=English');
    expect(repeated.status).toBe(400);
  });

  it('says each problem once, in the shop\'s words, without the raw field key', async () => {
    const reversed = await list({ from: '300', to: '100' });
    expect(reversed.body).toEqual({
      message: 'The From price must not be above the To price',
      code: 'VALIDATION',
      details: [{ path: 'from', message: 'The From price must not be above the To price' }],
    });
    const unknown = await list({ Cg: 'Astrology' });
    expect(unknown.body.message).toBe('Unknown category: Astrology');
    const shortPassword = await request(ctx.app)
      .post('/api/users')
      .send({ name: 'Amal', email: 'amal.short@example.com', password: 'short' })
      .expect(400);
    expect(shortPassword.body.message).not.toMatch(/^password:/);
    expect(shortPassword.body.details).toEqual([{ path: 'password', message: shortPassword.body.message }]);
  });
});

describe('GET /api/courses page size', () => {
  let big: TestContext;
  beforeAll(async () => {
    big = await createTestContext();
    for (let i = 0; i < 105; i++)
      await createCourse(big.database.db, { name: `Course ${String(i).padStart(3, '0')}` });
  });
  afterAll(() => big.close());

  it(`answers ${PAGE_LIMIT_DEFAULT} courses by default and between 1 and 100 on demand`, async () => {
    const get = (query: Record<string, string>) =>
      request(big.app).get('/api/courses').query(query);
    const first = await get({});
    expect(first.body).toHaveLength(PAGE_LIMIT_DEFAULT);
    expect(first.headers['x-total-count']).toBe('105');
    expect((await get({ limit: '1' })).body).toHaveLength(1);
    expect((await get({ limit: '100' })).body).toHaveLength(100);
    expect((await get({ limit: '100', page: '2' })).body).toHaveLength(5);
  });

  it('keeps pages apart when many courses share the sort value (tie-break on id)', async () => {
    const ids = new Set<string>();
    for (let page = 1; page <= 11; page++) {
      const res = await request(big.app)
        .get('/api/courses')
        .query({ sort: 'price_asc', limit: '10', page: String(page) });
      for (const course of res.body as { _id: string }[]) ids.add(course._id);
    }
    expect(ids.size).toBe(105);
  });
});

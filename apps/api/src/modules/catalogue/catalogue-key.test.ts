import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseQuerySchema } from '@shop/shared';
import type { App } from '../../app.js';
import { createApp } from '../../app.js';
import { createCourse } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { catalogueKey, normalCourseQuery } from './catalogue-key.js';
import { readCatalogueVersion } from './catalogue-version.js';
import { listCourses } from './catalogue.repository.js';

let ctx: TestContext;
/** Trusts a version read for a minute: every request below sees the same version. */
let app: App;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
  await createCourse(db, { name: 'JavaScript for Kids', price: 40, category: ['Programming Kids'], createdAt: day(1) });
  await createCourse(db, { name: 'JavaScript Deep Dive', price: 320, category: ['Programming'], createdAt: day(2) });
  await createCourse(db, { name: 'Java Basics', price: 150, category: ['Programming'], createdAt: day(3) });
  await createCourse(db, { name: 'Business English', price: 210, category: ['English'], createdAt: day(4) });
  await createCourse(db, { name: 'Français des affaires', price: 190, category: ['Francais'], createdAt: day(5) });
  await createCourse(db, { name: 'English for Kids', price: 60, category: ['Language Kids', 'English'], createdAt: day(6) });
  await createCourse(db, { name: 'Watercolour', price: 90, category: ['Art'], createdAt: day(7) });
  await createCourse(db, { name: 'Hidden Draft Java', price: 999, isDraft: true, createdAt: day(8) });
  app = createApp({ ...ctx.deps, catalogueMaxAgeMs: 60_000 });
});
afterAll(() => ctx.close());

/** Spellings of one question each; the first of each group is the plain one. */
const SAME_QUESTION: string[][] = [
  [
    'keyword=javascript',
    'keyword=JavaScript',
    'keyword=%20%20JAVASCRIPT%20',
    'keyword=javascript&sort=date&page=1&limit=24',
    'limit=24&keyword=javaScript&page=1',
    'keyword=javascript&utm_source=newsletter&x=1',
    'keyword=javascript&from=0&to=0',
    // The dearest listed course costs 320 (the draft at 999 is not listed), the cheapest 40.
    'keyword=javascript&to=320',
    'keyword=javascript&to=5000&from=40',
    'keyword=java%20javascript',
    'keyword=JavaScript%20javascript%09java',
  ],
  ['keyword=for%20kids', 'keyword=KIDS%20for', 'keyword=kids++FOR&sort=date'],
  ['Cg=Language&filter=Language%20Kids', 'Cg=languagekids&filter=language', 'filter=LANGUAGE&Cg=Language%20Kids&Cg2=x'],
  ['Cg=English', 'Cg=english&filter=Language', 'filter=English&Cg=ENGLISH'],
  ['Cg=Language&sort=price_asc&from=50&to=250', 'filter=Language&to=250.00&from=50.0&sort=price_asc&page=1'],
];

/** Spellings that ask something else than the plain one of SAME_QUESTION[0]. */
const OTHER_QUESTIONS = [
  'keyword=java',
  'keyword=javascript&to=319.99',
  'keyword=javascript&from=40.01',
  'keyword=javascript&sort=price_asc',
  'keyword=javascript&limit=1',
  'keyword=javascript&page=2',
  'keyword=javascript%20kids',
  'keyword=javascript&Cg=Programming',
];

const parse = (search: string) => courseQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));

describe('normalCourseQuery', () => {
  it('asks the database the same question as every spelling it stands for (same rows, same total)', async () => {
    const db = ctx.database.db;
    const version = await readCatalogueVersion(db);
    expect(version.prices).toEqual({ min: 40, max: 320 });
    for (const spellings of [...SAME_QUESTION, ...OTHER_QUESTIONS.map((q) => [q])])
      for (const search of spellings) {
        const raw = parse(search);
        // The repository on the raw query (no normalisation) and on its normal form agree.
        const [asked, normal] = await Promise.all([listCourses(db, raw), listCourses(db, normalCourseQuery(raw, version))]);
        expect(normal.courses, search).toEqual(asked.courses);
        expect(normal.total, search).toBe(asked.total);
      }
  });

  it('gives every spelling of a question one key, and a spelling that changes the answer another', async () => {
    const version = await readCatalogueVersion(ctx.database.db);
    for (const spellings of SAME_QUESTION) {
      const keys = new Set(spellings.map((search) => catalogueKey(parse(search), version)));
      expect(keys.size, spellings[0]).toBe(1);
    }
    const plain = catalogueKey(parse(SAME_QUESTION[0]![0]!), version);
    for (const search of OTHER_QUESTIONS) expect(catalogueKey(parse(search), version), search).not.toBe(plain);
    // Without the version's prices, a price bound is never dropped.
    expect(catalogueKey(parse('keyword=javascript&to=5000'))).not.toBe(catalogueKey(parse('keyword=javascript')));
  });
});

describe('GET /api/courses through the cache', () => {
  it('answers every spelling from one kept answer: same body, total and ETag, and 304 across spellings', async () => {
    for (const spellings of SAME_QUESTION) {
      const first = await request(app).get(`/api/courses?${spellings[0]}`).expect(200);
      expect((first.body as unknown[]).length, spellings[0]).toBeGreaterThan(0);
      for (const search of spellings.slice(1)) {
        const res = await request(app).get(`/api/courses?${search}`).expect(200);
        expect(res.body, search).toEqual(first.body);
        expect(res.headers['x-total-count'], search).toBe(first.headers['x-total-count']);
        // The ETag names the kept entry (version and key): one entry for every spelling.
        expect(res.headers['etag'], search).toBe(first.headers['etag']);
        await request(app).get(`/api/courses?${search}`).set('If-None-Match', String(first.headers['etag'])).expect(304);
      }
    }
  });

  it('keeps a spelling that changes the answer apart', async () => {
    const plain = await request(app).get(`/api/courses?${SAME_QUESTION[0]![0]}`).expect(200);
    const names = (res: request.Response) => (res.body as { name: string }[]).map((c) => c.name);
    // Newest first; 'Java Basics' has no 'javascript' in it.
    expect(names(plain)).toEqual(['JavaScript Deep Dive', 'JavaScript for Kids']);
    const cheaper = await request(app).get('/api/courses?keyword=JAVASCRIPT&to=319.99').expect(200);
    expect(names(cheaper)).toEqual(['JavaScript for Kids']);
    expect(cheaper.headers['etag']).not.toBe(plain.headers['etag']);
    const java = await request(app).get('/api/courses?keyword=Java').expect(200);
    expect(names(java)).toEqual(['Java Basics', 'JavaScript Deep Dive', 'JavaScript for Kids']);
    expect(java.headers['etag']).not.toBe(plain.headers['etag']);
  });

  it('stops dropping a `to` once a dearer course is listed', async () => {
    const own = createApp({ ...ctx.deps, catalogueMaxAgeMs: 60_000 });
    const before = await request(own).get('/api/courses?keyword=watercolour&to=400').expect(200);
    expect(before.headers['etag']).toBe((await request(own).get('/api/courses?keyword=watercolour').expect(200)).headers['etag']);
    await createCourse(ctx.database.db, { name: 'Watercolour Masterclass', price: 500, category: ['Art'] });
    own.courses.courseChanged();
    const bounded = await request(own).get('/api/courses?keyword=watercolour&to=400').expect(200);
    const unbounded = await request(own).get('/api/courses?keyword=watercolour').expect(200);
    expect((bounded.body as { name: string }[]).map((c) => c.name)).toEqual(['Watercolour']);
    expect((unbounded.body as unknown[]).length).toBe(2);
    expect(bounded.headers['etag']).not.toBe(unbounded.headers['etag']);
  });
});

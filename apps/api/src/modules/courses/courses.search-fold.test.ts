import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from './courses.schema.js';
import { foldForSearch } from '../../lib/search-fold.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse } from '../../test/factories.js';
import { searchTextOf } from './courses.repository.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  await createCourse(db, { name: 'Pâtisserie française', nameAr: 'حلويّات فرنسية', category: ['Cooking'] });
  await createCourse(db, { name: 'Business English', nameFr: 'Anglais des affaires', nameAr: 'الإنجليزية للأعمال', category: ['English'] });
  await createCourse(db, { name: 'Arabic Calligraphy', nameAr: 'الخط العربي: مدرسة ـالنسخ', category: ['Art'] });
  await createCourse(db, { name: 'Kids Theatre', nameAr: 'مسرحية للأطفال على الخشبة', category: ['Kids'] });
  await createCourse(db, { name: 'Scratch', description: 'Crée ton premier jeu, étape par étape', category: ['Programming'] });
});
afterAll(() => ctx.close());

async function found(keyword: string): Promise<string[]> {
  const res = await request(ctx.app).get('/api/courses').query({ keyword }).expect(200);
  return (res.body as { name: string }[]).map((c) => c.name).sort();
}

describe('keyword search as people type (issue 54)', () => {
  it('ignores letter case and French accents', async () => {
    for (const keyword of ['patisserie', 'PATISSERIE', 'pâtisserie', 'Pâtisserie', 'PÂTISSERIE'])
      expect(await found(keyword), keyword).toEqual(['Pâtisserie française']);
    expect(await found('francaise')).toEqual(['Pâtisserie française']);
    expect(await found('cree etape')).toEqual(['Scratch']);
  });

  it('ignores Arabic vowel marks and shadda', async () => {
    expect(await found('حلويات')).toEqual(['Pâtisserie française']);
    expect(await found('حلويّات')).toEqual(['Pâtisserie française']);
    expect(await found('حَلَوِيَات')).toEqual(['Pâtisserie française']);
  });

  it('meets the hamza forms of alef', async () => {
    for (const keyword of ['إنجليزية', 'انجليزية', 'أنجليزية', 'آنجليزية'])
      expect(await found(keyword), keyword).toEqual(['Business English']);
  });

  it('ignores the tatweel, and meets ى and ي, ة and ه', async () => {
    expect(await found('النسخ')).toEqual(['Arabic Calligraphy']);
    expect(await found('العـربي')).toEqual(['Arabic Calligraphy']);
    expect(await found('علي')).toEqual(['Kids Theatre']);
    expect(await found('على')).toEqual(['Kids Theatre']);
    expect(await found('مسرحيه')).toEqual(['Kids Theatre']);
    expect(await found('مسرحية')).toEqual(['Kids Theatre']);
  });

  it('still tells different words apart', async () => {
    expect(await found('patisseries')).toEqual([]);
    expect(await found('حلويات انجليزية')).toEqual([]);
  });

  it("finds the admin list's courses the same way", async () => {
    const admin = await createAdmin(ctx.database.db, ctx.config);
    const res = await request(ctx.app)
      .get('/api/admin/courses')
      .query({ q: 'PATISSERIE' })
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect((res.body as { name: string }[]).map((c) => c.name)).toEqual(['Pâtisserie française']);
  });
});

describe('the migration that folds the courses already stored', () => {
  it('folds a stored text exactly as the shop folds a new one', async () => {
    const db = ctx.database.db;
    const course = await createCourse(db, {
      name: 'Crème brûlée À LA CARTE ç',
      nameAr: 'آمنة أحمد إبراهيم ٱلقرآن مدرسةٌ ـــ على شَدّة ؤ ئ',
      description: 'Ñandú Øre ÉTÉ',
    });
    // As a course was stored before the fold: its texts lower-cased only.
    const unfolded = [course.name, course.description, ...course.category, course.nameAr].join(' ').toLowerCase();
    await db.update(courses).set({ searchText: unfolded }).where(eq(courses.id, course.id));
    const migration = readFileSync(path.join(import.meta.dirname, '../../../drizzle/0030_search_fold.sql'), 'utf8');
    await db.execute(sql.raw(migration));
    const [row] = await db.select({ searchText: courses.searchText }).from(courses).where(eq(courses.id, course.id));
    expect(row?.searchText).toBe(searchTextOf(course));
    expect(row?.searchText).toBe(foldForSearch(unfolded));
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;
let customer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createAdmin(ctx.database.db, ctx.config)).token;
  customer = (await createUser(ctx.database.db, ctx.config)).token;
  await createCourse(ctx.database.db, { name: 'Published Watercolour', price: 90, availability: 4, category: ['Art'] });
});
afterAll(() => ctx.close());

const listed = async (query: Record<string, string> = {}) => {
  const res = await request(ctx.app).get('/api/courses').query(query).expect(200);
  return { names: (res.body as { name: string }[]).map((c) => c.name), total: Number(res.headers['x-total-count']) };
};
const addDraft = async () =>
  (await request(ctx.app).post('/api/courses').set('Authorization', `Bearer ${admin}`).expect(201)).body as {
    _id: string;
    isDraft?: boolean;
  };
const shippingAddress = { address: '1 Rue de Rome', city: 'Tunis', postalCode: '1000', country: 'Tunisie' };

describe('a course made with ADD is a draft until the admin saves it', () => {
  it('is in no public list nor count, and its page is 404 for visitors and customers', async () => {
    const before = await listed();
    const draft = await addDraft();
    expect(draft.isDraft).toBe(true);
    const after = await listed();
    expect(after.names).not.toContain('Sample name');
    expect(after.total).toBe(before.total);
    expect((await listed({ keyword: 'sample' })).names).toEqual([]);
    expect((await listed({ sort: 'price_asc' })).names).not.toContain('Sample name');

    const visitor = await request(ctx.app).get(`/api/courses/${draft._id}`).expect(404);
    expect(visitor.body).toEqual({ message: MESSAGES.courseNotFound });
    await request(ctx.app).get(`/api/courses/${draft._id}`).set('Authorization', `Bearer ${customer}`).expect(404);
    await request(ctx.app).get(`/api/courses/${draft._id}`).set('Authorization', 'Bearer not-a-token').expect(404);
  });

  it('shows the admin the draft, uncached, and never lets that answer reach a visitor', async () => {
    const draft = await addDraft();
    const seen = await request(ctx.app).get(`/api/courses/${draft._id}`).set('Authorization', `Bearer ${admin}`).expect(200);
    expect(seen.body).toMatchObject({ _id: draft._id, name: 'Sample name', isDraft: true, reviews: [] });
    expect(seen.headers['cache-control']).toBe('private, no-store');
    await request(ctx.app).get(`/api/courses/${draft._id}`).expect(404);
  });

  it('lists the drafts apart for admins only', async () => {
    const draft = await addDraft();
    const drafts = await request(ctx.app).get('/api/courses/drafts').set('Authorization', `Bearer ${admin}`).expect(200);
    expect((drafts.body as { _id: string; isDraft: boolean }[]).find((c) => c._id === draft._id)).toMatchObject({ isDraft: true });
    await request(ctx.app).get('/api/courses/drafts').set('Authorization', `Bearer ${customer}`).expect(403);
    await request(ctx.app).get('/api/courses/drafts').expect(401);
  });

  it('cannot be ordered nor reviewed', async () => {
    const draft = await addDraft();
    await request(ctx.app)
      .put(`/api/courses/${draft._id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ availability: 5, price: 10 });
    const other = await addDraft();
    const refused = await request(ctx.app)
      .post('/api/orders')
      .set('Authorization', `Bearer ${customer}`)
      .send({ orderItems: [{ course: other._id, qty: 1 }], shippingAddress, paymentMethod: 'In Place' })
      .expect(400);
    expect(refused.body.message).toBe(MESSAGES.courseNotFound);
    await request(ctx.app)
      .post(`/api/courses/${other._id}/reviews`)
      .set('Authorization', `Bearer ${customer}`)
      .send({ rating: 5, comment: 'Great' })
      .expect(404);
  });

  it('is published by the first save: listed, counted, in its category, on its page, no longer a draft', async () => {
    const before = await listed();
    const artBefore = await listed({ Cg: 'Art' });
    const draft = await addDraft();
    const saved = await request(ctx.app)
      .put(`/api/courses/${draft._id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ name: 'Calligraphy Evenings', price: 75, availability: 8, category: ['Art'] })
      .expect(200);
    expect(saved.body.isDraft).toBeUndefined();
    const after = await listed();
    expect(after.names).toContain('Calligraphy Evenings');
    expect(after.total).toBe(before.total + 1);
    expect((await listed({ Cg: 'Art' })).total).toBe(artBefore.total + 1);
    const page = await request(ctx.app).get(`/api/courses/${draft._id}`).expect(200);
    expect(page.body).toMatchObject({ name: 'Calligraphy Evenings' });
    expect(page.body.isDraft).toBeUndefined();
    const drafts = await request(ctx.app).get('/api/courses/drafts').set('Authorization', `Bearer ${admin}`).expect(200);
    expect((drafts.body as { _id: string }[]).map((c) => c._id)).not.toContain(draft._id);
  });

  it('leaves the count right when a draft is deleted', async () => {
    const before = await listed();
    const draft = await addDraft();
    await request(ctx.app).delete(`/api/courses/${draft._id}`).set('Authorization', `Bearer ${admin}`).expect(200);
    expect((await listed()).total).toBe(before.total);
  });
});

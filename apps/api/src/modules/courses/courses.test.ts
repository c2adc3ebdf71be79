import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';

let ctx: TestContext;
let admin: UserFixture;
let customer: UserFixture;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
  customer = await createUser(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const bearer = (fixture: UserFixture) => ({ Authorization: `Bearer ${fixture.token}` });

describe('GET /api/courses/:id', () => {
  it('answers the course with its reviews', async () => {
    const course = await createCourse(ctx.database.db, {
      name: 'Drawing Fundamentals',
      price: 90.5,
    });
    const res = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(res.status).toBe(200);
    expect(courseDetailSchema.strict().parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      _id: course.id,
      name: 'Drawing Fundamentals',
      price: 90.5,
      reviews: [],
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id', '1', "1' or '1'='1"]) {
      const res = await request(ctx.app).get(`/api/courses/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Course not found' });
    }
  });
});

describe('POST /api/courses', () => {
  it('creates a blank draft course for an admin (only the admin sees it until saved)', async () => {
    const res = await request(ctx.app).post('/api/courses').set(bearer(admin));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Sample name',
      price: 0,
      availability: 0,
      images: ['/images/courses/placeholder.svg'],
      rating: 0,
      numReviews: 0,
      isDraft: true,
    });
    expect((await request(ctx.app).get(`/api/courses/${res.body._id}`).set(bearer(admin))).status).toBe(200);
    expect((await request(ctx.app).get(`/api/courses/${res.body._id}`)).status).toBe(404);
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    const anonymous = await request(ctx.app).post('/api/courses');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Not authorized, no token');
    const badToken = await request(ctx.app)
      .post('/api/courses')
      .set('Authorization', 'Bearer nonsense');
    expect(badToken.status).toBe(401);
    const notAdmin = await request(ctx.app).post('/api/courses').set(bearer(customer));
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe('Not authorized as an admin');
  });
});

describe('PUT /api/courses/:id', () => {
  it('updates the given fields, accepting Images, and keeps keyword search in step', async () => {
    const course = await createCourse(ctx.database.db, {
      name: 'Old name',
      description: 'old text',
    });
    const res = await request(ctx.app)
      .put(`/api/courses/${course.id}`)
      .set(bearer(admin))
      .send({
        _id: course.id,
        name: 'Mobile Apps with Flutter',
        price: 620.5,
        Images: ['/images/a.svg', 'https://cdn.example.com/b.png'],
        category: ['Programming', 'programming', 'ART'],
        sizes: ['L', 'L'],
        availability: 7,
        description: 'Dart and widgets.',
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: course.id,
      name: 'Mobile Apps with Flutter',
      price: 620.5,
      images: ['/images/a.svg', 'https://cdn.example.com/b.png'],
      category: ['Programming', 'Art'],
      sizes: ['L'],
      availability: 7,
      description: 'Dart and widgets.',
      reviews: [],
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(res.body.createdAt) - 1);

    const found = await request(ctx.app).get('/api/courses').query({ keyword: 'widgets' });
    expect(found.body.map((c: { _id: string }) => c._id)).toEqual([course.id]);
    expect(
      (await request(ctx.app).get('/api/courses').query({ keyword: 'old text' })).body,
    ).toEqual([]);
  });

  it('accepts images and a partial change', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Keep me', price: 40 });
    const res = await request(ctx.app)
      .put(`/api/courses/${course.id}`)
      .set(bearer(admin))
      .send({ images: ['/images/x.svg'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Keep me', price: 40, images: ['/images/x.svg'] });
  });

  it('refuses bad values with 400 and a message', async () => {
    const course = await createCourse(ctx.database.db);
    const bad = [
      { price: -1 },
      { price: 10.123 },
      { price: 'free' },
      { availability: 1.5 },
      { availability: -3 },
      { category: ['Astrology'] },
      { sizes: ['XL'] },
      { name: '' },
      { images: ['javascript:alert(1)'] },
      { images: ['/a', '/b', '/c', '/d'] },
    ];
    for (const body of bad) {
      const res = await request(ctx.app)
        .put(`/api/courses/${course.id}`)
        .set(bearer(admin))
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('answers 404 for an unknown or malformed id, and guards admins only', async () => {
    expect(
      (
        await request(ctx.app)
          .put(`/api/courses/${UNKNOWN_ID}`)
          .set(bearer(admin))
          .send({ price: 1 })
      ).status,
    ).toBe(404);
    expect(
      (await request(ctx.app).put('/api/courses/xyz').set(bearer(admin)).send({ price: 1 })).status,
    ).toBe(404);
    const course = await createCourse(ctx.database.db, { price: 12 });
    expect(
      (await request(ctx.app).put(`/api/courses/${course.id}`).send({ price: 1 })).status,
    ).toBe(401);
    expect(
      (
        await request(ctx.app)
          .put(`/api/courses/${course.id}`)
          .set(bearer(customer))
          .send({ price: 1 })
      ).status,
    ).toBe(403);
    expect((await request(ctx.app).get(`/api/courses/${course.id}`)).body.price).toBe(12);
  });
});

describe('DELETE /api/courses/:id', () => {
  it('removes a course for an admin, and only once', async () => {
    const course = await createCourse(ctx.database.db);
    expect((await request(ctx.app).delete(`/api/courses/${course.id}`)).status).toBe(401);
    expect(
      (await request(ctx.app).delete(`/api/courses/${course.id}`).set(bearer(customer))).status,
    ).toBe(403);
    const res = await request(ctx.app).delete(`/api/courses/${course.id}`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Course removed' });
    expect((await request(ctx.app).get(`/api/courses/${course.id}`)).status).toBe(404);
    expect(
      (await request(ctx.app).delete(`/api/courses/${course.id}`).set(bearer(admin))).status,
    ).toBe(404);
    expect((await request(ctx.app).delete('/api/courses/bad-id').set(bearer(admin))).status).toBe(
      404,
    );
  });
});

describe('GET /images', () => {
  it('serves the placeholder image with long-lived cache headers', async () => {
    const res = await request(ctx.app).get('/images/courses/placeholder.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing image', async () => {
    expect((await request(ctx.app).get('/images/courses/nope.svg')).status).toBe(404);
  });
});

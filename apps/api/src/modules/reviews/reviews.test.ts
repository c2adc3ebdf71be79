import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createCourse, createUser, type UserFixture } from '../../test/factories.js';

let ctx: TestContext;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const review = (courseId: string, fixture: UserFixture | undefined, body: unknown) => {
  const req = request(ctx.app).post(`/api/courses/${courseId}/reviews`);
  return (fixture ? req.set('Authorization', `Bearer ${fixture.token}`) : req).send(body as object);
};

describe('POST /api/courses/:id/reviews', () => {
  it('adds a review and keeps rating (mean, two decimals) and numReviews in step', async () => {
    const course = await createCourse(ctx.database.db);
    const ratings = [5, 4, 4];
    const authors: UserFixture[] = [];
    for (const [i, rating] of ratings.entries()) {
      const author = await createUser(ctx.database.db, ctx.config, { name: `Reviewer ${i}` });
      authors.push(author);
      const res = await review(course.id, author, { rating, comment: `Comment ${i}` });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: 'Review added' });
    }
    const detail = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(detail.body.numReviews).toBe(3);
    expect(detail.body.rating).toBe(4.33);
    expect(detail.body.reviews).toHaveLength(3);
    // Newest first.
    expect(detail.body.reviews.map((r: { name: string }) => r.name)).toEqual([
      'Reviewer 2',
      'Reviewer 1',
      'Reviewer 0',
    ]);
    expect(detail.body.reviews[0]).toEqual({
      _id: expect.any(String),
      name: 'Reviewer 2',
      rating: 4,
      comment: 'Comment 2',
      user: authors[2]?.user.id,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const listed = await request(ctx.app).get('/api/courses').query({ sort: 'rating', limit: '1' });
    expect(listed.body[0]).toMatchObject({ _id: course.id, rating: 4.33, numReviews: 3 });
  });

  it('rejects a second review by the same user', async () => {
    const course = await createCourse(ctx.database.db);
    const author = await createUser(ctx.database.db, ctx.config);
    expect((await review(course.id, author, { rating: 2, comment: 'Meh' })).status).toBe(201);
    const again = await review(course.id, author, { rating: 5, comment: 'Changed my mind' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Course already reviewed', code: 'ALREADY_REVIEWED' });
    const detail = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(detail.body).toMatchObject({ rating: 2, numReviews: 1 });
  });

  it('accepts one of several simultaneous reviews by the same user', async () => {
    const course = await createCourse(ctx.database.db);
    const author = await createUser(ctx.database.db, ctx.config);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => review(course.id, author, { rating: n, comment: `Try ${n}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.status === 400))
      expect(answer.body.message).toBe('Course already reviewed');
    const detail = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(detail.body.numReviews).toBe(1);
    expect(detail.body.reviews).toHaveLength(1);
  });

  it('counts every one of simultaneous reviews by different users', async () => {
    const course = await createCourse(ctx.database.db);
    const authors = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createUser(ctx.database.db, ctx.config)),
    );
    const answers = await Promise.all(
      authors.map((a, i) => review(course.id, a, { rating: i + 1, comment: 'Together' })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const detail = await request(ctx.app).get(`/api/courses/${course.id}`);
    expect(detail.body).toMatchObject({ numReviews: 5, rating: 3 });
  });

  it('accepts only whole ratings from 1 to 5 and a comment', async () => {
    const course = await createCourse(ctx.database.db);
    const author = await createUser(ctx.database.db, ctx.config);
    const bad = [
      { rating: 0, comment: 'x' },
      { rating: 6, comment: 'x' },
      { rating: 3.5, comment: 'x' },
      { rating: '5', comment: 'x' },
      { rating: 4 },
      { rating: 4, comment: '   ' },
      { comment: 'no rating' },
    ];
    for (const body of bad) {
      const res = await review(course.id, author, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await request(ctx.app).get(`/api/courses/${course.id}`)).body.numReviews).toBe(0);
    expect((await review(course.id, author, { rating: 1, comment: 'Finally valid' })).status).toBe(
      201,
    );
  });

  it('needs a signed-in user', async () => {
    const course = await createCourse(ctx.database.db);
    const res = await review(course.id, undefined, { rating: 5, comment: 'Anonymous' });
    expect(res.status).toBe(401);
  });

  it('answers 404 for an unknown or malformed course id', async () => {
    const author = await createUser(ctx.database.db, ctx.config);
    for (const id of [UNKNOWN_ID, 'abc']) {
      const res = await review(id, author, { rating: 5, comment: 'Ghost course' });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Course not found', code: 'COURSE_NOT_FOUND' });
    }
  });

  it('removes the reviews of a deleted course', async () => {
    const course = await createCourse(ctx.database.db);
    const author = await createUser(ctx.database.db, ctx.config);
    await review(course.id, author, { rating: 5, comment: 'Gone soon' });
    const adminUser = await createUser(ctx.database.db, ctx.config, { isAdmin: true });
    await request(ctx.app)
      .delete(`/api/courses/${course.id}`)
      .set('Authorization', `Bearer ${adminUser.token}`);
    const left = await ctx.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.courseId, course.id));
    expect(left).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from './courses.schema.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { placeTestOrder } from '../../test/orders.js';

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
      verified: false,
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

describe('verified learners and child accounts (issue 31)', () => {
  let admin: UserFixture;
  beforeAll(async () => {
    admin = await createAdmin(ctx.database.db, ctx.config);
  });
  const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${admin.token}`);
  const pay = (orderId: string) => asAdmin(request(ctx.app).put(`/api/orders/${orderId}/pay`)).expect(200);
  const learn = (orderId: string) => asAdmin(request(ctx.app).put(`/api/orders/${orderId}/learn`)).expect(200);
  const reviewsOf = async (courseId: string) =>
    (await request(ctx.app).get(`/api/courses/${courseId}`).expect(200)).body.reviews as {
      name: string;
      user: string;
      verified: boolean;
    }[];
  const verifiedOf = async (courseId: string, author: UserFixture) =>
    (await reviewsOf(courseId)).find((r) => r.user === author.user.id)?.verified;

  it('marks a review verified only when its author has a paid or learned order of the course; others stay, unverified', async () => {
    const course = await createCourse(ctx.database.db, { availability: 50 });
    const other = await createCourse(ctx.database.db, { availability: 50 });
    const author = async (name: string) => createUser(ctx.database.db, ctx.config, { name });
    const [paid, learned, pending, otherCourse, cancelled, none] = await Promise.all(
      ['Paid Buyer', 'Learned Buyer', 'Pending Buyer', 'Other Course', 'Cancelled Buyer', 'No Order'].map(author),
    );
    await pay((await placeTestOrder(ctx, paid!, [{ course: course.id, qty: 1 }], { paymentMethod: 'In Place' }))._id);
    const learnedOrder = await placeTestOrder(ctx, learned!, [{ course: course.id, qty: 1 }, { course: other.id, qty: 1 }], {
      paymentMethod: 'In Place',
    });
    await pay(learnedOrder._id);
    await learn(learnedOrder._id);
    await placeTestOrder(ctx, pending!, [{ course: course.id, qty: 2 }], { paymentMethod: 'In Place' });
    await pay((await placeTestOrder(ctx, otherCourse!, [{ course: other.id, qty: 1 }], { paymentMethod: 'In Place' }))._id);
    const toCancel = await placeTestOrder(ctx, cancelled!, [{ course: course.id, qty: 1 }], { paymentMethod: 'In Place' });
    await asAdmin(request(ctx.app).post(`/api/orders/${toCancel._id}/cancel`)).expect(200);

    for (const fixture of [paid, learned, pending, otherCourse, cancelled, none])
      expect((await review(course.id, fixture, { rating: 4, comment: 'Good' })).status).toBe(201);

    const shown = await reviewsOf(course.id);
    expect(Object.fromEntries(shown.map((r) => [r.name, r.verified]))).toEqual({
      'Paid Buyer': true,
      'Learned Buyer': true,
      'Pending Buyer': false,
      'Other Course': false,
      'Cancelled Buyer': false,
      'No Order': false,
    });
  });

  it('turns verified once the author’s order is paid after the review (the kept course answer follows)', async () => {
    const course = await createCourse(ctx.database.db, { availability: 10 });
    const author = await createUser(ctx.database.db, ctx.config, { name: 'Early Reviewer' });
    const order = await placeTestOrder(ctx, author, [{ course: course.id, qty: 1 }], { paymentMethod: 'In Place' });
    await review(course.id, author, { rating: 5, comment: 'Great start' }).expect(201);
    // Read twice: the second answer comes from the catalogue cache.
    expect(await verifiedOf(course.id, author)).toBe(false);
    expect(await verifiedOf(course.id, author)).toBe(false);
    await pay(order._id);
    await expect.poll(() => verifiedOf(course.id, author), { timeout: 3_000 }).toBe(true);
  });

  it('shows a child account’s review under its first name only, in the API answer', async () => {
    const course = await createCourse(ctx.database.db);
    const kid = await createUser(ctx.database.db, ctx.config, { name: 'Yasmine Ben Ali', isKid: true });
    await review(course.id, kid, { rating: 5, comment: 'Fun!' }).expect(201);
    const answer = await request(ctx.app).get(`/api/courses/${course.id}`).expect(200);
    expect(answer.body.reviews).toEqual([expect.objectContaining({ name: 'Yasmine', user: kid.user.id })]);
    expect(JSON.stringify(answer.body)).not.toContain('Ben Ali');
    // Not kept in full either.
    const [stored] = await ctx.database.db.select().from(reviews).where(eq(reviews.userId, kid.user.id));
    expect(stored?.name).toBe('Yasmine');
  });

  it('cuts to the first name an account made a child account after it reviewed', async () => {
    const course = await createCourse(ctx.database.db);
    const child = await createUser(ctx.database.db, ctx.config, { name: 'Sami Trabelsi' });
    await review(course.id, child, { rating: 3, comment: 'Ok' }).expect(201);
    expect((await reviewsOf(course.id))[0]?.name).toBe('Sami Trabelsi');
    await asAdmin(request(ctx.app).put(`/api/users/${child.user.id}`))
      .send({ name: 'Sami Trabelsi', email: child.user.email, isAdmin: false, isKid: true })
      .expect(200);
    await expect.poll(async () => (await reviewsOf(course.id))[0]?.name, { timeout: 3_000 }).toBe('Sami');
  });
});

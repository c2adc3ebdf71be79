import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Session } from '@shop/shared';
import { signUserToken } from '../../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { adminOrderAction, testShippingAddress } from '../../../test/orders.js';
import { listOrderLearners } from './orders.repository.js';

/** Issue 51: naming who sits in each seat, at checkout and later. */
let ctx: TestContext;
let admin: UserFixture;
let parent: UserFixture;
let stranger: UserFixture;
let session: Session;
let courseId: string;
let plainCourseId: string;

const DAY = 86_400_000;
const auth = (who: UserFixture) => ({
  Authorization: `Bearer ${signUserToken(ctx.config.jwtSecret, who.user, ctx.clock.now())}`,
});

async function addSession(startInDays: number): Promise<Session> {
  const start = new Date(ctx.clock.now().getTime() + startInDays * DAY);
  start.setUTCHours(8, 0, 0, 0);
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set(auth(admin))
    .send({
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + DAY + 8 * 3_600_000).toISOString(),
      schedule: '09:00-17:00',
      place: 'Tunis, Lac 2',
      capacity: 30,
    });
  expect(res.status).toBe(201);
  return res.body as Session;
}

const place = (who: UserFixture, item: Record<string, unknown>) =>
  request(ctx.app)
    .post('/api/orders')
    .set(auth(who))
    .send({ orderItems: [item], shippingAddress: testShippingAddress, paymentMethod: 'In Place' });

const rename = (who: UserFixture, order: Order, learners: unknown[], line = order.orderItems[0]!._id) =>
  request(ctx.app).put(`/api/orders/${order._id}/lines/${line}/learners`).set(auth(who)).send({ learners });

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  admin = await createAdmin(db, ctx.config);
  parent = await createUser(db, ctx.config, { name: 'Leila Mansour' });
  stranger = await createUser(db, ctx.config);
  courseId = (await createCourse(db, { name: 'Scratch for Kids', availability: 0 })).id;
  plainCourseId = (await createCourse(db, { name: 'Self-paced Excel', availability: 50 })).id;
  session = await addSession(10);
});
afterAll(() => ctx.close());

describe('learners named at checkout', () => {
  it('keeps the names, e-mails and phones given per seat, with a stable line id', async () => {
    const res = await place(parent, {
      course: courseId,
      qty: 3,
      session: session._id,
      learners: [
        { name: '  Youssef Mansour ', email: 'Youssef@Example.com', phone: '20 123 456' },
        { name: 'Ines Mansour' },
      ],
    });
    expect(res.status).toBe(201);
    const order = res.body as Order;
    const [line] = order.orderItems;
    expect(line?._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(line?.learners.map(({ name, email, phone }) => ({ name, email, phone }))).toEqual([
      { name: 'Youssef Mansour', email: 'youssef@example.com', phone: '+21620123456' },
      { name: 'Ines Mansour', email: null, phone: null },
    ]);
    const read = (await request(ctx.app).get(`/api/orders/${order._id}`).set(auth(parent))).body as Order;
    expect(read.orderItems[0]?._id).toBe(line?._id);
    expect(read.orderItems[0]?.learners).toEqual(line?.learners);
    const listed = await listOrderLearners(ctx.database.db, order._id);
    expect(listed.map((l) => [l.name, l.lineId, l.sessionId])).toEqual([
      ['Youssef Mansour', line?._id, session._id],
      ['Ines Mansour', line?._id, session._id],
    ]);
  });

  it('refuses more names than seats, a blank name, a bad e-mail or phone (400), placing nothing', async () => {
    const cases = [
      [{ name: 'A' }, { name: 'B' }],
      [{ name: '   ' }],
      [{ name: 'x'.repeat(101) }],
      [{ name: 'Sara', email: 'not-an-email' }],
      [{ name: 'Sara', phone: '12' }],
    ];
    for (const learners of cases) {
      const res = await place(parent, { course: courseId, qty: 1, session: session._id, learners });
      expect(res.status, JSON.stringify(learners)).toBe(400);
    }
    const mine = (await request(ctx.app).get('/api/orders/myorders').set(auth(parent))).body as Order[];
    expect(mine).toHaveLength(1);
  });

  it('lines without names answer an empty list', async () => {
    const res = await place(parent, { course: plainCourseId, qty: 2 });
    expect(res.status).toBe(201);
    expect((res.body as Order).orderItems[0]?.learners).toEqual([]);
  });
});

describe('PUT /api/orders/{id}/lines/{lineId}/learners', () => {
  let order: Order;
  beforeAll(async () => {
    order = (await place(parent, { course: courseId, qty: 3, session: session._id, learners: [{ name: 'Staff One' }] })).body as Order;
  });

  it('renames, keeps the learner given by _id, adds new ones and removes the rest', async () => {
    const kept = order.orderItems[0]!.learners[0]!;
    const res = await rename(parent, order, [
      { name: 'New Person', email: 'new@example.com' },
      { _id: kept._id, name: 'Staff One Renamed' },
    ]);
    expect(res.status).toBe(200);
    const learners = (res.body as Order).orderItems[0]!.learners;
    expect(learners.map((l) => l.name)).toEqual(['New Person', 'Staff One Renamed']);
    expect(learners[1]?._id).toBe(kept._id);
    expect(learners[0]?._id).not.toBe(kept._id);
    const cleared = await rename(parent, order, []);
    expect((cleared.body as Order).orderItems[0]!.learners).toEqual([]);
  });

  it('refuses too many names, an unknown _id or a bad e-mail (400); a stranger 403; an unknown line 404', async () => {
    expect((await rename(parent, order, [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }])).status).toBe(400);
    expect((await rename(parent, order, [{ _id: '00000000-0000-4000-8000-000000000000', name: 'a' }])).status).toBe(400);
    expect((await rename(parent, order, [{ name: 'a', email: 'nope' }])).status).toBe(400);
    expect((await rename(parent, order, [{ name: '' }])).status).toBe(400);
    expect((await rename(stranger, order, [{ name: 'a' }])).status).toBe(403);
    expect((await rename(parent, order, [{ name: 'a' }], '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const byAdmin = await rename(admin, order, [{ name: 'Named by the centre' }]);
    expect(byAdmin.status).toBe(200);
  });

  it('two tabs renaming the same line at once: the last write wins whole, nothing duplicated', async () => {
    const tabs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => rename(parent, order, [{ name: `Tab ${i} A` }, { name: `Tab ${i} B` }])),
    );
    expect(tabs.map((t) => t.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const read = (await request(ctx.app).get(`/api/orders/${order._id}`).set(auth(parent))).body as Order;
    const names = read.orderItems[0]!.learners.map((l) => l.name);
    expect(names).toHaveLength(2);
    expect(names[0]?.replace(' A', '')).toBe(names[1]?.replace(' B', ''));
  });

  it('is locked once the session has started, and for a cancelled order (409 LEARNERS_LOCKED)', async () => {
    const soon = await addSession(2);
    const early = (await place(parent, { course: courseId, qty: 2, session: soon._id })).body as Order;
    const cancelled = (await place(parent, { course: courseId, qty: 1, session: soon._id })).body as Order;
    await adminOrderAction(ctx, admin, cancelled._id, 'cancel');
    const refused = await rename(parent, cancelled, [{ name: 'Late' }]);
    expect([refused.status, refused.body.code]).toEqual([409, 'LEARNERS_LOCKED']);
    expect(refused.body.message).toBe('The learners can no longer be changed: the order is cancelled');
    ctx.clock.advance(new Date(soon.startsAt).getTime() - ctx.clock.now().getTime() - 1000);
    // A second before the start: allowed; racing the start, each answer matches the instant of its write.
    expect((await rename(parent, early, [{ name: 'Just in time' }])).status).toBe(200);
    ctx.clock.advance(1000);
    const late = await rename(parent, early, [{ name: 'Too late' }]);
    expect([late.status, late.body.code]).toEqual([409, 'LEARNERS_LOCKED']);
    expect(late.body.message).toBe('The learners can no longer be changed: the session has started');
    const read = (await request(ctx.app).get(`/api/orders/${early._id}`).set(auth(parent))).body as Order;
    expect(read.orderItems[0]!.learners.map((l) => l.name)).toEqual(['Just in time']);
  });

  it('a course without sessions stays open until the order is learned', async () => {
    const plain = (await place(parent, { course: plainCourseId, qty: 1 })).body as Order;
    await adminOrderAction(ctx, admin, plain._id, 'pay');
    expect((await rename(parent, plain, [{ name: 'After paying' }])).status).toBe(200);
    await adminOrderAction(ctx, admin, plain._id, 'learn');
    const late = await rename(parent, plain, [{ name: 'After learning' }]);
    expect([late.status, late.body.code]).toEqual([409, 'LEARNERS_LOCKED']);
    expect(late.body.message).toBe('The learners can no longer be changed: the order is marked learned');
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, Session } from '@shop/shared';
import { signUserToken } from '../../../lib/user-tokens.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { adminOrderAction, testShippingAddress } from '../../../test/orders.js';
import { sweepLearnerNotices } from './learner-notices.service.js';

/** Issue 51: named learners with an e-mail hear of their seat once paid, and get the reminders; renamed away, nothing more. */
let ctx: TestContext;
let admin: UserFixture;
let parent: UserFixture;
let session: Session;
let order: Order;
let courseId: string;
const DAY = 86_400_000;
const auth = (who: UserFixture) => ({ Authorization: `Bearer ${signUserToken(ctx.config.jwtSecret, who.user, ctx.clock.now())}` });
const sweep = () => sweepLearnerNotices({ ...ctx.deps, events: ctx.app.events });
const mailsTo = (to: string) => ctx.sentMails.filter((m) => m.to === to);

beforeAll(async () => {
  ctx = await createTestContext({ REMINDER_DAYS: '3,1' });
  const { db } = ctx.database;
  admin = await createAdmin(db, ctx.config);
  parent = await createUser(db, ctx.config, { name: 'Leila Mansour', language: 'fr' });
  const course = await createCourse(db, { name: 'Scratch pour enfants', availability: 0 });
  courseId = course.id;
  const start = new Date(ctx.clock.now().getTime() + 10 * DAY);
  start.setUTCHours(8, 0, 0, 0);
  session = (
    await request(ctx.app)
      .post(`/api/courses/${course.id}/sessions`)
      .set(auth(admin))
      .send({ startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 8 * 3_600_000).toISOString(), schedule: '09:00-17:00', place: 'Sousse', capacity: 10 })
  ).body as Session;
  order = (
    await request(ctx.app)
      .post('/api/orders')
      .set(auth(parent))
      .send({
        orderItems: [{ course: course.id, qty: 3, session: session._id, learners: [{ name: 'Youssef', email: 'youssef@example.com' }, { name: 'Ines' }, { name: 'Adam', email: 'adam@example.com' }] }],
        shippingAddress: testShippingAddress,
        paymentMethod: 'In Place',
      })
  ).body as Order;
});
afterAll(() => ctx.close());

describe('learners’ mails', () => {
  it('says nothing before payment; once paid, one mail per learner with an e-mail, in the buyer’s language, with the .ics', async () => {
    await sweep();
    expect(mailsTo('youssef@example.com')).toHaveLength(0);
    await adminOrderAction(ctx, admin, order._id, 'pay');
    // The payment kicks a sweep after its answer; the test's own sweeps may find the notices
    // claimed by it and leave them to it: the mails arrive when that sweep has sent them.
    await vi.waitFor(
      () => {
        expect(mailsTo('youssef@example.com')).toHaveLength(1);
        expect(mailsTo('adam@example.com')).toHaveLength(1);
      },
      { timeout: 15_000, interval: 50 },
    );
    await sweep();
    await sweep();
    const mails = mailsTo('youssef@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Votre place : Scratch pour enfants');
    expect(mails[0]?.text).toContain('Leila Mansour');
    expect(mails[0]?.text).toContain('Sousse');
    expect(mails[0]?.attachments?.map((a) => a.filename)).toEqual(['session.ics']);
    // The learner cannot open the buyer's order: the mail and the calendar lead to the course page.
    const coursePage = `${ctx.config.appUrl}/course/${courseId}`;
    expect(mails[0]?.link).toBe(coursePage);
    expect(mails[0]?.text).toContain(`La formation : ${coursePage}`);
    expect(mails[0]?.html).toContain('Voir la formation');
    expect(`${mails[0]?.text}${mails[0]?.html}`).not.toContain('/order/');
    const ics = String(mails[0]?.attachments?.[0]?.content ?? '');
    expect(ics).toContain(`URL;VALUE=URI:${coursePage}`);
    expect(ics).not.toContain('/order/');
    expect(mailsTo('adam@example.com')).toHaveLength(1);
  });

  it('sends each reminder once to the learners, and nothing more to a learner renamed away', async () => {
    const [youssef, ines] = order.orderItems[0]!.learners;
    // Adam renamed away before the reminders.
    const renamed = await request(ctx.app)
      .put(`/api/orders/${order._id}/lines/${order.orderItems[0]!._id}/learners`)
      .set(auth(parent))
      .send({ learners: [{ _id: youssef!._id, name: 'Youssef', email: 'youssef@example.com' }, { _id: ines!._id, name: 'Ines' }] });
    expect(renamed.status).toBe(200);
    ctx.clock.advance(new Date(session.startsAt).getTime() - 3 * DAY + 60_000 - ctx.clock.now().getTime());
    await Promise.all([sweep(), sweep(), sweep()]);
    expect(mailsTo('youssef@example.com').map((m) => m.subject)).toEqual([
      'Votre place : Scratch pour enfants',
      'Rappel : Scratch pour enfants commence dans 3 jours',
    ]);
    expect(mailsTo('adam@example.com')).toHaveLength(1);
    const reminder = mailsTo('youssef@example.com')[1];
    expect(reminder?.link).toBe(`${ctx.config.appUrl}/course/${courseId}`);
    expect(reminder?.text).not.toContain('/order/');
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, orderSchema, type Order } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { courses } from '../../courses/courses.schema.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../../test/factories.js';
import { sweepExpiredHolds } from './order-states.service.js';
import { countProofs } from './payment-proof.repository.js';
import { realPdf } from '../../../test/pdf.js';

/** Issue 49: a transfer receipt waiting for the centre's check holds the seats (PROOF_HOLD_HOURS). */
const HOLD_MINUTES = 60;
const PROOF_HOLD_HOURS = 48;
let ctx: TestContext;
let buyer: UserFixture;
let admin: UserFixture;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({
    SEAT_HOLD_MINUTES: String(HOLD_MINUTES),
    PROOF_HOLD_HOURS: String(PROOF_HOLD_HOURS),
    SHOP_BANK_ACCOUNT: 'TN59 1000 6035 0000 1234 5678',
  });
  buyer = await createUser(ctx.database.db, ctx.config, { name: 'Salma Gharbi' });
  admin = await createAdmin(ctx.database.db, ctx.config);
  pdf = await realPdf();
});
afterAll(() => ctx.close());

const shippingAddress = { address: '5 Rue de Marseille', city: 'Tunis', postalCode: '1000', country: 'Tunisie' };
const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;

async function placeTransfer(seats = 2): Promise<{ order: Order; courseId: string }> {
  const course = await createCourse(ctx.database.db, { price: 100, availability: 5 });
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${buyer.token}`)
    .send({ orderItems: [{ course: course.id, qty: seats }], shippingAddress, paymentMethod: 'Transfer' });
  expect(res.status).toBe(201);
  return { order: orderSchema.parse(res.body), courseId: course.id };
}

const upload = (id: string) =>
  request(ctx.app).post(`/api/orders/${id}/proof`).set('Authorization', `Bearer ${buyer.token}`).attach('file', pdf, 'virement.pdf');
const cancel = (id: string, token = buyer.token) =>
  request(ctx.app).post(`/api/orders/${id}/cancel`).set('Authorization', `Bearer ${token}`).send({});
const read = async (id: string): Promise<Order> =>
  orderSchema.parse((await request(ctx.app).get(`/api/orders/${id}`).set('Authorization', `Bearer ${admin.token}`)).body);
const proofsToCheck = async (): Promise<string[]> =>
  ((await request(ctx.app).get('/api/orders?proof=submitted').set('Authorization', `Bearer ${admin.token}`)).body as Order[]).map(
    (o) => o._id,
  );
const sweep = () => sweepExpiredHolds({ ...ctx.deps, events: ctx.app.events } as ServiceContext);

async function seatsOf(courseId: string): Promise<number> {
  const [row] = await ctx.database.db.select({ a: courses.availability }).from(courses).where(eq(courses.id, courseId));
  return row?.a ?? -1;
}

describe('a transfer receipt waiting for the check', () => {
  it('holds the seats until PROOF_HOLD_HOURS after the upload, and holdExpiresAt says so', async () => {
    const { order, courseId } = await placeTransfer();
    ctx.clock.advance(minutes(HOLD_MINUTES - 10));
    const sentAt = ctx.clock.now().getTime();
    const sent = await upload(order._id);
    expect(sent.status).toBe(200);
    const held = orderSchema.parse(sent.body);
    expect(Date.parse(held.holdExpiresAt ?? '') - sentAt).toBeGreaterThanOrEqual(hours(PROOF_HOLD_HOURS) - 1_000);
    expect(Date.parse(held.holdExpiresAt ?? '') - sentAt).toBeLessThanOrEqual(hours(PROOF_HOLD_HOURS) + 5_000);

    // Past the placement's hold: the order still holds its seats while the centre checks.
    ctx.clock.advance(hours(PROOF_HOLD_HOURS - 1));
    await sweep();
    expect((await read(order._id)).status).toBe('pending');
    expect(await seatsOf(courseId)).toBe(3);
    expect(await proofsToCheck()).toContain(order._id);

    // Unchecked past the proof's hold: it expires like any hold, and stays in the proofs to check.
    ctx.clock.advance(hours(1) + minutes(1));
    await sweep();
    expect((await read(order._id)).status).toBe('expired');
    expect(await seatsOf(courseId)).toBe(5);
    expect(await proofsToCheck()).toContain(order._id);
  });

  it('refuses the owner’s cancel with 409 PROOF_SUBMITTED, keeps the order to check, and lets an admin cancel', async () => {
    const { order, courseId } = await placeTransfer();
    expect((await upload(order._id)).status).toBe(200);

    const refused = await cancel(order._id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MESSAGES.proofSubmittedCancel, code: 'PROOF_SUBMITTED' });
    const after = await read(order._id);
    expect(after).toMatchObject({ status: 'pending', paymentProof: { status: 'submitted' } });
    expect(await seatsOf(courseId)).toBe(3);
    expect(await proofsToCheck()).toContain(order._id);

    const byAdmin = await cancel(order._id, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(orderSchema.parse(byAdmin.body).status).toBe('cancelled');
    expect(await seatsOf(courseId)).toBe(5);
  });

  it('puts the hold back as it was when the proof is rejected: still running, a new proof; passed, the order expires', async () => {
    const { order: early } = await placeTransfer(1);
    const { order: late, courseId } = await placeTransfer(1);
    expect((await upload(early._id)).status).toBe(200);
    expect((await upload(late._id)).status).toBe(200);

    const rejectedEarly = await request(ctx.app)
      .post(`/api/orders/${early._id}/proof/reject`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ reason: 'Illisible' });
    expect(rejectedEarly.status).toBe(200);
    // The placement's hold again, and the owner may cancel or send another proof; the mail says until when.
    expect(orderSchema.parse(rejectedEarly.body).holdExpiresAt).toBe(early.holdExpiresAt);
    await expect
      .poll(() => ctx.sentMails.find((m) => m.subject.includes(early._id.slice(0, 8)) && m.text.includes('Illisible'))?.text ?? '')
      .toMatch(/Your seats are held until/);

    ctx.clock.advance(minutes(HOLD_MINUTES + 1));
    await sweep();
    expect((await read(late._id)).status).toBe('pending');
    const rejectedLate = await request(ctx.app)
      .post(`/api/orders/${late._id}/proof/reject`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ reason: 'Montant faux' });
    expect(orderSchema.parse(rejectedLate.body).holdExpiresAt).toBe(late.holdExpiresAt);
    // Its hold has passed: the mail promises no seat.
    await expect
      .poll(() => ctx.sentMails.some((m) => m.subject.includes(late._id.slice(0, 8)) && m.text.includes('Montant faux')))
      .toBe(true);
    const lateMail = ctx.sentMails.find((m) => m.subject.includes(late._id.slice(0, 8)) && m.text.includes('Montant faux'));
    expect(lateMail?.text).not.toMatch(/Your seats are held until/);
    await sweep();
    expect((await read(late._id)).status).toBe('expired');
    expect((await read(early._id)).status).toBe('expired');
    expect(await seatsOf(courseId)).toBe(5);
  });

  it('keeps the first hold to put back when a second proof replaces a waiting one', async () => {
    const { order } = await placeTransfer(1);
    expect((await upload(order._id)).status).toBe(200);
    ctx.clock.advance(hours(2));
    const again = await upload(order._id);
    expect(again.status).toBe(200);
    expect(Date.parse(orderSchema.parse(again.body).holdExpiresAt ?? '')).toBeGreaterThan(ctx.clock.now().getTime() + hours(PROOF_HOLD_HOURS - 1));
    const rejected = await request(ctx.app)
      .post(`/api/orders/${order._id}/proof/reject`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ reason: 'Illisible' });
    expect(orderSchema.parse(rejected.body).holdExpiresAt).toBe(order.holdExpiresAt);
  });
});

describe('a receipt racing the owner’s cancel and the expiry sweeper', () => {
  it('either keeps the proof and refuses the cancel, or cancels and keeps no proof, never both', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const { order, courseId } = await placeTransfer();
      const proofsBefore = await countProofs(ctx.database.db);
      const [sent, cancelled] = await Promise.all([upload(order._id), cancel(order._id)]);
      const final = await read(order._id);
      if (sent.status === 200) {
        seen.add('upload first');
        expect(cancelled.status).toBe(409);
        expect(cancelled.body).toMatchObject({ code: 'PROOF_SUBMITTED' });
        expect(final).toMatchObject({ status: 'pending', paymentProof: { status: 'submitted' } });
        expect(await seatsOf(courseId)).toBe(3);
        expect(await countProofs(ctx.database.db)).toBe(proofsBefore + 1);
      } else {
        seen.add('cancel first');
        expect(sent.status).toBe(409);
        expect(sent.body).toMatchObject({ message: MESSAGES.proofNotAccepted });
        expect(cancelled.status).toBe(200);
        expect(final).toMatchObject({ status: 'cancelled', paymentProof: null });
        expect(await seatsOf(courseId)).toBe(5);
        expect(await countProofs(ctx.database.db)).toBe(proofsBefore);
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('either extends the hold before the sweep or is refused after it, never a proof on an order whose seats went back', async () => {
    const seen = new Set<string>();
    // The sweep starts with the receipt or a little after it, so both orders of arrival happen.
    for (const lagMs of [0, 0, 10, 30, 150, 300]) {
      const { order, courseId } = await placeTransfer();
      // The hold has just ended: the sweeper and the receipt arrive together.
      ctx.clock.advance(minutes(HOLD_MINUTES + 1));
      const lateSweep = new Promise((resolve) => setTimeout(resolve, lagMs)).then(sweep);
      const [sent] = await Promise.all([upload(order._id), lateSweep]);
      await sweep();
      const final = await read(order._id);
      seen.add(sent.status === 200 ? 'receipt first' : 'sweep first');
      if (sent.status === 200) {
        expect(final).toMatchObject({ status: 'pending', paymentProof: { status: 'submitted' } });
        expect(Date.parse(final.holdExpiresAt ?? '')).toBeGreaterThan(ctx.clock.now().getTime() + hours(PROOF_HOLD_HOURS - 1));
        expect(await seatsOf(courseId)).toBe(3);
      } else {
        expect(sent.status).toBe(409);
        expect(final).toMatchObject({ status: 'expired', paymentProof: null });
        expect(await seatsOf(courseId)).toBe(5);
      }
    }
    // A receipt that came first held the order past the sweeps that followed it.
    expect(seen.has('receipt first')).toBe(true);
  });
});

import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { Order, PaymentMethod } from '@shop/shared';
import { orders } from '../modules/enrolment/tables/orders.schema.js';
import type { TestContext } from './context.js';
import type { UserFixture } from './factories.js';

export const testShippingAddress = {
  address: '5 Rue de Marseille',
  city: 'Tunis',
  postalCode: '1000',
  country: 'France',
};

/** Places an order through the API (as a customer would), then moves its creation time when asked. */
export async function placeTestOrder(
  ctx: TestContext,
  buyer: UserFixture,
  lines: { course: string; qty: number }[],
  options: { paymentMethod?: PaymentMethod; createdAt?: Date } = {},
): Promise<Order> {
  const res = await request(ctx.app)
    .post('/api/orders')
    .set('Authorization', `Bearer ${buyer.token}`)
    .send({
      orderItems: lines,
      shippingAddress: testShippingAddress,
      paymentMethod: options.paymentMethod ?? 'Card',
    });
  if (res.status !== 201)
    throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  const order = res.body as Order;
  if (options.createdAt)
    await ctx.database.db
      .update(orders)
      .set({ createdAt: options.createdAt })
      .where(eq(orders.id, order._id));
  return order;
}

/** An admin action on an order through the API. */
export async function adminOrderAction(
  ctx: TestContext,
  admin: UserFixture,
  id: string,
  action: 'pay' | 'learn' | 'cancel',
): Promise<Order> {
  const call =
    action === 'cancel'
      ? request(ctx.app).post(`/api/orders/${id}/cancel`)
      : request(ctx.app).put(`/api/orders/${id}/${action}`);
  const res = await call.set('Authorization', `Bearer ${admin.token}`).send({});
  if (res.status !== 200)
    throw new Error(`${action} refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Order;
}

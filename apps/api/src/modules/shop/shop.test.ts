import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('GET /api/shop', () => {
  it('answers the address and opening hours the centre set', async () => {
    ctx = await createTestContext({
      SHOP_LEGAL_NAME: 'Centre Ibn Khaldoun SARL',
      SHOP_ADDRESS: '7 Rue de Marseille, 1000 Tunis',
      SHOP_HOURS: 'Mon-Fri 8:30-17:30, Sat 9:00-13:00',
    });
    const answer = await request(ctx.app).get('/api/shop').expect(200);
    expect(answer.body).toEqual({
      name: 'Centre Ibn Khaldoun SARL',
      address: '7 Rue de Marseille, 1000 Tunis',
      hours: 'Mon-Fri 8:30-17:30, Sat 9:00-13:00',
    });
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers the demo values outside production when nothing is set', async () => {
    ctx = await createTestContext();
    const answer = await request(ctx.app).get('/api/shop').expect(200);
    expect(answer.body.address).toMatch(/Tunis/);
    expect(answer.body.hours).not.toBe('');
  });
});

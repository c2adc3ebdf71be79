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
      // Written once: every language shows it as written.
      hoursFr: 'Mon-Fri 8:30-17:30, Sat 9:00-13:00',
      hoursAr: 'Mon-Fri 8:30-17:30, Sat 9:00-13:00',
    });
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers the demo values outside production when nothing is set', async () => {
    ctx = await createTestContext();
    const answer = await request(ctx.app).get('/api/shop').expect(200);
    expect(answer.body.address).toMatch(/Tunis/);
    expect(answer.body.hours).toBe('Monday to Saturday, 9:00 to 18:00');
    expect(answer.body.hoursFr).toBe('Du lundi au samedi, de 9 h à 18 h');
    expect(answer.body.hoursAr).toBe('من الاثنين إلى السبت، من 9:00 إلى 18:00');
  });

  it('answers the hours in French and Arabic as the centre wrote them (issue 54)', async () => {
    ctx = await createTestContext({
      SHOP_HOURS: 'Monday to Friday, 8:30 to 17:30',
      SHOP_HOURS_FR: 'Du lundi au vendredi, de 8 h 30 à 17 h 30',
      SHOP_HOURS_AR: 'من الاثنين إلى الجمعة، من 8:30 إلى 17:30',
    });
    const answer = await request(ctx.app).get('/api/shop').expect(200);
    expect(answer.body).toMatchObject({
      hours: 'Monday to Friday, 8:30 to 17:30',
      hoursFr: 'Du lundi au vendredi, de 8 h 30 à 17 h 30',
      hoursAr: 'من الاثنين إلى الجمعة، من 8:30 إلى 17:30',
    });
  });
});

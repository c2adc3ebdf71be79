import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateListItem } from '@shop/shared';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, createUser } from '../../../test/factories.js';
import { adminOrderAction, placeTestOrder } from '../../../test/orders.js';

const WEB_INDEX = readFileSync(path.join(import.meta.dirname, '../../../../../web/index.html'), 'utf8');

let ctx: TestContext;
let webDist: string;
let certificate: CertificateListItem;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'certificate-page-test-'));
  writeFileSync(path.join(webDist, 'index.html'), WEB_INDEX);
  ctx = await createTestContext({ WEB_DIST: webDist, SHOP_LEGAL_NAME: 'Centre Ennour' });
  const { db } = ctx.database;
  const admin = await createAdmin(db, ctx.config);
  const learner = await createUser(db, ctx.config, { name: 'Rim <Saidi>' });
  const course = await createCourse(db, { name: 'Cabin Crew Basics', availability: 5 });
  const order = await placeTestOrder(ctx, learner, [{ course: course.id, qty: 1 }], { paymentMethod: 'In Place' });
  await adminOrderAction(ctx, admin, order._id, 'pay');
  await adminOrderAction(ctx, admin, order._id, 'learn');
  const list = await request(ctx.app).get('/api/certificates').set('Authorization', `Bearer ${learner.token}`);
  certificate = (list.body as CertificateListItem[])[0] as CertificateListItem;
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the check page as served', () => {
  it('has its own share preview and tells search engines to leave it out', async () => {
    const res = await request(ctx.app).get(`/certificates/${certificate._id}`).set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Valid certificate: Rim &#60;Saidi&#62; · Course Shop</title>');
    expect(res.text).toContain('<meta property="og:title" content="Valid certificate: Rim &#60;Saidi&#62; · Course Shop" />');
    expect(res.text).toMatch(/<meta property="og:description" content="Cabin Crew Basics\. Issued to Rim &#60;Saidi&#62; by Centre Ennour on /);
    expect(res.text).toContain('<meta name="robots" content="noindex" />');
    expect(res.text).not.toContain('rel="canonical"');
  });

  it('answers an unknown certificate with the 404 page, not indexed', async () => {
    const res = await request(ctx.app).get('/certificates/AAAAAAAAAAAAAAAAAAAAAAAA').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<title>404 Not Found · Course Shop</title>');
    expect(res.text).toContain('<meta name="robots" content="noindex" />');
  });
});

import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { mountedApiRoutes, openApiDocument, openApiPath } from './openapi.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Every call of the API (docs/api.md; and the health check, the document itself and issue 16's order calls). */
const CONTRACT_ROUTES = [
  'post /api/users/login',
  'post /api/users',
  'get /api/users/verify/{token}',
  'get /api/users/confirm-email/{token}',
  'get /api/users/cancel-email/{token}',
  'post /api/users/forgot-password',
  'get /api/users/validate-reset-token/{token}',
  'post /api/users/reset-password/{token}',
  'get /api/users/profile',
  'put /api/users/profile',
  'delete /api/users/profile/pending-email',
  'get /api/users/{id}',
  'get /api/users',
  'put /api/users/{id}',
  'delete /api/users/{id}',
  'get /api/courses',
  'get /api/courses/{id}',
  'post /api/courses',
  'put /api/courses/{id}',
  'delete /api/courses/{id}',
  'post /api/courses/{id}/reviews',
  'get /api/courses/{id}/sessions',
  'post /api/courses/{id}/sessions',
  'post /api/orders',
  'get /api/orders/myorders',
  'get /api/orders/{id}',
  'get /api/orders/{id}/calendar.ics',
  'get /api/orders',
  'put /api/orders/{id}/pay',
  'put /api/orders/{id}/learn',
  'post /api/orders/{id}/cancel',
  'get /api/orders/{id}/history',
  'get /api/orders/{id}/agreement',
  'get /api/orders/{id}/attendance-certificate',
  'get /api/orders/{id}/invoice',
  // Issue 52: lawful invoices (TEIF documents, TTN references, the accountant's export) and the shop's rates.
  'get /api/orders/{id}/invoice.xml',
  'get /api/orders/{id}/credit-note.xml',
  'put /api/orders/{id}/invoice/ttn',
  'put /api/orders/{id}/credit-note/ttn',
  'get /api/invoices/export',
  'get /api/shop/pricing',
  // Issue 31: the credit note of a refunded order.
  'get /api/orders/{id}/credit-note',
  // Issue 31: a refund due recorded as made, and the dashboard's payments to refund.
  'put /api/orders/{id}/refund',
  // Issue 51: naming the people in an order line's seats.
  'put /api/orders/{id}/lines/{lineId}/learners',
  'put /api/sessions/{id}',
  'post /api/sessions/{id}/cancel',
  // Issue 34: a session's roster, attendance, its CSV and "mark learned" (admin).
  'get /api/sessions/{id}',
  'get /api/sessions/{id}/roster',
  'put /api/sessions/{id}/attendance',
  'get /api/sessions/{id}/attendance.csv',
  'post /api/sessions/{id}/learned',
  // Issue 34: moving a learner to another session of the same course (admin).
  'post /api/sessions/{id}/move',
  // Issue 34: the waitlist of a full session (signed in).
  'post /api/sessions/{id}/waitlist',
  'delete /api/sessions/{id}/waitlist',
  'get /api/waitlist',
  'get /api/admin/refunds',
  // Issue 36: the proof of payment of a Transfer order.
  'post /api/orders/{id}/proof',
  'get /api/orders/{id}/proof',
  'post /api/orders/{id}/proof/reject',
  // Issue 17: online payment, and the built-in test gateway (outside production, no provider set).
  'post /api/orders/{id}/payment',
  'get /api/payments/options',
  'get /api/payments/konnect/webhook',
  // Issue 36: Flouci's webhook.
  'post /api/payments/flouci/webhook',
  'post /api/payments/test-gateway/payments/init-payment',
  'get /api/payments/test-gateway/payments/{ref}',
  'get /api/payments/test-gateway/pay/{ref}',
  'post /api/payments/test-gateway/pay/{ref}/complete',
  'post /api/payments/test-gateway/pay/{ref}/fail',
  'get /api/shop',
  'get /api/courses/drafts',
  // Issue 19: the back office.
  'get /api/orders/export.csv',
  // Issue 51: a child asks a parent to pay.
  'get /api/orders/paying',
  'post /api/orders/{id}/payer',
  'post /api/orders/{id}/payer/accept',
  'get /api/admin/stats',
  'get /api/admin/courses',
  'get /api/admin/audit',
  'post /api/images',
  'get /api/images/{id}',
  'get /api/images/{id}/{width}',
  // Issue 35: certificates.
  'get /api/certificates',
  'get /api/certificates/{id}',
  'get /api/certificates/{id}/pdf',
  'post /api/certificates/{id}/revoke',
  'post /api/certificates/{id}/reissue',
  'post /api/coupons',
  'get /api/coupons',
  'put /api/coupons/{id}',
  'delete /api/coupons/{id}',
  'post /api/coupons/check',
  'get /api/messages',
  'get /api/messages/export',
  'get /api/health',
  'post /api/newsletter',
  'get /api/openapi.json',
  'get /api/docs',
];

type Document = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));

/** Mounted routes the document leaves out, as `method /path`. */
const undocumented = (document: Document, app: Parameters<typeof mountedApiRoutes>[0]) =>
  mountedApiRoutes(app)
    .map((r) => `${r.method} ${openApiPath(r.path)}`)
    .filter((route) => !operationsOf(document).includes(route));

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await request(ctx.app).get('/api/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every call of the contract, and nothing it does not serve', async () => {
    const document = (await request(ctx.app).get('/api/openapi.json').expect(200)).body as Document;
    expect(operationsOf(document).sort()).toEqual([...CONTRACT_ROUTES].sort());
    expect(undocumented(document, ctx.app.express)).toEqual([]);
  });

  it('notices a mounted route that is missing from the document', async () => {
    const app = createApp(ctx.deps);
    // A route added the plain Express way, without the typed route helper.
    app.express.get('/api/courses-export', (_req, res) => {
      res.json([]);
    });
    expect(undocumented(openApiDocument(app.express) as unknown as Document, app.express)).toEqual(['get /api/courses-export']);
  });

  it('documents the answers a client relies on: schemas, errors, paging header and bearer auth', async () => {
    const document = (await request(ctx.app).get('/api/openapi.json').expect(200)).body;
    const placeOrder = document.paths['/api/orders'].post;
    expect(Object.keys(placeOrder.responses).sort()).toEqual(['200', '201', '400', '401', '409', '413', '500', '503']);
    expect(placeOrder.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Order' });
    expect(placeOrder.security).toEqual([{ bearerAuth: [] }]);
    expect(placeOrder.parameters[0].required).not.toBe(true);
    expect(placeOrder.parameters).toEqual([
      expect.objectContaining({ in: 'header', name: 'idempotency-key', schema: expect.objectContaining({ type: 'string' }) }),
    ]);
    const list = document.paths['/api/courses'].get;
    expect(list.responses['200'].headers['X-Total-Count']).toBeDefined();
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['keyword', 'Cg', 'filter', 'from', 'to', 'sort', 'page', 'limit']),
    );
    expect(document.paths['/api/courses/{id}'].delete.responses['403'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(document.components.schemas.Error.required).toEqual(['message']);
    const invoice = document.paths['/api/orders/{id}/invoice'].get;
    expect(Object.keys(invoice.responses['200'].content)).toEqual(['application/pdf']);
    expect(invoice.responses['200'].headers['Content-Disposition']).toBeDefined();
    expect(Object.keys(invoice.responses)).toEqual(expect.arrayContaining(['403', '404', '409']));
    expect(document.paths['/api/orders/{id}/cancel'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Order',
    });
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page whose scripts and styles the shop serves itself, allowed by its CSP', async () => {
    const page = await request(ctx.app).get('/api/docs').expect(200).expect('Content-Type', /text\/html/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets).toEqual(['/api/docs/assets/swagger-ui.css', '/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/start.js']);
    expect(page.text).not.toMatch(/<script>[^<]/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    for (const asset of assets) {
      const res = await request(ctx.app).get(asset).expect(200);
      expect(res.headers['content-type']).toMatch(asset.endsWith('.css') ? /text\/css/ : /javascript/);
    }
    const start = await request(ctx.app).get('/api/docs/assets/start.js');
    expect(start.text).toContain("url: '/api/openapi.json'");
  });
});

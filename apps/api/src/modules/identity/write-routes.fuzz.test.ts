/**
 * Throws a few hundred malformed bodies at every write route mounted in the app: no answer
 * may be a 5xx, none may leak a password hash, and nobody may become admin through them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { users } from './identity.schema.js';
import { createAdmin, createCourse, createUser, type UserFixture } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { signUserToken } from '../../lib/user-tokens.js';

/**
 * Bodies per route and caller. `pnpm test` (the README's quick command) sends a quarter of them;
 * CI's suite on the PostgreSQL server sets `FUZZ_RUNS=full` and sends them all.
 */
const FULL_RUNS = process.env['FUZZ_RUNS'] === 'full';
const RUNS_AS_CALLER = FULL_RUNS ? 200 : 50;
const RUNS_AS_PLAIN_USER = FULL_RUNS ? 50 : 12;

let ctx: TestContext;
let admin: UserFixture;
let plain: UserFixture;
let courseId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
  plain = await createUser(ctx.database.db, ctx.config);
  courseId = (await createCourse(ctx.database.db)).id;
});
afterAll(() => ctx.close());

type Caller = 'anonymous' | 'user' | 'admin';
interface PathIds {
  admin: string;
  course: string;
  /** An id that names nothing (a fresh one per request). */
  unknown: string;
  linkToken: string;
}
const currentIds = (): PathIds => ({ admin: admin.user.id, course: courseId, unknown: randomUUID(), linkToken: 'A'.repeat(43) });
const labelIds: PathIds = { admin: ':id', course: ':id', unknown: ':id', linkToken: ':token' };
interface WriteRoute {
  method: 'post' | 'put' | 'patch' | 'delete';
  path: (ids: PathIds) => string;
  caller: Caller;
  /** Field names the route reads: the fuzzer favours them. */
  fields: string[];
}

/** Every write route of the API. A route not mounted (yet) is skipped; a mounted route missing here fails the completeness test. */
const WRITE_ROUTES: WriteRoute[] = [
  { method: 'post', path: () => '/api/users/login', caller: 'anonymous', fields: ['email', 'password'] },
  { method: 'post', path: () => '/api/users', caller: 'anonymous', fields: ['name', 'email', 'password', 'isKid'] },
  { method: 'post', path: () => '/api/users/forgot-password', caller: 'anonymous', fields: ['email'] },
  { method: 'post', path: (ids) => `/api/users/reset-password/${ids.linkToken}`, caller: 'anonymous', fields: ['newPassword'] },
  { method: 'put', path: () => '/api/users/profile', caller: 'user', fields: ['name', 'email', 'password', 'currentPassword'] },
  // Issue 49: the profile's cancel of a pending e-mail change (no body).
  { method: 'delete', path: () => '/api/users/profile/pending-email', caller: 'user', fields: [] },
  // The admin edits itself: a real admin may promote others, which is not what this test hunts.
  { method: 'put', path: (ids) => `/api/users/${ids.admin}`, caller: 'admin', fields: ['name', 'email', 'isAdmin', 'isKid'] },
  { method: 'delete', path: (ids) => `/api/users/${ids.unknown}`, caller: 'admin', fields: [] },
  { method: 'post', path: () => '/api/newsletter', caller: 'anonymous', fields: ['email'] },
  { method: 'post', path: () => '/api/courses', caller: 'admin', fields: ['name', 'price'] },
  {
    method: 'put',
    path: (ids) => `/api/courses/${ids.course}`,
    caller: 'admin',
    fields: ['name', 'price', 'images', 'Images', 'category', 'sizes', 'availability', 'description'],
  },
  { method: 'delete', path: (ids) => `/api/courses/${ids.unknown}`, caller: 'admin', fields: [] },
  { method: 'post', path: (ids) => `/api/courses/${ids.course}/reviews`, caller: 'user', fields: ['rating', 'comment'] },
  {
    method: 'post',
    path: () => '/api/orders',
    caller: 'user',
    fields: ['orderItems', 'shippingAddress', 'paymentMethod', 'course', 'qty', 'price', 'address', 'city', 'postalCode', 'country', 'itemsPrice', 'totalPrice'],
  },
  { method: 'put', path: (ids) => `/api/orders/${ids.unknown}/pay`, caller: 'admin', fields: ['isPaid'] },
  { method: 'put', path: (ids) => `/api/orders/${ids.unknown}/learn`, caller: 'admin', fields: ['isLearned'] },
  { method: 'post', path: (ids) => `/api/orders/${ids.unknown}/cancel`, caller: 'admin', fields: ['status', 'refundedAt'] },
  // Issue 31: the refund due recorded as made.
  { method: 'put', path: (ids) => `/api/orders/${ids.unknown}/refund`, caller: 'admin', fields: ['note'] },
  // Issue 17: online payment, and the built-in test gateway (mounted outside production without a provider).
  { method: 'post', path: (ids) => `/api/orders/${ids.unknown}/payment`, caller: 'user', fields: ['payUrl', 'amount'] },
  {
    method: 'post',
    path: () => '/api/payments/test-gateway/payments/init-payment',
    caller: 'anonymous',
    fields: ['receiverWalletId', 'token', 'amount', 'type', 'lifespan', 'orderId', 'webhook', 'successUrl', 'failUrl'],
  },
  { method: 'post', path: () => `/api/payments/test-gateway/pay/${'0'.repeat(24)}/complete`, caller: 'anonymous', fields: ['status'] },
  { method: 'post', path: () => `/api/payments/test-gateway/pay/${'0'.repeat(24)}/fail`, caller: 'anonymous', fields: ['status'] },
  // Issue 35: certificates, revoked or re-issued by an admin.
  { method: 'post', path: () => `/api/certificates/${'A'.repeat(24)}/revoke`, caller: 'admin', fields: ['reason'] },
  { method: 'post', path: () => `/api/certificates/${'A'.repeat(24)}/reissue`, caller: 'admin', fields: ['reason'] },
  // Issue 33: dated sessions (admin).
  {
    method: 'post',
    path: (ids) => `/api/courses/${ids.course}/sessions`,
    caller: 'admin',
    fields: ['startsAt', 'endsAt', 'schedule', 'place', 'capacity'],
  },
  {
    method: 'put',
    path: (ids) => `/api/sessions/${ids.unknown}`,
    caller: 'admin',
    fields: ['startsAt', 'endsAt', 'schedule', 'place', 'capacity'],
  },
  { method: 'post', path: (ids) => `/api/sessions/${ids.unknown}/cancel`, caller: 'admin', fields: [] },
  // Issue 34: attendance of a day, and "mark learned" for several orders of a session.
  { method: 'put', path: (ids) => `/api/sessions/${ids.unknown}/attendance`, caller: 'admin', fields: ['date', 'present'] },
  { method: 'post', path: (ids) => `/api/sessions/${ids.unknown}/learned`, caller: 'admin', fields: ['orders'] },
  { method: 'post', path: (ids) => `/api/sessions/${ids.unknown}/move`, caller: 'admin', fields: ['order', 'to'] },
  // Issue 34: joining and leaving the waitlist of a session.
  { method: 'post', path: (ids) => `/api/sessions/${ids.unknown}/waitlist`, caller: 'user', fields: ['seats'] },
  { method: 'delete', path: (ids) => `/api/sessions/${ids.unknown}/waitlist`, caller: 'user', fields: [] },
  // Issue 36: a transfer's proof (multipart: a JSON body is no file), its rejection, and Flouci's webhook.
  { method: 'post', path: (ids) => `/api/orders/${ids.unknown}/proof`, caller: 'user', fields: ['file'] },
  { method: 'post', path: (ids) => `/api/orders/${ids.unknown}/proof/reject`, caller: 'admin', fields: ['reason'] },
  { method: 'post', path: () => '/api/payments/flouci/webhook', caller: 'anonymous', fields: ['payment_id', 'status'] },
  // Issue 37: coupons.
  {
    method: 'post',
    path: () => '/api/coupons',
    caller: 'admin',
    fields: ['code', 'kind', 'value', 'startsAt', 'endsAt', 'maxUses', 'maxUsesPerCustomer', 'courses', 'categories', 'minItemsPrice'],
  },
  { method: 'post', path: () => '/api/coupons/check', caller: 'user', fields: ['code', 'orderItems', 'course', 'qty', 'session'] },
  { method: 'put', path: (ids) => `/api/coupons/${ids.unknown}`, caller: 'admin', fields: ['code', 'kind', 'value', 'maxUses'] },
  { method: 'delete', path: (ids) => `/api/coupons/${ids.unknown}`, caller: 'admin', fields: [] },
  // A picture upload takes the file as its body; a JSON body is no picture (400).
  { method: 'post', path: () => '/api/images', caller: 'admin', fields: [] },
  // Issue 51: learners named per seat, a child asks a parent to pay.
  {
    method: 'put',
    path: (ids) => `/api/orders/${ids.unknown}/lines/${ids.unknown}/learners`,
    caller: 'user',
    fields: ['learners', 'name', 'email', 'phone', '_id'],
  },
  { method: 'post', path: (ids) => `/api/orders/${ids.unknown}/payer`, caller: 'user', fields: ['email'] },
  { method: 'post', path: (ids) => `/api/orders/${ids.unknown}/payer/accept`, caller: 'user', fields: ['token', 'paymentMethod'] },
  // Issue 52: El Fatoora's references of an invoice and a credit note.
  { method: 'put', path: (ids) => `/api/orders/${ids.unknown}/invoice/ttn`, caller: 'admin', fields: ['reference'] },
  { method: 'put', path: (ids) => `/api/orders/${ids.unknown}/credit-note/ttn`, caller: 'admin', fields: ['reference', 'number'] },
];

/** A current token: a fuzzed profile update may legitimately change the password and retire the old one. */
async function authorization(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const fixture = caller === 'admin' ? admin : plain;
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, fixture.user.id));
  if (!row) throw new Error(`${caller} fixture vanished`);
  return `Bearer ${signUserToken(ctx.config.jwtSecret, row, ctx.clock.now())}`;
}

const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'isVerified', 'passwordHash', '_id', 'id', 'user', 'isPaid'];

function bodyArbitrary(fields: string[]) {
  const key = fc.oneof(fc.constantFrom(...fields, ...DANGEROUS_KEYS), fc.string({ maxLength: 12 }));
  const leaf = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(
      '',
      ' ',
      'a@b.co',
      'ADMIN@EXAMPLE.COM',
      'password123',
      'true',
      '1e309',
      '-1',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '\u0000',
      '💥'.repeat(300),
      'x'.repeat(5_000),
      'y'.repeat(60_000),
      'z'.repeat(150_000),
      'Card',
      'In Place',
      randomUUID(),
    ),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      tie('object'),
    ),
    // Object.fromEntries makes "__proto__" an own key, so it really goes over the wire.
    object: fc.array(fc.tuple(key, tie('value')), { maxLength: 6 }).map((entries) => Object.fromEntries(entries)),
  }));
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.tuple(key, value), { maxLength: 8 }).map((entries) => JSON.stringify(Object.fromEntries(entries))) },
    { weight: 2, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '[]', 'null', '{"a":', '{}') },
  );
}

function expectNoSecrets(text: string): void {
  expect(text).not.toMatch(/\$2[aby]?\$\d\d\$/);
  expect(text).not.toMatch(/"[^"]*password[^"]*"\s*:/i);
}

async function send(route: WriteRoute, caller: Caller, body: string) {
  const header = await authorization(caller);
  let req = request(ctx.app)[route.method](route.path(currentIds())).set('Content-Type', 'application/json');
  if (header) req = req.set('Authorization', header);
  return req.send(body);
}

/** Write routes of the running app, read from Express's router stack (mount paths are not kept there). */
function countMountedWriteRoutes(): number {
  interface Layer {
    route?: { methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
  }
  const walk = (stack: Layer[]): number =>
    stack.reduce((n, layer) => {
      if (layer.route) return n + Object.keys(layer.route.methods).filter((m) => !['get', 'head', 'options'].includes(m)).length;
      return layer.handle?.stack ? n + walk(layer.handle.stack) : n;
    }, 0);
  return walk((ctx.app.express as unknown as { router: { stack: Layer[] } }).router.stack);
}

async function isMounted(route: WriteRoute): Promise<boolean> {
  const res = await send(route, 'admin', '{}');
  return !(res.status === 404 && res.body.message === MESSAGES.routeNotFound);
}

describe('every write route under malformed bodies', () => {
  it('the route table covers every write route the app mounts', async () => {
    const mounted = [];
    for (const route of WRITE_ROUTES) if (await isMounted(route)) mounted.push(route);
    expect(mounted.length).toBeGreaterThanOrEqual(7);
    expect(mounted.length).toBe(countMountedWriteRoutes());
  });

  for (const route of WRITE_ROUTES) {
    const name = `${route.method.toUpperCase()} ${route.path(labelIds)}`;
    it(`${name}: never a 5xx, never a hash, nobody becomes admin`, { timeout: 240_000 }, async () => {
      if (!(await isMounted(route))) return;
      const adminsBefore = await ctx.database.db.$count(users, eq(users.isAdmin, true));
      const runs: [Caller, number][] = [
        [route.caller, RUNS_AS_CALLER],
        ...(route.caller === 'user' ? [] : ([['user', RUNS_AS_PLAIN_USER]] as [Caller, number][])),
        ...(route.caller === 'anonymous' ? [] : ([['anonymous', RUNS_AS_PLAIN_USER]] as [Caller, number][])),
      ];
      for (const [caller, numRuns] of runs) {
        await fc.assert(
          fc.asyncProperty(bodyArbitrary(route.fields), async (body) => {
            const res = await send(route, caller, body);
            expect(res.status, `${caller} ${body.slice(0, 200)} -> ${res.text.slice(0, 200)}`).toBeLessThan(500);
            expectNoSecrets(res.text);
          }),
          { numRuns, endOnFailure: true },
        );
      }
      expect(await ctx.database.db.$count(users, eq(users.isAdmin, true))).toBe(adminsBefore);
      const [plainRow] = await ctx.database.db.select().from(users).where(eq(users.id, plain.user.id));
      expect(plainRow?.isAdmin).toBe(false);
      expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
    });
  }
});

/**
 * Online payment with the shop's built-in test gateway (no provider configured, outside
 * production): a Card order goes to the gateway's page; Fail comes back with the message and
 * Pay again; Pay comes back and the order page shows PAID AT, confirmed by the server.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  accessibilityViolations,
  baseUrl,
  browserForFile,
  mailLinkFor,
  newContext,
  openPage,
  waitForApp,
  screenshotter,
} from './browser.js';
import { cartLineOf, coursesWithSeats } from './shop-api.js';

const browser = browserForFile();

const shot = screenshotter('', { settleMs: 0 });

async function api<T>(
  pathname: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${baseUrl()}${pathname}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

/** A verified customer, signed in: the login answer is what the web client keeps as userInfo. */
async function verifiedCustomer(): Promise<Record<string, unknown> & { token: string }> {
  const email = `payer-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'journey-pass-1';
  const registered = await api('/api/users', {
    method: 'POST',
    body: JSON.stringify({ name: 'Youssef Ben Salah', email, password, isKid: false }),
  });
  assert.equal(registered.status, 201);
  const link = await mailLinkFor(email, '/verify/');
  const token = new URL(link).pathname.split('/').pop()!;
  assert.equal((await api(`/api/users/verify/${token}`)).status, 200);
  const login = await api<Record<string, unknown> & { token: string }>('/api/users/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  assert.equal(login.status, 200);
  return login.body;
}

describe('paying online with the built-in test gateway', () => {
  test('Card order → gateway → Fail → message and Pay again → Pay → the order shows PAID AT', async () => {
    const options = await api<{ onlineProvider: string | null }>('/api/payments/options');
    assert.equal(options.body.onlineProvider, 'test', 'the shop runs with its test gateway');
    const courses = await coursesWithSeats(2);
    const course = courses[0]!;
    const userInfo = await verifiedCustomer();

    for (const width of [375, 1280]) {
      const context = await newContext(browser(), {
        width,
        storage: {
          userInfo,
          cartItems: [cartLineOf(course)],
          shippingAddress: {
            address: '5 Rue de Marseille',
            city: 'Tunis',
            postalCode: '1000',
            country: 'France',
          },
          paymentMethod: 'Card',
        },
      });
      // Shipping: Credit Card is offered, with a line saying where the customer will pay.
      const page = await openPage(context, '/shipping');
      await page.getByRole('radio', { name: 'Credit Card' }).check();
      await page.getByText(/^Test mode: .* no money moves\.$/).waitFor();
      assert.equal(await page.getByLabel('Card number').count(), 0, 'no card inputs in the shop');
      await shot(page, `shipping-${width}`);
      await page.getByRole('button', { name: 'Place to order' }).click();
      await page.waitForURL('**/placeorder');
      await page.getByRole('button', { name: 'Place Order' }).click();

      // The provider's page (here the shop's own test gateway).
      await page.waitForURL('**/api/payments/test-gateway/pay/**');
      await page.getByRole('heading', { name: 'Test payment' }).waitFor();
      await shot(page, `gateway-${width}`);
      await page.getByRole('button', { name: 'Fail' }).click();

      await page.waitForURL(
        (url) => url.pathname.startsWith('/order/') && url.search === '?payment=failed',
      );
      const orderId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByText('Your payment did not go through, and no money was taken.').waitFor();
      await page.getByText('NOT PAID YET').waitFor();
      await waitForApp(page);
      await shot(page, `failed-${width}`);
      assert.deepEqual(
        await accessibilityViolations(page, { within: '#main' }),
        [],
        'accessibility of the failed payment',
      );

      await page.getByRole('button', { name: 'Pay again' }).click();
      await page.waitForURL('**/api/payments/test-gateway/pay/**');
      await page.getByRole('button', { name: /^Pay / }).click();

      await page.waitForURL(
        (url) => url.pathname === `/order/${orderId}` && url.search === '?payment=success',
      );
      const started = Date.now();
      await page.getByText(/^PAID AT \d{4}-\d{2}-\d{2}$/).waitFor({ timeout: 5_000 });
      assert.ok(Date.now() - started < 5_000, 'PAID shows within 5 s');
      await page.getByText('Thank you: your payment was received.').waitFor();
      await waitForApp(page);
      assert.equal(await page.getByRole('button', { name: /Pay (online|again)/ }).count(), 0);
      await shot(page, `paid-${width}`);
      assert.deepEqual(
        await accessibilityViolations(page, { within: '#main' }),
        [],
        'accessibility of the paid order',
      );

      // The server's word: paid through the test gateway, for the order's total.
      const order = await api<{
        isPaid: boolean;
        totalPrice: number;
        paymentResult: { provider: string; amount: number };
      }>(`/api/orders/${orderId}`, { headers: { Authorization: `Bearer ${userInfo.token}` } });
      assert.equal(order.body.isPaid, true);
      assert.deepEqual(
        { provider: order.body.paymentResult.provider, amount: order.body.paymentResult.amount },
        { provider: 'test', amount: order.body.totalPrice },
      );
      await context.close();
    }
  });
});

/**
 * Customer journeys in real Chromium against the real shop (run through scripts/e2e/run.ts):
 * a Child account lands in the kids area; an Adult verifies, buys two courses and sees the
 * server's order; a forgotten password is reset from the mailed link.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  accessibilityViolations,
  baseUrl,
  browserForFile,
  mailLinkFor,
  newContext,
  openPage,
  waitForApp,
} from './browser.js';
import { type CourseRow, coursesWithSeats } from './shop-api.js';

const browser = browserForFile();

const PASSWORD = 'journey-pass-1';
const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

/** Two demo courses with seats enough for the journey. */
async function twoCourses(): Promise<[CourseRow, CourseRow]> {
  const courses = await coursesWithSeats(3);
  assert.ok(courses.length >= 2, 'the demo catalogue has two courses with seats');
  return [courses[0]!, courses[1]!];
}

/** No axe violations in the page's own content (the shell has its own journey). */
async function assertAccessible(page: Page, screen: string): Promise<void> {
  assert.deepEqual(
    await accessibilityViolations(page, { within: '#main' }),
    [],
    `accessibility of ${screen}`,
  );
}

async function apiToken(email: string, password: string): Promise<string> {
  const answer = await fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(answer.status, 200, `login of ${email}`);
  return ((await answer.json()) as { token: string }).token;
}

/** Registers through the form; the success message shows, then /login opens after 2 s. */
async function register(
  page: Page,
  name: string,
  email: string,
  kind: 'Adult' | 'Child',
): Promise<void> {
  await page.goto('/register');
  await waitForApp(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('radio', { name: kind }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page
    .getByText('Registration successful. Please check your email to verify your account.')
    .waitFor();
  await page.waitForURL('**/login', { timeout: 5000 });
}

/** Opens the verification link of the newest mail; the answer shows, then /login after 3 s. */
async function verifyFromMail(page: Page, email: string): Promise<void> {
  const link = await mailLinkFor(email, '/verify/');
  await page.goto(link);
  await waitForApp(page);
  await page.getByText('Email verified. You can now sign in.').waitFor();
  await page.waitForURL('**/login', { timeout: 6000 });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('customer journeys', () => {
  test('a Child account verifies its e-mail and signs in to the kids area', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const email = uniqueEmail('kid');
    await register(page, 'Little Sami', email, 'Child');
    await verifyFromMail(page, email);
    await signIn(page, email, PASSWORD);
    await page.waitForURL('**/kids');
    await context.close();
  });

  test('an Adult verifies, buys two courses and sees the order as the server priced it', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const email = uniqueEmail('adult');
    await register(page, 'Amal Ben Salah', email, 'Adult');
    await verifyFromMail(page, email);
    await signIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');

    const [first, second] = await twoCourses();
    // One from the course page's Add to Cart, one through /cart/{id}?qty=2.
    await page.goto(`/course/${first._id}`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.goto(`/cart/${second._id}?qty=2`);
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Your Cart : 2' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/cart', 'the adding URL is replaced by /cart');
    await assertAccessible(page, 'the cart');

    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    // Signed in already: /login forwards straight to the redirect.
    await page.waitForURL('**/shipping');
    await page.getByLabel('Address', { exact: true }).fill('12 Rue de Rome');
    await page.getByLabel('Country', { exact: true }).selectOption('France');
    await page.getByLabel('City', { exact: true }).fill('Paris');
    await page.getByLabel('Zip', { exact: true }).fill('75008');
    await assertAccessible(page, 'shipping');
    await page.getByRole('radio', { name: 'On place' }).check();
    await page.getByRole('button', { name: 'Place to order' }).click();
    await page.waitForURL('**/placeorder');
    await page.getByText('12 Rue de Rome, Paris 75008, France').waitFor();
    await assertAccessible(page, 'place order');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order/**');
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText('NOT PAID YET').waitFor();
    await page.getByText('NOT Learned YET').waitFor();
    await assertAccessible(page, 'the order');

    const token = await apiToken(email, PASSWORD);
    const answer = await fetch(`${baseUrl()}/api/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const order = (await answer.json()) as {
      totalPrice: number;
      orderItems: { course: string; qty: number }[];
    };
    assert.deepEqual(
      order.orderItems.map((l) => [l.course, l.qty]).sort(),
      [
        [first._id, 1],
        [second._id, 2],
      ].sort(),
    );
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await summary.getByText(`$${order.totalPrice.toFixed(2)}`, { exact: true }).waitFor();

    // The cart is empty again and the profile lists the order.
    await page
      .getByRole('link', { name: /Profile/ })
      .first()
      .click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: 'Show my orders' }).click();
    const row = page.getByRole('table', { name: 'My orders' }).getByRole('row').nth(1);
    await row.getByRole('link', { name: /Details/ }).waitFor();
    assert.equal(
      await row.getByRole('link', { name: /Details/ }).getAttribute('href'),
      `/order/${orderId}`,
    );
    assert.ok((await row.textContent())?.includes(`$${order.totalPrice.toFixed(2)}`));
    await assertAccessible(page, 'my orders');
    await context.close();
  });

  test('a forgotten password is reset from the mailed link, and the new one signs in', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const email = uniqueEmail('forgetful');
    await register(page, 'Forgetful Farah', email, 'Adult');
    await verifyFromMail(page, email);

    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.waitForURL('**/forgot');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Please enter your email').waitFor();
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Check your email for further instructions').waitFor();

    const link = await mailLinkFor(email, '/reset-password');
    await page.goto(link);
    await waitForApp(page);
    const newPassword = 'a-brand-new-pass-2';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');

    // The used link is dead now.
    const reopened = await openPage(context, new URL(link).pathname + new URL(link).search);
    await reopened.getByText('Invalid or expired token.').waitFor();
    await reopened.close();

    await signIn(page, email, PASSWORD);
    await page.getByText('Invalid email or password').waitFor();
    await signIn(page, email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

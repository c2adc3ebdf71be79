/**
 * A child asks a parent to pay (issue 51): a child account's Transfer order, "Ask a parent to
 * pay" with the parent's e-mail; the parent opens the mailed link signed out, signs in, comes
 * back to the link, accepts, uploads the transfer receipt; the admin approves; the child sees
 * the order paid. Screenshots (E2E_SCREENSHOTS) of the child's "Ask a parent" and the payer's
 * view at 375 and 1280 px in ar, fr and en.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  accessibilityViolations,
  browserForFile,
  mailLinkFor,
  newContext,
  noWiderThan,
  openPage,
  screenshotter,
} from './browser.js';
import {
  ADMIN,
  api,
  coursesWithSeats,
  placeOrder,
  verifiedAccount,
  watchErrors,
  type UserInfo,
} from './shop-api.js';

const run = Date.now().toString(36);
const browser = browserForFile();
const shot = screenshotter('payer-');

/** A small PNG (a 1×1 pixel) standing for the photo of a receipt. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const LANGUAGES = ['ar', 'fr', 'en'] as const;
const WIDTHS = [375, 1280] as const;

/** The order page of `user` in `language` at `width`, for a screenshot; closed by the caller. */
async function orderPageAs(user: UserInfo, orderId: string, language: string, width: number) {
  const context = await newContext(browser(), {
    width,
    height: 900,
    storage: { userInfo: { ...user, language } },
  });
  await context.addInitScript(`localStorage.setItem('lang', '${language}');`);
  const page = await openPage(context, `/order/${orderId}`);
  await page.locator(`html[lang="${language}"]`).waitFor();
  return { context, page };
}

async function shotsAt(
  user: UserInfo,
  orderId: string,
  name: string,
  ready: (page: Page) => Promise<void>,
) {
  for (const language of LANGUAGES)
    for (const width of WIDTHS) {
      const { context, page } = await orderPageAs(user, orderId, language, width);
      const errors = watchErrors(page);
      await ready(page);
      await noWiderThan(page, width);
      await shot(page, `${name}-${language}-${String(width)}`);
      assert.deepEqual(errors, [], `${name} ${language} ${String(width)}`);
      await context.close();
    }
}

describe('a child asks a parent to pay', () => {
  test('child asks → parent signs in from the link, accepts, uploads the receipt → admin approves → child sees PAID', async () => {
    const options = await api<{ methods: string[] }>('GET', '/payments/options');
    assert.ok(options.methods.includes('Transfer'), 'pnpm start offers Transfer (demo account)');
    const course = (await coursesWithSeats(1)).find((c) => c.price > 0);
    assert.ok(course, 'a seeded course with a seat left and no sessions');
    const child = await verifiedAccount(
      'Yassine Kid',
      `yassine.kid.${run}@example.com`,
      'kid-pass-12',
      true,
    );
    const parentEmail = `mouna.parent.${run}@example.com`;
    await verifiedAccount('Mouna Parent', parentEmail, 'parent-pass-1');
    const order = await placeOrder(child.token, [{ course: course._id, qty: 1 }], 'Transfer');

    // The child's "Ask a parent to pay", in every language and width.
    await shotsAt(child, order._id, 'ask', async (page) => {
      await page.locator('.payer-ask').waitFor();
    });

    // The child asks, in English, by keyboard, confirming.
    const { context: childContext, page: childPage } = await orderPageAs(
      child,
      order._id,
      'en',
      375,
    );
    const childErrors = watchErrors(childPage);
    const ask = childPage.getByRole('region', { name: 'Ask a parent to pay' });
    await ask.getByLabel('Adult’s e-mail address').fill(parentEmail);
    childPage.once('dialog', (dialog) => void dialog.accept());
    await ask.getByLabel('Adult’s e-mail address').press('Enter');
    await ask.getByText(`Request sent to ${parentEmail}.`, { exact: false }).waitFor();
    assert.deepEqual(
      await accessibilityViolations(childPage, { within: '#main' }),
      [],
      'accessibility of the ask',
    );

    // The parent opens the link signed out: sign in, then back to the link.
    const link = await mailLinkFor(parentEmail, `/order/${order._id}?payer=`, 15_000);
    const parentContext = await newContext(browser(), { width: 375, height: 900 });
    const parentPage = await openPage(parentContext, new URL(link).pathname + new URL(link).search);
    const parentErrors = watchErrors(parentPage);
    await parentPage.waitForURL((url) => url.pathname === '/login');
    await parentPage.getByLabel('Email Address').fill(parentEmail);
    await parentPage.getByLabel('Password').fill('parent-pass-1');
    await parentPage.getByRole('button', { name: 'Sign In' }).click();
    await parentPage.waitForURL(
      (url) => url.pathname === `/order/${order._id}` && url.searchParams.has('payer'),
    );
    await parentPage.getByRole('heading', { name: 'Pay for a child’s order' }).waitFor();
    await shot(parentPage, 'accept-en-375');
    await parentPage.getByRole('button', { name: 'Accept and continue to payment' }).click();
    await parentPage
      .getByText('You are paying for Yassine Kid’s order.', { exact: false })
      .waitFor();

    // The parent pays by transfer: uploads the receipt.
    await parentPage
      .getByLabel('Proof of payment', { exact: true })
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
    await parentPage.getByRole('button', { name: 'Send the proof' }).click();
    await parentPage.getByText(/^Proof received on/).waitFor();
    assert.deepEqual(
      await accessibilityViolations(parentPage, { within: '#main' }),
      [],
      'accessibility of the payer view',
    );
    const parent = await api<UserInfo>('POST', '/users/login', {
      email: parentEmail,
      password: 'parent-pass-1',
    });
    const paying = await api<{ _id: string }[]>('GET', '/orders/paying', undefined, parent.token);
    assert.ok(
      paying.some((o) => o._id === order._id),
      'listed among the orders the parent pays for',
    );

    // The payer's view, in every language and width.
    await shotsAt(parent, order._id, 'payer', async (page) => {
      await page.locator('.transfer').waitFor();
    });

    // The admin approves the receipt.
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const adminContext = await newContext(browser(), { storage: { userInfo: admin } });
    const adminPage = await openPage(adminContext, `/order/${order._id}`);
    adminPage.once('dialog', (dialog) => void dialog.accept());
    await adminPage.getByRole('button', { name: 'Mark as Paid' }).click();
    await adminPage.getByText(/^PAID AT \d{4}-\d{2}-\d{2}$/).waitFor();
    await adminContext.close();

    // The child sees it paid, on the order and in the profile's orders.
    await childPage.reload();
    await childPage.getByText(/^PAID AT \d{4}-\d{2}-\d{2}$/).waitFor();
    assert.equal(await childPage.getByRole('region', { name: 'Ask a parent to pay' }).count(), 0);
    await shot(childPage, 'child-paid-en-375');

    // The parent's "Orders I pay for".
    await parentPage.goto(new URL('/profile', parentPage.url()).toString());
    await parentPage.getByRole('button', { name: 'Orders I pay for' }).click();
    await parentPage.getByRole('cell', { name: 'Yassine Kid' }).waitFor();
    await shot(parentPage, 'orders-i-pay-en-375');

    // "Orders I pay for" in every language and width: nothing wider than the screen, no error.
    const ordersIPay = { ar: 'طلبات أدفعها', fr: 'Commandes que je paie', en: 'Orders I pay for' } as const;
    for (const language of LANGUAGES)
      for (const width of WIDTHS) {
        const context = await newContext(browser(), {
          width,
          height: 900,
          storage: { userInfo: { ...parent, language } },
        });
        await context.addInitScript(`localStorage.setItem('lang', '${language}');`);
        const page = await openPage(context, '/profile');
        const errors = watchErrors(page);
        await page.locator(`html[lang="${language}"]`).waitFor();
        await page.getByRole('button', { name: ordersIPay[language] }).click();
        await page.getByText('Yassine Kid').first().waitFor();
        await noWiderThan(page, width);
        await shot(page, `orders-i-pay-${language}-${String(width)}`);
        assert.deepEqual(errors, [], `orders I pay for ${language} ${String(width)}`);
        await context.close();
      }
    assert.deepEqual(childErrors, []);
    assert.deepEqual(parentErrors, []);
    await childContext.close();
    await parentContext.close();
  });
});

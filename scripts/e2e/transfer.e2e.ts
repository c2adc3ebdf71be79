/**
 * Paying by transfer or D17 (issue 36), in Arabic on a 375 px phone: the customer chooses
 * Transfer at checkout, reads where to pay with the order number as reference, uploads a
 * photo of the receipt; the admin sees it beside the amounts and marks the order paid; the
 * customer's order page then says PAID. Runs on `pnpm start`'s demo account and D17 number.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  accessibilityViolations,
  browserForFile,
  newContext,
  openPage,
  screenshotter,
} from './browser.js';
import {
  ADMIN,
  api,
  cartLineOf,
  verifiedAccount,
  watchErrors,
  type UserInfo,
  coursesWithSeats,
} from './shop-api.js';

const run = Date.now().toString(36);

const browser = browserForFile();

const shot = screenshotter('transfer-');

/** A small PNG (a 1×1 pixel) standing for the photo of a receipt. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('paying by transfer', () => {
  test('Transfer at checkout → proof uploaded in Arabic at 375 px → admin marks paid → the customer sees PAID', async () => {
    const options = await api<{
      methods: string[];
      transfer?: { bankAccount: string; d17Number: string };
    }>('GET', '/payments/options');
    assert.ok(options.methods.includes('Transfer'), 'pnpm start offers Transfer (demo account)');
    assert.ok(options.transfer, 'with where to pay');
    // A course sold without dated sessions (those are chosen in the cart, issue 33).
    const course = (await coursesWithSeats(1)).find((c) => c.price > 0);
    assert.ok(course, 'a seeded course with a seat left and no sessions');
    const customer = await verifiedAccount(
      'Nour Transfer',
      `nour.transfer.${run}@example.com`,
      'transfer-pass-1',
    );

    const context = await newContext(browser(), {
      width: 375,
      height: 800,
      storage: {
        userInfo: { ...customer, language: 'ar' },
        cartItems: [cartLineOf(course)],
        shippingAddress: {
          address: '5 نهج مرسيليا',
          city: 'تونس',
          postalCode: '1000',
          country: 'Tunisie',
        },
      },
    });
    await context.addInitScript(`localStorage.setItem('lang', 'ar');`);
    const page = await openPage(context, '/shipping');
    const errors = watchErrors(page);
    await page.locator('html[lang="ar"][dir="rtl"]').waitFor();

    // Checkout: Transfer beside Credit Card and On place, by keyboard.
    const transfer = page.getByRole('radio', { name: 'تحويل / D17' });
    await transfer.focus();
    await page.keyboard.press('Space');
    assert.ok(await transfer.isChecked());
    await shot(page, 'shipping-ar-375');
    await page.getByRole('button', { name: 'المتابعة إلى الطلب' }).click();
    await page.waitForURL('**/placeorder', { timeout: 10_000 }).catch(async (error: unknown) => {
      await shot(page, 'shipping-not-sent');
      throw error;
    });
    await page.getByRole('button', { name: 'تقديم الطلب' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/order/'));
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // What to pay, where, with the order number as reference.
    const section = page.getByRole('region', { name: 'الدفع بالتحويل أو D17' });
    await section.waitFor();
    if (options.transfer.bankAccount)
      await section.getByText(options.transfer.bankAccount).waitFor();
    if (options.transfer.d17Number) await section.getByText(options.transfer.d17Number).waitFor();
    await section.getByText(orderId.slice(0, 8), { exact: true }).waitFor();
    const width = await page.evaluate('document.documentElement.scrollWidth');
    assert.ok(Number(width) <= 375, `nothing wider than the phone (${String(width)} px)`);
    await shot(page, 'order-ar-375');
    assert.deepEqual(
      await accessibilityViolations(page, { within: '#main' }),
      [],
      'accessibility of the Transfer order',
    );

    // The proof: a photo of the receipt.
    await page
      .getByLabel('إثبات الدفع', { exact: true })
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
    await page.getByRole('button', { name: 'إرسال الإثبات' }).click();
    await page.getByText(/^استلمنا الإثبات في/).waitFor();
    await shot(page, 'proof-sent-ar-375');

    // The admin: "proof to check" lists it; the order page shows the proof and Mark as Paid approves.
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const waiting = await api<{ _id: string }[]>(
      'GET',
      '/orders?proof=submitted',
      undefined,
      admin.token,
    );
    assert.ok(
      waiting.some((o) => o._id === orderId),
      'listed among the proofs to check',
    );
    const adminContext = await newContext(browser(), { storage: { userInfo: admin } });
    const adminPage = await openPage(adminContext, `/order/${orderId}`);
    const adminErrors = watchErrors(adminPage);
    const proof = adminPage.getByRole('region', { name: 'Proof of payment' });
    const picture = proof.getByRole('img', { name: `Proof of payment of order ${orderId}` });
    await picture.waitFor();
    // Really shown (the page's content security policy lets the fetched picture in).
    await adminPage.waitForFunction(
      `(() => { const img = document.querySelector('.admin-proof__image'); return img && img.complete && img.naturalWidth > 0; })()`,
    );
    await shot(adminPage, 'admin-proof');
    adminPage.once('dialog', (dialog) => void dialog.accept());
    await adminPage.getByRole('button', { name: 'Mark as Paid' }).click();
    await adminPage.getByText(/^PAID AT \d{4}-\d{2}-\d{2}$/).waitFor();
    assert.deepEqual(adminErrors, []);
    await adminContext.close();

    // The customer sees it paid.
    await page.reload();
    await page.getByText(/^دُفع في/).waitFor();
    assert.equal(await page.getByRole('region', { name: 'الدفع بالتحويل أو D17' }).count(), 0);
    await shot(page, 'paid-ar-375');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/**
 * Tax per course and the stamp duty at checkout (issue 52): the admin sets one course at 7 %,
 * a customer's cart holds it and a course at the shop's rate; the shipping step and place-order
 * show a row per rate (when the rates differ) and the stamp duty (when the shop has one), the
 * same total on both. Screenshots (E2E_SCREENSHOTS) of both screens at 375 and 1280 px in ar,
 * fr and en; run with TAX_RATE=19 STAMP_DUTY=1 for the Tunisian shop.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserForFile, newContext, noWiderThan, openPage, screenshotter } from './browser.js';
import {
  ADMIN,
  api,
  cartLineOf,
  ownCourse,
  TUNIS_ADDRESS,
  verifiedAccount,
  watchErrors,
  type UserInfo,
} from './shop-api.js';

const run = Date.now().toString(36);
const browser = browserForFile();
const shot = screenshotter('tax-');

describe('two tax rates and the stamp duty at checkout', () => {
  test('the shipping step and place-order show a row per rate, the stamp duty and one total', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const pricing = await api<{ taxRate: number; stampDuty: number }>('GET', '/shop/pricing');
    // The journey's own two courses (ADD, then the first save): the seeded ones stay as other journeys read them.
    const course = (name: string, price: number, taxRate: number | null) =>
      ownCourse(admin.token, { name, price, availability: 9, category: ['Art'], description: 'Issue 52 journey.', taxRate });
    const reduced = await course(`Calligraphy ${run}`, 65, 7);
    const standard = await course(`Ceramics ${run}`, 320, null);
    const buyer = await verifiedAccount('Amel Tax', `amel.tax.${run}@example.com`, 'amel-pass-12');
    const twoRates = pricing.taxRate !== 7;

    for (const language of ['ar', 'fr', 'en'] as const)
      for (const width of [375, 1280] as const) {
        const context = await newContext(browser(), {
          width,
          storage: {
            userInfo: { ...buyer, language },
            cartItems: [
              { ...cartLineOf(reduced), taxRate: 7 },
              cartLineOf(standard),
            ],
            shippingAddress: TUNIS_ADDRESS,
            paymentMethod: 'In Place',
          },
        });
        await context.addInitScript(`localStorage.setItem('lang', '${language}');`);
        const totals: string[] = [];
        for (const screen of ['shipping', 'placeorder'] as const) {
          const page = await openPage(context, `/${screen}`);
          const errors = watchErrors(page);
          await page.locator(`html[lang="${language}"]`).waitFor();
          const summary = page.locator('.summary-card .amounts');
          await summary.locator('.amounts__row--total').waitFor();
          // The rows settle once the shop's pricing has arrived (locators: the CSP forbids eval).
          const expected = 4 + (twoRates ? 1 : 0) + (pricing.stampDuty > 0 ? 1 : 0);
          await summary.locator('.amounts__row').nth(expected - 1).waitFor();
          const rows = await summary.locator('.amounts__row').count();
          assert.equal(rows, expected, `${screen} ${language} rows`);
          totals.push((await summary.locator('.amounts__row--total dd').textContent()) ?? '');
          await noWiderThan(page, width);
          await shot(page, `${screen}-${language}-${String(width)}`);
          assert.deepEqual(errors, [], `${screen} ${language} ${String(width)}`);
          await page.close();
        }
        assert.equal(totals[0], totals[1], `the same total on both screens (${language})`);
        await context.close();
      }
  });
});

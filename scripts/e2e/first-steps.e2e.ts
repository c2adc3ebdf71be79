/**
 * What a first shopper, a child and a new admin tripped over (issue 15), in real Chromium
 * against the real shop: a kid's CHECKOUT and search, the header at the 60 px threshold on a
 * phone, tracking parameters, a price changed before Place Order, drafts made by ADD, the
 * SOLD OUT badge and the orders table on a phone.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newContext, openPage } from './browser.js';
import {
  ADMIN,
  api,
  call,
  cartLineOf,
  ownCourse,
  verifiedAccount,
  type UserInfo,
  type CourseRow,
} from './shop-api.js';

const PASSWORD = 'first-steps-pass-1';

const browser = browserForFile();

/** A verified account (Adult or Child), registered through the API and the mailed link. */
const verifiedAccountOf = (who: string, isKid: boolean): Promise<UserInfo> =>
  verifiedAccount(who, `${who}-${randomUUID().slice(0, 8)}@example.com`, PASSWORD, isKid);

const adminToken = async () => (await api<UserInfo>('POST', '/users/login', ADMIN)).token;

/** A published course of the journey's own, so its price is ours to change. */
const priceWatchCourse = (token: string, name: string, price: number): Promise<CourseRow> =>
  ownCourse(token, { name, price, availability: 9, category: ['Art'], description: 'Issue 15 journey.' });

async function signedIn(
  userInfo: UserInfo,
  pathname: string,
  storage: Record<string, unknown> = {},
  width = 1280,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), { width, storage: { userInfo, ...storage } });
  return { context, page: await openPage(context, pathname) };
}

describe('first steps (issue 15)', () => {
  test('a Child account with a full cart follows CHECKOUT to shipping, and its header search stays in the kids area', async () => {
    const kid = await verifiedAccountOf('kid', true);
    const [course] = await api<CourseRow[]>('GET', '/courses?keyword=kids&limit=20');
    assert.ok(course, 'the demo catalogue has kids courses');
    const { context, page } = await signedIn(kid, '/cart', { cartItems: [cartLineOf(course)] });
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.waitForURL((url) => url.pathname === '/shipping', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Place to order' }).waitFor();

    const search = page.getByPlaceholder('Search here ...').first();
    await search.fill('scratch');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/courseskids/scratch');
    await page.locator('.course-card', { hasText: 'Scratch Games for Kids' }).waitFor();
    await context.close();
  });

  test('the header keeps one height at every scroll position from 50 to 70 px on a 375 px phone', async () => {
    const context = await newContext(browser(), { width: 375, height: 812 });
    const page = await openPage(context, '/courses');
    await page.locator('.course-card').nth(3).waitFor();
    const heights: number[] = [];
    for (let y = 50; y <= 70; y += 2) {
      await page.evaluate(`window.scrollTo(0, ${y})`);
      // Longer than the header's colour transition: a shrinking header would have moved by now.
      await page.waitForTimeout(250);
      const box = await page.locator('header.header').boundingBox();
      assert.ok(box, 'the header is on screen');
      heights.push(Math.round(box.height));
      const scrolled = Number(await page.evaluate('window.scrollY'));
      assert.equal(
        scrolled,
        y,
        `the page stays where it was scrolled (asked ${y}, is at ${scrolled})`,
      );
    }
    assert.equal(new Set(heights).size, 1, `header heights across 50-70 px: ${heights.join(', ')}`);
    // The active style is on past the 60 px threshold, without changing that height.
    assert.match(
      (await page.locator('header.header').getAttribute('class')) ?? '',
      /header--scrolled/,
    );
    await context.close();
  });

  test('tracking parameters never empty the catalogue', async () => {
    const context = await newContext(browser());
    for (const url of [
      '/courses?fbclid=IwAR0xyz',
      '/courses/?utm_source=facebook&utm_medium=social',
    ]) {
      const page = await openPage(context, url);
      await page.locator('.course-card').first().waitFor();
      assert.equal(await page.getByText('Nothing Found !!!').count(), 0, url);
      await page.getByRole('heading', { name: 'All Courses' }).waitFor();
      await page.close();
    }
    await context.close();
  });

  test('ADD makes a draft that no visitor sees until the admin saves it', async () => {
    const token = await adminToken();
    const draft = await api<CourseRow & { isDraft?: boolean }>('POST', '/courses', {}, token);
    assert.equal(draft.isDraft, true);
    const newest = await api<CourseRow[]>('GET', '/courses?sort=date&limit=5');
    assert.ok(
      !newest.some((c) => c._id === draft._id),
      'the draft is not at the top of the catalogue',
    );

    const visitor = await newContext(browser());
    const page = await visitor.newPage();
    const document = await page.goto(`/course/${draft._id}`);
    assert.equal(document?.status(), 404, 'the server answers the page of a draft as unknown');
    await page.getByText('Course not found').first().waitFor();
    assert.equal(await page.getByText('Sample name').count(), 0);
    await visitor.close();

    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const { context, page: list } = await signedIn(admin, '/admin/courselist');
    const drafts = list.getByRole('table', { name: 'Drafts: not in the shop until you save them' });
    const row = drafts.getByRole('row').filter({ hasText: draft._id });
    await row.waitFor();
    assert.match(await row.innerText(), /draft/i);
    await context.close();

    await api(
      'PUT',
      `/courses/${draft._id}`,
      { name: `Published ${draft._id.slice(0, 6)}`, price: 12, availability: 3 },
      token,
    );
    assert.equal((await call('GET', `/courses/${draft._id}`)).status, 200, 'saved, it is public');
  });

  test('a price changed before Place Order: the customer sees the new total, confirms it and is greeted with where to pay', async () => {
    const token = await adminToken();
    const course = await priceWatchCourse(token, `E2E Price Watch ${randomUUID().slice(0, 6)}`, 186.95);
    const customer = await verifiedAccountOf('shopper', false);
    const { context, page } = await signedIn(customer, '/placeorder', {
      cartItems: [cartLineOf(course)],
      shippingAddress: {
        address: '5 Rue du Lac',
        city: 'Tunis',
        postalCode: '1053',
        country: 'Tunisie',
      },
      paymentMethod: 'In Place',
    });
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await summary.getByText('$214.99', { exact: true }).waitFor();
    // Meanwhile an admin lowers the price.
    await api('PUT', `/courses/${course._id}`, { price: 120 }, token);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('alert').filter({ hasText: 'The new total is $138.00.' }).waitFor();
    await summary.getByText('$138.00', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/placeorder', 'nothing was placed without a word');
    await page.getByRole('button', { name: 'Place Order at $138.00' }).click();
    await page.waitForURL('**/order/*');
    const greeting = page.getByRole('status', { name: 'Thank you, your order is placed' });
    await greeting.waitFor();
    await greeting.getByText('12 Avenue Habib Bourguiba, 1000 Tunis, Tunisia').waitFor();
    await greeting.getByText('Monday to Saturday, 9:00 to 18:00').waitFor();
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const order = await api<{ totalPrice: number }>(
      'GET',
      `/orders/${orderId}`,
      undefined,
      customer.token,
    );
    assert.equal(order.totalPrice, 138);
    await context.close();

    // On a phone the profile's orders show PAID, LEARNED and DETAILS on screen.
    const phone = await signedIn(customer, '/profile', {}, 375);
    await phone.page.getByRole('button', { name: 'Show my orders' }).click();
    for (const label of ['PAID', 'LEARNED']) {
      const cell = phone.page.locator(`td[data-label="${label}"]`).first();
      const box = await cell.boundingBox();
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= 375,
        `${label} is on the 375 px screen (${JSON.stringify(box)})`,
      );
    }
    const details = await phone.page
      .getByRole('link', { name: /Details/ })
      .first()
      .boundingBox();
    assert.ok(
      details && details.x + details.width <= 375,
      `DETAILS is on the 375 px screen (${JSON.stringify(details)})`,
    );
    await phone.context.close();
  });

  test('the SOLD OUT badge leaves the picture and its category chip uncovered', async () => {
    const context = await newContext(browser());
    const page = await openPage(context, '/courseskids');
    const card = page.locator('.course-card', { hasText: 'Young Entrepreneurs Kids Camp' });
    await card.waitFor();
    const badge = await card.getByText('Sold Out').boundingBox();
    const picture = await card.locator('.course-card__media').boundingBox();
    assert.ok(badge && picture, 'badge and picture are on screen');
    assert.ok(
      badge.y >= picture.y + picture.height,
      `the badge (${JSON.stringify(badge)}) is below the picture (${JSON.stringify(picture)})`,
    );
    await context.close();
  });
});

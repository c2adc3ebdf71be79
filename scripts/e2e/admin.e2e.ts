/**
 * Admin journeys (issue 8): an admin adds and edits a course, a customer buys it, the admin marks
 * the order paid and learned and the customer sees both; the admin edits and deletes users; a
 * customer cannot open the admin screens.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  accessibilityViolations,
  atEachWidth,
  browserForFile,
  newContext,
  openPage,
} from './browser.js';
import {
  ADMIN,
  api,
  verifiedAccount,
  watchErrors,
  type UserInfo,
  coursesWithSeats,
} from './shop-api.js';

const run = Date.now().toString(36);

const browser = browserForFile();

/** A verified customer: registered through the API, verified with the link from the outbox. */
function verifiedCustomer(name: string): Promise<UserInfo> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${run}@example.com`;
  return verifiedAccount(name, email, 'customer-pass-1');
}

async function signedIn(
  userInfo: UserInfo,
  pathname: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), { storage: { userInfo } });
  const page = await openPage(context, pathname);
  return { context, page };
}

/** Follows the header's Admin menu to one of the admin screens. */
async function adminMenu(page: Page, screen: 'Users' | 'Courses' | 'Orders'): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Admin' }).click();
  await nav.getByRole('link', { name: screen, exact: true }).last().click();
  await page.getByRole('heading', { level: 1, name: screen }).waitFor();
}

describe('admin', () => {
  test('adds and edits a course, which a customer buys; the order is marked paid, then learned', async () => {
    const courseName = `E2E Pottery ${run}`;

    // The admin signs in through the form.
    const adminContext = await newContext(browser());
    const page = await openPage(adminContext, '/login');
    const errors = watchErrors(page);
    await page.getByLabel('Email Address').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // ADD creates a blank course and opens its edit page.
    await adminMenu(page, 'Courses');
    await page.getByRole('button', { name: 'ADD' }).click();
    await page.waitForURL('**/admin/course/*/edit');
    const courseId = new URL(page.url()).pathname.split('/')[3] ?? '';
    await page.getByRole('heading', { name: 'Edit Course' }).waitFor();
    const nameBox = page.getByLabel('Name', { exact: true });
    assert.equal(await nameBox.inputValue(), 'Sample name');

    await nameBox.fill(courseName);
    await page.getByRole('spinbutton', { name: 'Price (Tnd)' }).fill('49.5');
    await page.getByRole('spinbutton', { name: 'Availability (seats)' }).fill('7');
    await page
      .getByLabel('Description', { exact: true })
      .fill('Throwing pots on the wheel, for grown-ups.');
    const categories = page.getByRole('group', { name: 'Category' });
    await categories.getByLabel('Art', { exact: true }).check();
    await categories.getByLabel('English', { exact: true }).check();
    await page.getByRole('button', { name: 'Update' }).click();

    // Saved, on the same page (its sessions are there, issue 54); then the list shows the course
    // with both categories joined in the table's order.
    await page.getByRole('status').filter({ hasText: 'Saved. The course’s sessions are below.' }).waitFor();
    assert.match(page.url(), /\/admin\/course\/[^/]+\/edit$/);
    await page.getByRole('link', { name: /Go Back/i }).first().click();
    await page.waitForURL('**/admin/courselist');
    const row = page.getByRole('row').filter({ hasText: courseName });
    await row.waitFor();
    assert.match(await row.innerText(), /49\.50 Tnd/);
    assert.match(await row.innerText(), /English \| Art/);
    const saved = await api<{ availability: number; category: string[]; price: number }>(
      'GET',
      `/courses/${courseId}`,
    );
    assert.deepEqual(
      { availability: saved.availability, category: saved.category, price: saved.price },
      { availability: 7, category: ['English', 'Art'], price: 49.5 },
    );

    // The storefront finds it by name.
    const shopper = await newContext(browser());
    const shop = await openPage(shopper, '/');
    const search = shop.getByPlaceholder('Search here ...').first();
    await search.fill(courseName);
    await search.press('Enter');
    await shop.locator('.course-card', { hasText: courseName }).waitFor();
    await shopper.close();

    // A customer (registered and verified through the API and the mailed link) orders one seat.
    const customer = await verifiedCustomer('Nadia Pottery');
    const order = await api<{ _id: string; totalPrice: number }>(
      'POST',
      '/orders',
      {
        orderItems: [{ course: courseId, qty: 1 }],
        shippingAddress: {
          address: '5 Rue du Lac',
          city: 'Tunis',
          postalCode: '1053',
          country: 'France',
        },
        paymentMethod: 'In Place',
      },
      customer.token,
    );

    // In French at 1280 px, the longest labels, the row's actions stay inside the table's box
    // (issue 32: "Marquer comme payée" was cut at the container's edge).
    {
      const french = await newContext(browser(), {
        width: 1280,
        storage: { userInfo: await api<UserInfo>('POST', '/users/login', ADMIN) },
      });
      await french.addInitScript(`localStorage.setItem('lang', 'fr');`);
      const list = await openPage(french, '/admin/orderlist');
      const frenchRow = list.getByRole('row').filter({ hasText: order._id });
      await frenchRow
        .getByRole('button', { name: `Marquer comme payée : commande ${order._id}` })
        .waitFor();
      const table = await list.locator('.admin-table').boundingBox();
      assert.ok(table);
      const actions = await frenchRow.locator('.admin-actions > *').all();
      assert.equal(actions.length, 3, 'Détails, Marquer comme payée, Annuler');
      for (const action of actions) {
        const box = await action.boundingBox();
        assert.ok(
          box && box.x >= table.x && box.x + box.width <= table.x + table.width,
          `"${await action.innerText()}" lies inside the table (${JSON.stringify(box)} in ${JSON.stringify(table)})`,
        );
      }
      await french.close();
    }

    // The admin marks it paid from the order list…
    await adminMenu(page, 'Orders');
    const orderRow = page.getByRole('row').filter({ hasText: order._id });
    // Asked first, with the order and the money in dinars (issue 54).
    const markPaidAsked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await orderRow.getByRole('button', { name: `Mark as Paid: order ${order._id}` }).click();
    assert.match(await markPaidAsked, new RegExp(`^Mark order ${order._id} as paid \\(\\d+\\.\\d{2} TND\\)\\?`));
    await orderRow.getByRole('button', { name: /^Mark as Paid/ }).waitFor({ state: 'detached' });
    assert.match(await orderRow.innerText(), /Nadia Pottery/);
    assert.match(await orderRow.innerText(), /\$\d/);

    // …then learned from the order page.
    await orderRow.getByRole('link', { name: `Details of order ${order._id}` }).click();
    await page.waitForURL(`**/order/${order._id}`);
    await page.getByRole('button', { name: 'LEARNED' }).click();
    await page.getByText(/learned at \d{4}-\d{2}-\d{2}/).waitFor();

    // The customer's profile shows the order PAID and LEARNED (a date in both columns).
    const mine = await signedIn(customer, '/profile');
    await mine.page.getByRole('button', { name: 'Show my orders' }).click();
    const myRow = mine.page.getByRole('row').filter({ hasText: order._id.slice(0, 8) });
    await myRow.waitFor();
    const cells = await myRow.getByRole('cell').allInnerTexts();
    const today = new Date().toISOString().slice(0, 10);
    // ID, Courses (issue 54), DATE, TOTAL, PAID, LEARNED, …
    assert.equal(cells[1], courseName, `Courses column: ${cells.join(' / ')}`);
    assert.equal(cells[4], today, `PAID column: ${cells.join(' / ')}`);
    assert.equal(cells[5], today, `LEARNED column: ${cells.join(' / ')}`);
    await mine.context.close();

    assert.deepEqual(errors, []);
    await adminContext.close();
  });

  test('turns a user into a kid account and deletes another after confirmation', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const future = await verifiedCustomer('Yasmine Kid');
    const leaving = await verifiedCustomer('Omar Leaving');

    const { context, page } = await signedIn(admin, '/admin/userlist');
    const errors = watchErrors(page);
    await page.getByRole('table', { name: 'Registered users' }).waitFor();

    await page.getByRole('link', { name: 'Edit Yasmine Kid' }).click();
    await page.waitForURL(`**/admin/user/${future._id}/edit`);
    const kidBox = page.getByLabel('Is Kid');
    await kidBox.waitFor();
    assert.equal(await kidBox.isChecked(), false);
    await kidBox.check();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/admin/userlist');
    assert.equal(
      (await api<UserInfo>('GET', `/users/${future._id}`, undefined, admin.token)).isKid,
      true,
    );

    // DELETE asks 'Are You Sure?': dismissing keeps the user, accepting removes it.
    const leavingRow = page.getByRole('row').filter({ hasText: leaving.email });
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await leavingRow.getByRole('button', { name: 'Delete Omar Leaving' }).click();
    await api('GET', `/users/${leaving._id}`, undefined, admin.token);
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await leavingRow.getByRole('button', { name: 'Delete Omar Leaving' }).click();
    await leavingRow.waitFor({ state: 'detached' });
    assert.deepEqual(dialogs, ['Are You Sure?', 'Are You Sure?']);
    await assert.rejects(api('GET', `/users/${leaving._id}`, undefined, admin.token), /404/);

    // The admin cannot delete itself: the server's reason is shown.
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('button', { name: `Delete ${admin.name}` })
      .first()
      .click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'You cannot delete your own account' })
      .waitFor();

    assert.deepEqual(
      errors.filter((e) => !/status of 400/.test(e)),
      [],
    );
    await context.close();
  });

  test('sends visitors and customers who open /admin/userlist to /login', async () => {
    const visitorContext = await newContext(browser());
    const visitor = await openPage(visitorContext, '/admin/userlist');
    await visitor.waitForURL((url) => url.pathname === '/login');
    await visitor.getByRole('heading', { name: 'Sign In' }).waitFor();
    await visitorContext.close();

    // A signed-in customer lands on /login too, with the form to switch to an admin account.
    const customer = await verifiedCustomer('Curious Customer');
    const context = await newContext(browser(), { storage: { userInfo: customer } });
    const page = await context.newPage();
    const visited: string[] = [];
    const userListCalls: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users') userListCalls.push(request.url());
    });
    await page.goto('/admin/userlist');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('You are signed in as Curious Customer').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login', `went through ${visited.join(' -> ')}`);
    assert.equal(await page.getByRole('table', { name: 'Registered users' }).count(), 0);
    assert.deepEqual(userListCalls, []);
    await context.close();
  });

  test('lays the admin tables out for a phone without the page scrolling sideways', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const context = await newContext(browser(), {
      width: 375,
      height: 800,
      storage: { userInfo: admin },
    });
    const page = await openPage(context, '/admin/userlist');
    await page.getByRole('table').waitFor();
    // The table scrolls inside its own region; the page itself stays 375 px wide.
    const region = await page.getByRole('region', { name: 'Registered users' }).boundingBox();
    assert.ok(
      region && region.x >= 0 && region.x + region.width <= 375,
      `region ${JSON.stringify(region)}`,
    );
    const pageWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
    assert.ok(pageWidth <= 375, `page is ${pageWidth}px wide`);
    await context.close();
  });

  test('has no serious accessibility problems on any admin screen, wide or narrow', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const [course] = await api<{ _id: string }[]>('GET', '/courses?limit=1');
    const screens = [
      '/admin/userlist',
      `/admin/user/${admin._id}/edit`,
      '/admin/courselist',
      `/admin/course/${course?._id ?? ''}/edit`,
      '/admin/orderlist',
    ];
    const context = await newContext(browser(), { storage: { userInfo: admin } });
    for (const pathname of screens) {
      const page = await openPage(context, pathname);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.spinner').first().waitFor({ state: 'detached' });
      await atEachWidth(page, async (width) =>
        assert.deepEqual(
          await accessibilityViolations(page, { seriousOnly: true }),
          [],
          `${pathname} at ${width} px`,
        ),
      );
      await page.close();
    }
    await context.close();
  });

  test('a customer sees the seat hold and cancels; the admin marks another order paid and downloads its invoice', async () => {
    const customer = await verifiedCustomer('Salma Holds');
    const [course] = await coursesWithSeats(4);
    assert.ok(course, 'a demo course with 4 seats or more');
    // Seats from the course itself: the list is a wider answer that may be a moment older.
    const seatsBefore = (await api<{ availability: number }>('GET', `/courses/${course._id}`))
      .availability;

    // The customer orders 2 seats "On place" through the checkout.
    const { context, page } = await signedIn(customer, `/cart/${course._id}?qty=2`);
    const errors = watchErrors(page);
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.waitForURL('**/shipping');
    await page.getByLabel('Address', { exact: true }).fill('9 Rue de Carthage');
    await page.getByLabel('Country', { exact: true }).selectOption('France');
    await page.getByLabel('City', { exact: true }).fill('Tunis');
    await page.getByLabel('Zip', { exact: true }).fill('1000');
    await page.getByRole('radio', { name: 'On place' }).check();
    await page.getByRole('button', { name: 'Place to order' }).click();
    await page.waitForURL('**/placeorder');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order/**');

    // The order page says until when the seats are held (3 days by default).
    await page.getByText(/Seats held until \d{4}-\d{2}-\d{2} \d{2}:\d{2}/).waitFor();
    const inThreeDays = new Date(Date.now() + 3 * 24 * 3600_000);
    const heldUntil = (await page.getByText(/Seats held until/).innerText()).match(
      /\d{4}-\d{2}-\d{2}/,
    )?.[0];
    assert.ok(
      [inThreeDays, new Date(inThreeDays.getTime() - 3600_000)].some((d) => {
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` === heldUntil;
      }),
      `held until ${heldUntil}`,
    );
    const held = await api<{ availability: number }>('GET', `/courses/${course._id}`);
    assert.equal(held.availability, seatsBefore - 2);

    // Cancel, after the confirmation; the seats are back on the course page.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText(/Cancelled on \d{4}-\d{2}-\d{2}/).waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).waitFor({ state: 'detached' });
    // The instance that cancelled answers the seats back at once (courseChanged after the cancel).
    await page.goto(`/course/${course._id}`);
    const seatsLine = page.getByText(/\d+ seats? left/);
    await seatsLine.waitFor();
    assert.match(await seatsLine.innerText(), new RegExp(`\\b${seatsBefore} seats left`));
    await context.close();

    // Another order of the same customer, placed through the API, paid by the admin.
    const order = await api<{ _id: string }>(
      'POST',
      '/orders',
      {
        orderItems: [{ course: course._id, qty: 1 }],
        shippingAddress: {
          address: '9 Rue de Carthage',
          city: 'Tunis',
          postalCode: '1000',
          country: 'France',
        },
        paymentMethod: 'In Place',
      },
      customer.token,
    );
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const back = await signedIn(admin, `/order/${order._id}`);
    back.page.once('dialog', (dialog) => void dialog.accept());
    await back.page.getByRole('button', { name: 'Mark as Paid' }).click();
    await back.page.getByText(/PAID AT \d{4}-\d{2}-\d{2}/).waitFor();
    // The history shows who placed it and who marked it paid.
    const history = back.page.getByRole('region', { name: 'History' });
    await history.getByText('Paid by Admin').waitFor();
    assert.match(await history.innerText(), /Placed by Salma Holds \(customer\)/);

    const [download] = await Promise.all([
      back.page.waitForEvent('download'),
      back.page.getByRole('button', { name: 'Download invoice', exact: true }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^invoice-\d{4}-\d{5}\.pdf$/);
    const pdf = await readFile((await download.path()) ?? '');
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.deepEqual(errors, []);
    await back.context.close();
  });
});

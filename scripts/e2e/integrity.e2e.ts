/**
 * Integrity journeys (issue 31): an admin edits a course while a customer, in another browser,
 * orders seats of it. The admin's save never undoes the order: a seat change made from the
 * seats the form loaded shows the conflict with the seats left now and keeps the admin's other
 * edits; saving again from those seats goes through; a save that leaves the seats alone needs
 * no second try.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserForFile, newContext, openPage, waitForApp } from './browser.js';
import { ADMIN, api, verifiedAccount, watchErrors, type UserInfo } from './shop-api.js';

const run = Date.now().toString(36);

const browser = browserForFile();

interface CourseAnswer {
  _id: string;
  name: string;
  availability: number;
  description: string;
}

/** A course of 18 seats, made through the admin API. */
async function courseOf18(admin: UserInfo, name: string): Promise<CourseAnswer> {
  const blank = await api<CourseAnswer>('POST', '/courses', undefined, admin.token);
  return api<CourseAnswer>(
    'PUT',
    `/courses/${blank._id}`,
    { name, price: 40, availability: 18, description: 'Evening classes.', category: ['Art'] },
    admin.token,
  );
}

/** The customer orders `qty` seats through the storefront: cart, shipping, place order. */
async function orderThroughShop(page: Page, courseId: string, qty: number): Promise<string> {
  await page.goto(`/cart/${courseId}?qty=${qty}`);
  await waitForApp(page);
  await page.getByRole('heading', { name: 'Your Cart : 1' }).waitFor();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await page.waitForURL('**/shipping');
  await page.getByLabel('Address', { exact: true }).fill('7 Rue de Carthage');
  await page.getByLabel('Country', { exact: true }).selectOption('France');
  await page.getByLabel('City', { exact: true }).fill('Tunis');
  await page.getByLabel('Zip', { exact: true }).fill('1000');
  await page.getByRole('radio', { name: 'On place' }).check();
  await page.getByRole('button', { name: 'Place to order' }).click();
  await page.waitForURL('**/placeorder');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL('**/order/**');
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** Console errors other than the browser's own line for the expected 409 answer. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 409/.test(e));

describe('integrity', () => {
  test('an admin’s save never undoes seats a customer ordered while the form was open', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const course = await courseOf18(admin, `E2E Calligraphy ${run}`);
    const customer = await verifiedAccount(
      'Salma Seats',
      `salma.seats.${run}@example.com`,
      'customer-pass-1',
    );

    // The admin opens the edit page: 18 seats left.
    const adminContext = await newContext(browser(), { storage: { userInfo: admin } });
    const page = await openPage(adminContext, `/admin/course/${course._id}/edit`);
    const adminErrors = watchErrors(page);
    const seats = page.getByRole('spinbutton', { name: 'Availability (seats)' });
    await seats.waitFor();
    assert.equal(await seats.inputValue(), '18');

    // Meanwhile a customer, in another browser, orders 2 seats: 16 left.
    const customerContext = await newContext(browser(), { storage: { userInfo: customer } });
    const shop = await customerContext.newPage();
    const customerErrors = watchErrors(shop);
    const orderId = await orderThroughShop(shop, course._id, 2);
    assert.equal((await api<CourseAnswer>('GET', `/courses/${course._id}`)).availability, 16);

    // The admin, unaware, fixes the name and raises the seats to 25 (from the 18 it loaded).
    const name = page.getByLabel('Name', { exact: true });
    await name.fill(`E2E Calligraphy (evening) ${run}`);
    await seats.fill('25');
    await page.getByRole('button', { name: 'Update' }).click();

    // Refused: the form shows the seats left now, and keeps the new name.
    const alert = page.getByRole('alert');
    await alert.getByText(/16 seats left now/).waitFor();
    await alert.getByRole('link', { name: 'Seats left now: 16' }).waitFor();
    assert.equal(await name.inputValue(), `E2E Calligraphy (evening) ${run}`);
    assert.equal(new URL(page.url()).pathname, `/admin/course/${course._id}/edit`);
    const meanwhile = await api<CourseAnswer>('GET', `/courses/${course._id}`);
    assert.deepEqual(
      { name: meanwhile.name, availability: meanwhile.availability },
      { name: `E2E Calligraphy ${run}`, availability: 16 },
    );

    // The admin adds 7 seats to the 16 left and saves again: it goes through.
    await seats.fill('23');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. The course’s sessions are below.' }).waitFor();
    const saved = await api<CourseAnswer>('GET', `/courses/${course._id}`);
    assert.deepEqual(
      { name: saved.name, availability: saved.availability },
      { name: `E2E Calligraphy (evening) ${run}`, availability: 23 },
    );
    // The customer's order still holds its 2 seats.
    const order = await api<{ status: string; orderItems: { qty: number }[] }>(
      'GET',
      `/orders/${orderId}`,
      undefined,
      customer.token,
    );
    assert.equal(order.status, 'pending');
    assert.deepEqual(
      order.orderItems.map((l) => l.qty),
      [2],
    );

    // Again: the form is open at 23, the customer orders 1 more seat, the admin only changes
    // the description. The seats are not written at all: no conflict, and 22 stay 22.
    await page.goto(`/admin/course/${course._id}/edit`);
    await waitForApp(page);
    await seats.waitFor();
    assert.equal(await seats.inputValue(), '23');
    await orderThroughShop(shop, course._id, 1);
    await page.getByLabel('Description', { exact: true }).fill('Evening classes, Tuesdays.');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. The course’s sessions are below.' }).waitFor();
    const last = await api<CourseAnswer>('GET', `/courses/${course._id}`);
    assert.deepEqual(
      { description: last.description, availability: last.availability },
      { description: 'Evening classes, Tuesdays.', availability: 22 },
    );
    // The page stayed, showing the seats left now: the next save starts from them.
    assert.equal(await seats.inputValue(), '22');

    assert.deepEqual(unexpected(adminErrors), []);
    assert.deepEqual(customerErrors, []);
    await customerContext.close();
    await adminContext.close();
  });
});

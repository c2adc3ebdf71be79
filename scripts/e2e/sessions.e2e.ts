/**
 * Dated sessions (issue 33): the admin adds a session to a course; a customer picks it on the
 * course page, checks out paying in place, sees the session on the order and fetches the
 * calendar file; the same course page in Arabic at 375 px is looked at.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  accessibilityViolations,
  browserForFile,
  newContext,
  openPage,
  screenshotter,
} from './browser.js';
import {
  DAY,
  TUNIS_ADDRESS,
  ADMIN,
  api,
  verifiedAccount,
  watchErrors,
  type UserInfo,
  type CourseRow,
  type SessionRow,
} from './shop-api.js';

const run = Date.now().toString(36);

const browser = browserForFile();

const shot = screenshotter('sessions-');

describe('dated sessions', () => {
  test('pick a session on the course page → check out in place → the order shows it → the calendar file', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const courses = await api<CourseRow[]>('GET', '/courses?limit=50');
    const course = courses.find((c) => c.price > 0);
    assert.ok(course, 'a seeded course');
    // A session of our own, far enough ahead to be the last one listed: its place names it.
    const place = `E2E room ${run}`;
    const startsAt = new Date(Date.now() + 400 * DAY);
    startsAt.setUTCHours(17, 0, 0, 0);
    const session = await api<SessionRow>(
      'POST',
      `/courses/${course._id}/sessions`,
      {
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 30 * DAY + 2 * 60 * 60 * 1000).toISOString(),
        schedule: 'Mon and Wed 18:00-20:00',
        place,
        capacity: 4,
      },
      admin.token,
    );
    assert.equal(session.seatsLeft, 4);

    const customer = await verifiedAccount(
      'Sami Sessions',
      `sami.sessions.${run}@example.com`,
      'sessions-pass-1',
    );
    const context = await newContext(browser(), {
      storage: {
        userInfo: customer,
        shippingAddress: TUNIS_ADDRESS,
      },
    });
    const page = await openPage(context, `/course/${course._id}`);
    const errors = watchErrors(page);

    // The course page: our session among the others, chosen by keyboard-reachable radio.
    const sessions = page.getByRole('group', { name: 'Choose a session' });
    await sessions.waitFor();
    const ours = sessions.getByRole('radio', { name: new RegExp(place) });
    await ours.check();
    assert.ok(await ours.isChecked());
    const qty = page.getByLabel('Quantity');
    assert.equal(
      await qty.locator('option').count(),
      4,
      'the quantity runs to the session’s seats left',
    );
    await qty.selectOption('2');
    await shot(page, 'course-en');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');

    // The cart line carries the session.
    await page.getByRole('combobox', { name: `Session of ${course.name}` }).waitFor();
    assert.match(
      (await page
        .getByRole('combobox', { name: `Session of ${course.name}` })
        .locator('option:checked')
        .textContent()) ?? '',
      new RegExp(place),
    );
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.waitForURL('**/shipping');
    await page.getByRole('radio', { name: 'On place' }).check();
    await page.getByRole('button', { name: 'Place to order' }).click();
    await page.waitForURL('**/placeorder');
    await page.getByText(new RegExp(`Mon and Wed 18:00-20:00 · ${place}`)).waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/order/'));
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // The order: the session on its line; the API took the seats from that session.
    await page.getByText(new RegExp(`Mon and Wed 18:00-20:00 · ${place}`)).waitFor();
    const order = await api<{ orderItems: { qty: number; session: { _id: string } | null }[] }>(
      'GET',
      `/orders/${orderId}`,
      undefined,
      customer.token,
    );
    assert.equal(order.orderItems[0]?.session?._id, session._id);
    const detail = await api<{ sessions: SessionRow[] }>('GET', `/courses/${course._id}`);
    assert.equal(detail.sessions.find((s) => s._id === session._id)?.seatsLeft, 2);

    // Add to calendar: the .ics downloaded holds one event at our place.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Add to calendar' }).click(),
    ]);
    const file = await download.path();
    const ics = readFileSync(file, 'utf8');
    assert.match(ics, /BEGIN:VCALENDAR/);
    assert.match(ics, /BEGIN:VEVENT/);
    assert.match(ics.replace(/\r?\n[ \t]/g, ''), new RegExp(`LOCATION:${place}`));
    await shot(page, 'order-en');
    assert.deepEqual(
      await accessibilityViolations(page, { within: '#main' }),
      [],
      'accessibility of the order',
    );
    assert.deepEqual(errors, []);
    await context.close();

    // The course page in Arabic on a 375 px phone: right to left, nothing wider than the screen.
    const phone = await newContext(browser(), { width: 375, height: 800 });
    await phone.addInitScript(`localStorage.setItem('lang', 'ar');`);
    const arPage = await openPage(phone, `/course/${course._id}`);
    const arErrors = watchErrors(arPage);
    await arPage.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await arPage.getByRole('group', { name: 'اختر دورة' }).waitFor();
    const width = await arPage.evaluate('document.documentElement.scrollWidth');
    assert.ok(Number(width) <= 375, `nothing wider than the phone (${String(width)} px)`);
    await shot(arPage, 'course-ar-375');
    assert.deepEqual(
      await accessibilityViolations(arPage, { within: '#main' }),
      [],
      'accessibility in Arabic',
    );
    assert.deepEqual(arErrors, []);
    await phone.close();
  });
});

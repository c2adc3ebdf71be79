/**
 * The waitlist of a full session (issue 34): a customer joins the waitlist of a full session on
 * the course page; another customer's order is cancelled; the waitlisted customer receives the
 * offer mail, follows its link (the session chosen) and checks out the held seat, the order
 * showing the session; a third customer cannot take that seat meanwhile. Screenshots at 1280 px,
 * and at 375 px in Arabic.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  accessibilityViolations,
  browserForFile,
  mailLinkFor,
  newContext,
  noWiderThan,
  openPage,
  screenshotter,
  waitForApp,
} from './browser.js';
import {
  DAY,
  TUNIS_ADDRESS,
  ADMIN,
  api,
  call,
  verifiedAccount,
  watchErrors,
  type UserInfo,
  type CourseRow,
  type SessionRow,
} from './shop-api.js';

const run = Date.now().toString(36);

const browser = browserForFile();

const shot = screenshotter('waitlist-');

describe('waitlist', () => {
  test('join a full session → a seat freed → the offer mail → check out the held seat; others get 409', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const courses = await api<CourseRow[]>('GET', '/courses?limit=50');
    const course = courses.find((c) => c.price > 0);
    assert.ok(course, 'a seeded course');
    const place = `E2E waitlist room ${run}`;
    const startsAt = new Date(Date.now() + 450 * DAY);
    startsAt.setUTCHours(8, 0, 0, 0);
    const session = await api<SessionRow>(
      'POST',
      `/courses/${course._id}/sessions`,
      {
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * DAY + 8 * 60 * 60 * 1000).toISOString(),
        schedule: 'Mon to Wed 9:00-17:00',
        place,
        capacity: 1,
      },
      admin.token,
    );

    const [holder, waiter, third] = await Promise.all([
      verifiedAccount('Hedi Holder', `hedi.holder.${run}@example.com`, 'waitlist-pass-1'),
      verifiedAccount('Wafa Waiting', `wafa.waiting.${run}@example.com`, 'waitlist-pass-2'),
      verifiedAccount('Tarek Third', `tarek.third.${run}@example.com`, 'waitlist-pass-3'),
    ]);
    const orderOne = (buyer: UserInfo) =>
      call<{ _id: string; message?: string }>(
        'POST',
        '/orders',
        {
          orderItems: [{ course: course._id, qty: 1, session: session._id }],
          shippingAddress: TUNIS_ADDRESS,
          paymentMethod: 'In Place',
        },
        buyer.token,
      );
    // The only seat is taken: the session is full.
    const held = await orderOne(holder);
    assert.equal(held.status, 201);

    // The waiting customer joins the waitlist from the course page.
    const context = await newContext(browser(), {
      storage: { userInfo: waiter, shippingAddress: TUNIS_ADDRESS },
    });
    const page = await openPage(context, `/course/${course._id}`);
    const errors = watchErrors(page);
    const box = page.locator(`[data-session="${session._id}"]`);
    // The seats wanted (1 to 10) beside the button; one here. On a phone the box still fits.
    await box.getByRole('combobox', { name: /^Seats wanted in the session/ }).waitFor();
    await shot(page, 'join-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await noWiderThan(page, 375);
    await shot(page, 'join-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await box.getByRole('button', { name: /^Join the waitlist of the session/ }).click();
    await box.getByText('You are number 1 on the waitlist.').waitFor();
    assert.equal(
      (await api<{ sessions: SessionRow[] }>('GET', `/courses/${course._id}`)).sessions.find(
        (s) => s._id === session._id,
      )?.waiting,
      1,
    );
    await shot(page, 'joined-1280');
    assert.deepEqual(
      await accessibilityViolations(page, { within: '#main' }),
      [],
      'accessibility of the course page',
    );

    // The holder's order is cancelled: the seat is offered to the first in line, by mail.
    const cancelled = await call(
      'POST',
      `/orders/${held.body._id}/cancel`,
      undefined,
      holder.token,
    );
    assert.equal(cancelled.status, 200);
    const link = await mailLinkFor(waiter.email, `/course/${course._id}`, 20_000);
    assert.ok(link.includes(`session=${session._id}`), `the link chooses the session: ${link}`);

    // Meanwhile a third customer cannot take the held seat.
    const refused = await orderOne(third);
    assert.equal(refused.status, 409, 'the held seat is not on sale');

    // The course page in Arabic on a 375 px phone, with the offer.
    const phone = await newContext(browser(), {
      width: 375,
      height: 800,
      storage: { userInfo: waiter },
    });
    await phone.addInitScript(`localStorage.setItem('lang', 'ar');`);
    const url = new URL(link);
    const arPage = await openPage(phone, url.pathname + url.search);
    const arErrors = watchErrors(arPage);
    await arPage.locator('html[lang="ar"][dir="rtl"]').waitFor();
    await arPage.getByText(/محجوز لك حتى/).waitFor();
    const width = await arPage.evaluate('document.documentElement.scrollWidth');
    assert.ok(Number(width) <= 375, `nothing wider than the phone (${String(width)} px)`);
    await shot(arPage, 'offer-ar-375');
    assert.deepEqual(arErrors, []);
    await phone.close();

    // The mail's link: the course page with the session chosen and the held seat orderable.
    await page.goto(url.pathname + url.search);
    await waitForApp(page);
    await page.getByText(/1 seat of the session .* is held for you until/).waitFor();
    const ours = page
      .getByRole('group', { name: 'Choose a session' })
      .getByRole('radio', { name: new RegExp(place) });
    assert.ok(await ours.isChecked(), 'the session of the link is chosen');
    await shot(page, 'offer-1280');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.waitForURL('**/shipping');
    await page.getByRole('radio', { name: 'On place' }).check();
    await page.getByRole('button', { name: 'Place to order' }).click();
    await page.waitForURL('**/placeorder');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/order/'));
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByText(new RegExp(`Mon to Wed 9:00-17:00 · ${place}`)).waitFor();
    await shot(page, 'order-1280');
    const order = await api<{ orderItems: { session: { _id: string } | null }[] }>(
      'GET',
      `/orders/${orderId}`,
      undefined,
      waiter.token,
    );
    assert.equal(order.orderItems[0]?.session?._id, session._id);
    // The seat is the waiter's now: off the waitlist, nothing left for anyone else.
    assert.deepEqual(await api('GET', '/waitlist', undefined, waiter.token), []);
    assert.equal((await orderOne(third)).status, 409);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

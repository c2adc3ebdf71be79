/**
 * Moving a learner to another session (issue 34): an admin opens a session's roster, clicks the
 * learner's Move, picks the other session and confirms; the learner leaves this roster and is
 * on the other one, the order answers the new session. The dialog is looked at at 1280 and
 * 375 px, in English and in Arabic, and used with the keyboard.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  accessibilityViolations,
  browserForFile,
  newContext,
  noWiderThan,
  openPage,
  screenshotter,
} from './browser.js';
import {
  DAY,
  placeOrder,
  ADMIN,
  api,
  verifiedAccount,
  watchErrors,
  type UserInfo,
} from './shop-api.js';

const run = Date.now().toString(36);

const browser = browserForFile();

const shot = screenshotter('move-');

describe('moving a learner to another session', () => {
  test('roster → Move → pick the other session → the learner is on its roster', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const courses = await api<{ _id: string; name: string; price: number }[]>(
      'GET',
      '/courses?limit=50',
    );
    const course = courses.find((c) => c.price > 0);
    assert.ok(course, 'a seeded course');
    const addSession = (days: number, place: string) => {
      const startsAt = new Date(Date.now() + days * DAY);
      startsAt.setUTCHours(8, 0, 0, 0);
      return api<{ _id: string }>(
        'POST',
        `/courses/${course._id}/sessions`,
        {
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 8 * 3_600_000).toISOString(),
          schedule: 'Sat 09:00-17:00',
          place,
          capacity: 6,
        },
        admin.token,
      );
    };
    const from = await addSession(520, `Move room A ${run}`);
    const to = await addSession(560, `Move room B ${run}`);
    const learner = await verifiedAccount(
      'Yasmine Move',
      `yasmine.move.${run}@example.com`,
      'move-pass-1',
    );
    const order = await placeOrder(learner.token, [
      { course: course._id, qty: 2, session: from._id },
    ]);
    await api('PUT', `/orders/${order._id}/pay`, {}, admin.token);

    // A phone, in English then Arabic: the dialog fits 375 px and is used with the keyboard.
    for (const lang of ['en', 'ar'] as const) {
      const phone = await newContext(browser(), {
        width: 375,
        height: 800,
        storage: { userInfo: admin },
      });
      await phone.addInitScript(`localStorage.setItem('lang', '${lang}');`);
      const small = await openPage(phone, `/admin/session/${from._id}`);
      const smallErrors = watchErrors(small);
      if (lang === 'ar') await small.locator('html[lang="ar"][dir="rtl"]').waitFor();
      const button = small.getByRole('button', {
        name:
          lang === 'ar' ? 'نقل Yasmine Move إلى دورة أخرى' : 'Move Yasmine Move to another session',
      });
      await button.waitFor();
      await button.focus();
      await small.keyboard.press('Enter');
      const dialog = small.getByRole('dialog');
      await dialog.getByText(`Move room B ${run}`).waitFor();
      await noWiderThan(small, 375);
      await shot(small, `dialog-${lang}-375`);
      assert.deepEqual(
        await accessibilityViolations(small, { within: '[role="dialog"]' }),
        [],
        `accessibility of the dialog at 375 px (${lang})`,
      );
      await small.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(
        await small.evaluate('document.activeElement?.getAttribute("aria-haspopup")'),
        'dialog',
        'the focus goes back to Move',
      );
      assert.deepEqual(smallErrors, []);
      await phone.close();
    }

    // A wide screen: move for real.
    const context = await newContext(browser(), { storage: { userInfo: admin } });
    const page = await openPage(context, `/admin/session/${from._id}`);
    const errors = watchErrors(page);
    const table = page.getByRole('region', { name: 'Learners and attendance' });
    await table.getByText('Yasmine Move').waitFor();
    await page.getByRole('button', { name: 'Move Yasmine Move to another session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move Yasmine Move to another session' });
    await dialog.getByText(`Move room B ${run}`).click();
    await shot(page, 'dialog-en-1280');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await dialog.getByText(/Yasmine Move was moved to the session of/).waitFor();
    await shot(page, 'done-en-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await table.getByText('Yasmine Move').waitFor({ state: 'detached' });

    const moved = await api<{ orderItems: { session: { _id: string } | null }[] }>(
      'GET',
      `/orders/${order._id}`,
      undefined,
      admin.token,
    );
    assert.equal(moved.orderItems[0]?.session?._id, to._id);
    await page.goto(`/admin/session/${to._id}`);
    await page
      .getByRole('region', { name: 'Learners and attendance' })
      .getByText('Yasmine Move')
      .waitFor();
    await shot(page, 'target-roster-en-1280');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/**
 * Roster and attendance (issue 34): an admin opens a session's roster from the course edit
 * page, ticks attendance (a reload keeps it), downloads the CSV, prints the sign-in sheet and
 * marks the paid learners learned; the page is looked at at 1280 and 375 px and in Arabic.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  accessibilityViolations,
  browserForFile,
  newContext,
  noWiderThan,
  openPage,
  screenshotter,
  waitForApp,
} from './browser.js';
import {
  DAY,
  placeOrder,
  ADMIN,
  api,
  verifiedAccount,
  watchErrors,
  type UserInfo,
  type CourseRow,
} from './shop-api.js';

const run = Date.now().toString(36);

const browser = browserForFile();

const shot = screenshotter('attendance-');

/** `YYYY-MM-DD` of a Tunis day (UTC+1 all year). */
const tunisDay = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);

describe('roster and attendance', () => {
  test('open the roster → tick (reload keeps it) → CSV → sign-in sheet → mark learned', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const courses = await api<CourseRow[]>('GET', '/courses?limit=50');
    const course = courses.find((c) => c.price > 0);
    assert.ok(course, 'a seeded course');
    // Our session: three days whose last is today (an order is learned only from its session's
    // last Tunis day, issue 49), from 09:00 Tunis two days ago to 23:59 Tunis today; its place
    // names it.
    const place = `Roster room ${run}`;
    const today = tunisDay(new Date());
    const startsAt = new Date(Date.parse(`${today}T08:00:00.000Z`) - 2 * DAY);
    const session = await api<{ _id: string }>(
      'POST',
      `/courses/${course._id}/sessions`,
      {
        startsAt: startsAt.toISOString(),
        endsAt: `${today}T22:59:00.000Z`,
        schedule: '09:00-17:00',
        place,
        capacity: 10,
      },
      admin.token,
    );
    const firstDay = tunisDay(startsAt);

    // Three learners: two paid, one still pending; one with an Arabic name.
    const learners = [
      { name: 'Amira Roster', email: `amira.roster.${run}@example.com`, pay: true },
      { name: 'مريم الزواري', email: `mariam.roster.${run}@example.com`, pay: true },
      { name: 'Sami Pending', email: `sami.roster.${run}@example.com`, pay: false },
    ];
    const orders: string[] = [];
    for (const l of learners) {
      const account = await verifiedAccount(l.name, l.email, 'roster-pass-1');
      const order = await placeOrder(account.token, [
        { course: course._id, qty: 1, session: session._id },
      ]);
      if (l.pay) await api('PUT', `/orders/${order._id}/pay`, {}, admin.token);
      orders.push(order._id);
    }

    // From the course edit page's Sessions section to the roster.
    const context = await newContext(browser(), { storage: { userInfo: admin } });
    const page = await openPage(context, `/admin/course/${course._id}/edit`);
    const errors = watchErrors(page);
    const item = page.locator('.course-sessions__item', { hasText: place });
    await item.getByRole('link', { name: /^Roster of the session/ }).click();
    await page.waitForURL(`**/admin/session/${session._id}`);
    await page.getByRole('heading', { level: 1, name: `Roster: ${course.name}` }).waitFor();
    const table = page.getByRole('region', { name: 'Learners and attendance' });
    await table.getByRole('row').nth(3).waitFor();
    assert.equal(await table.getByRole('row').count(), 4, 'a header and three learners');

    // A tick is saved at once; a reload shows it.
    const dayLabel = (await table.locator('th.roster-table__day').first().textContent()) ?? '';
    const amiraDay1 = table.getByRole('checkbox', { name: `Amira Roster present on ${dayLabel}` });
    /** Ticks a box and waits for its save to be answered, then for the status line to say so. */
    const tickSaved = async (box: typeof amiraDay1) => {
      const saved = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/sessions/${session._id}/attendance`) && r.request().method() === 'PUT',
      );
      await box.check();
      assert.equal((await saved).status(), 200);
      await page.getByText('Attendance saved.').waitFor();
    };
    await tickSaved(amiraDay1);
    const mariamDay1 = table.getByRole('checkbox', { name: `مريم الزواري present on ${dayLabel}` });
    await tickSaved(mariamDay1);
    await page.reload();
    await waitForApp(page);
    await table.getByRole('row').nth(3).waitFor();
    assert.ok(await amiraDay1.isChecked(), 'the tick stays after a reload');
    assert.ok(await mariamDay1.isChecked());
    assert.ok(
      !(await table
        .getByRole('checkbox', { name: `Sami Pending present on ${dayLabel}` })
        .isChecked()),
    );
    await shot(page, 'roster-en-1280');
    await noWiderThan(page, 1280);

    // The CSV: UTF-8 with a BOM, a row per learner, a column per day, then who bought the seat and
    // the company (issue 51: empty for a buyer's own seats).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    assert.match(lines[0] ?? '', new RegExp(`^Name,E-mail,Seats,Order state,${firstDay},`));
    assert.ok(
      lines.includes(`Amira Roster,amira.roster.${run}@example.com,1,paid,1,0,0,1,,`),
      lines.join('\n'),
    );
    assert.ok(lines.includes(`مريم الزواري,mariam.roster.${run}@example.com,1,paid,1,0,0,1,,`));
    assert.ok(lines.includes(`Sami Pending,sami.roster.${run}@example.com,1,pending,0,0,0,0,,`));

    // The sign-in sheet: printing shows it alone, a line per learner, a column per day.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('sign-in-sheet');
    assert.ok(await sheet.isVisible(), 'the sheet prints');
    assert.ok(
      !(await page.getByRole('button', { name: 'Download CSV' }).isVisible()),
      'the toolbar does not print',
    );
    assert.equal(await sheet.locator('tbody tr').count(), 4, 'three learners and the trainer');
    assert.equal(await sheet.locator('thead th').count(), 2 + 3);
    await shot(page, 'sheet-print');
    const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true });
    assert.ok(pdf.subarray(0, 5).toString() === '%PDF-', 'the browser prints it to PDF');
    await page.emulateMedia({ media: 'screen' });

    // Mark learned: the two paid learners at once.
    await table.getByRole('checkbox', { name: 'Select every paid learner' }).check();
    await page.getByRole('button', { name: 'Mark 2 learners learned' }).click();
    await page.getByText('2 learners marked learned; certificates sent.').waitFor();
    await table.getByText('Learned').first().waitFor();
    const states = await Promise.all(
      orders.map((id) => api<{ status: string }>('GET', `/orders/${id}`, undefined, admin.token)),
    );
    assert.deepEqual(
      states.map((o) => o.status),
      ['learned', 'learned', 'pending'],
    );
    assert.deepEqual(
      await accessibilityViolations(page, { within: '#main' }),
      [],
      'accessibility of the roster',
    );
    assert.deepEqual(errors, []);
    await context.close();

    // A phone: one day at a time, picked above the table; in English, then in Arabic.
    for (const lang of ['en', 'ar'] as const) {
      const phone = await newContext(browser(), {
        width: 375,
        height: 800,
        storage: { userInfo: admin },
      });
      await phone.addInitScript(`localStorage.setItem('lang', '${lang}');`);
      const small = await openPage(phone, `/admin/session/${session._id}`);
      const smallErrors = watchErrors(small);
      if (lang === 'ar') await small.locator('html[lang="ar"][dir="rtl"]').waitFor();
      const region = small.getByRole('region', {
        name: lang === 'ar' ? 'المتعلّمون والحضور' : 'Learners and attendance',
      });
      await region.locator('tbody tr').nth(2).waitFor();
      const picker = small.getByLabel(lang === 'ar' ? 'اليوم' : 'Day', { exact: true });
      await picker.waitFor();
      assert.equal(
        await region.locator('tbody tr').first().locator('input.roster-table__tick').count(),
        1,
      );
      await noWiderThan(small, 375);
      await shot(small, `roster-${lang}-375`);
      assert.deepEqual(
        await accessibilityViolations(small, { within: '#main' }),
        [],
        `accessibility at 375 px (${lang})`,
      );
      assert.deepEqual(smallErrors, []);
      await phone.close();
    }
    const wideAr = await newContext(browser(), { storage: { userInfo: admin } });
    await wideAr.addInitScript(`localStorage.setItem('lang', 'ar');`);
    const arPage = await openPage(wideAr, `/admin/session/${session._id}`);
    await arPage
      .getByRole('region', { name: 'المتعلّمون والحضور' })
      .locator('tbody tr')
      .nth(2)
      .waitFor();
    await shot(arPage, 'roster-ar-1280');
    await arPage.emulateMedia({ media: 'print' });
    await shot(arPage, 'sheet-print-ar');
    await wideAr.close();
  });
});

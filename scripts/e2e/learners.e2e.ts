/**
 * Learners (issue 51), as a parent and a company's HR officer meet them:
 * - a parent names two children at checkout ("Who will attend?") and sees them on the order;
 * - an HR officer buys 3 seats of a dated session with the invoice to a company, leaves them
 *   unnamed, names them later on the order page; once paid, the admin ticks attendance per
 *   learner on the roster and marks them learned; three certificates exist, in the learners'
 *   names, on the buyer's profile and on the public check page;
 * - the training agreement and the attendance certificate download as PDFs from the order page,
 *   their text (pdftotext) in French and in Arabic: learners, the company's matricule, course,
 *   hours, days present of days held.
 * Screenshots (E2E_SCREENSHOTS) of checkout's "Who will attend?", the order's learners, the
 * roster and both PDFs (pdftoppm) at 375 and 1280 px in ar, fr and en.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Download, Page } from 'playwright-core';
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
  ADMIN,
  api,
  cartLineOf,
  coursesWithSeats,
  DAY,
  TUNIS_ADDRESS,
  verifiedAccount,
  watchErrors,
  type CourseRow,
  type UserInfo,
} from './shop-api.js';

const run = Date.now().toString(36);
const browser = browserForFile();
const shot = screenshotter('learners-');

const LANGUAGES = ['ar', 'fr', 'en'] as const;
const WIDTHS = [375, 1280] as const;

/** `YYYY-MM-DD` of a Tunis day (UTC+1 all year). */
const tunisDay = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);

interface OrderAnswer {
  _id: string;
  status: string;
  invoiceTo: { name: string; taxId: string } | null;
  orderItems: { _id: string; qty: number; learners: { _id: string; name: string; email: string | null }[] }[];
}

interface CertificateRow {
  _id: string;
  learner: string;
  course: string;
  status: string;
}

/** A page of `user` in `language` at `width`; closed with its context by the caller. */
async function pageAs(
  user: UserInfo,
  pathname: string,
  language: string,
  width: number,
  storage: Record<string, unknown> = {},
): Promise<Page> {
  const context = await newContext(browser(), {
    width,
    height: 900,
    storage: { userInfo: { ...user, language }, ...storage },
  });
  await context.addInitScript(`localStorage.setItem('lang', '${language}');`);
  const page = await openPage(context, pathname);
  await page.locator(`html[lang="${language}"]`).waitFor();
  return page;
}

/** The text of a downloaded PDF (pdftotext, reading order), and its first page drawn as PNG when shots are kept. */
async function pdfText(download: Download, name: string): Promise<string> {
  const bytes = readFileSync(await download.path());
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', `${name} is a PDF`);
  const dir = mkdtempSync(path.join(tmpdir(), 'learners-pdf-'));
  try {
    const file = path.join(dir, `${name}.pdf`);
    execFileSync('cp', [await download.path(), file]);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const shots = process.env['E2E_SCREENSHOTS'];
    if (shots) {
      mkdirSync(shots, { recursive: true });
      execFileSync('pdftoppm', ['-png', '-r', '70', file, path.join(shots, `learners-${name}`)]);
    }
    return text;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Clicks a document button of the order page and answers the PDF's text. */
async function downloadPdf(page: Page, button: string, name: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return pdfText(download, name);
}

/** Arabic text as pdftotext gives it may carry presentation forms: compare on the letters. */
const letters = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ');

/**
 * Whether a document's text says `expected`, ignoring case (titles are set in capitals). A name
 * in Arabic script is looked for word by word: pdftotext gives right-to-left runs in visual order.
 */
function says(text: string, expected: string): boolean {
  const haystack = text.toLocaleLowerCase('fr');
  if (!/[\u0600-\u06ff]/.test(expected)) return haystack.includes(expected.toLocaleLowerCase('fr'));
  return expected.split(' ').every((word) => haystack.includes(word));
}

describe('learners', () => {
  test('a parent names two children at checkout and sees them on the order', async () => {
    const [course] = await coursesWithSeats(2);
    assert.ok(course, 'a seeded course with two seats left');
    const parent = await verifiedAccount(
      'Leila Parent',
      `leila.parent.${run}@example.com`,
      'parent-pass-12',
    );
    const storage = {
      cartItems: [cartLineOf(course, 2)],
      shippingAddress: TUNIS_ADDRESS,
      paymentMethod: 'In Place',
    };

    // Checkout's "Who will attend?" as the parent sees it, in every language and width.
    for (const language of LANGUAGES)
      for (const width of WIDTHS) {
        const page = await pageAs(parent, '/placeorder', language, width, storage);
        const errors = watchErrors(page);
        await page.locator('.who-will-attend input[type="radio"]').nth(1).check();
        await page.locator('.who-will-attend').getByRole('textbox').first().fill('يوسف الغربي');
        await noWiderThan(page, width);
        await shot(page, `checkout-${language}-${String(width)}`);
        assert.deepEqual(errors, [], `checkout ${language} ${String(width)}`);
        await page.context().close();
      }

    // On a phone, in English: "Name the learners", two names, one with an e-mail.
    const page = await pageAs(parent, '/placeorder', 'en', 375, storage);
    const errors = watchErrors(page);
    const attend = page.getByRole('region', { name: 'Who will attend?' });
    const line = attend.getByRole('group', { name: course.name });
    assert.ok(await line.getByRole('radio', { name: 'Me', exact: true }).isChecked(), '"Me" by default');
    await line.getByRole('radio', { name: 'Name the learners' }).check();
    await line.getByText('2 seats: name up to 2 people; seats left unnamed are yours.').waitFor();
    await line.getByRole('textbox', { name: 'Name' }).first().fill('Youssef Gharbi');
    await line
      .getByRole('textbox', { name: 'E-mail (optional)' })
      .first()
      .fill(`youssef.${run}@example.com`);
    await line.getByRole('button', { name: 'Add a name' }).click();
    await line.getByRole('textbox', { name: 'Name' }).nth(1).fill('Ines Gharbi');
    assert.deepEqual(
      await accessibilityViolations(page, { within: '#main' }),
      [],
      'accessibility of "Who will attend?"',
    );
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]+$/);
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // The order page lists both children under the line, and the API keeps them.
    const learners = page.getByRole('region', { name: 'Who will attend?' });
    await learners.getByText('Youssef Gharbi').waitFor();
    await learners.getByText('Ines Gharbi').waitFor();
    await learners.getByText(`youssef.${run}@example.com`).waitFor();
    const order = await api<OrderAnswer>('GET', `/orders/${orderId}`, undefined, parent.token);
    assert.deepEqual(
      order.orderItems[0]?.learners.map((l) => [l.name, l.email]),
      [
        ['Youssef Gharbi', `youssef.${run}@example.com`],
        ['Ines Gharbi', null],
      ],
    );
    await noWiderThan(page, 375);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('an HR officer buys 3 seats for a company, names them later; attendance, learned, three certificates, the PDFs in French and Arabic', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    // The journey's own course and session: five days ahead, three days of 7 hours.
    const draft = await api<CourseRow>('POST', '/courses', {}, admin.token);
    const course = await api<CourseRow>(
      'PUT',
      `/courses/${draft._id}`,
      {
        name: `Excel for Business ${run}`,
        price: 300,
        availability: 0,
        category: ['Art'],
        description: 'Issue 51 journey: a company’s staff.',
      },
      admin.token,
    );
    const start = new Date(Date.parse(`${tunisDay(new Date(Date.now() + 5 * DAY))}T08:00:00.000Z`));
    const sessionBody = {
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 2 * DAY + 8 * 3_600_000).toISOString(),
      schedule: '09:00-17:00',
      place: `Tunis, Lac 2 (${run})`,
      capacity: 12,
      hours: 21,
      trainer: 'Sonia Trabelsi',
    };
    const session = await api<{ _id: string; startsAt: string; endsAt: string; seatsLeft: number }>(
      'POST',
      `/courses/${course._id}/sessions`,
      sessionBody,
      admin.token,
    );
    const hrEmail = `nadia.hr.${run}@example.com`;
    const hr = await verifiedAccount('Nadia Ressources', hrEmail, 'hr-pass-1234');
    await api('PUT', '/users/profile', { language: 'fr' }, hr.token);

    // Checkout: 3 seats, the invoice to a company with its matricule, the seats left unnamed.
    const cartLine = {
      ...cartLineOf({ ...course, availability: session.seatsLeft }, 3),
      session: {
        _id: session._id,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        schedule: sessionBody.schedule,
        place: sessionBody.place,
      },
    };
    const checkout = await pageAs(hr, '/shipping', 'en', 1280, {
      cartItems: [cartLine],
      shippingAddress: TUNIS_ADDRESS,
      paymentMethod: 'In Place',
    });
    const checkoutErrors = watchErrors(checkout);
    await checkout.getByLabel('Invoice to a company').check();
    await checkout.getByLabel('Company name').fill('Société Ennour SARL');
    await checkout.getByLabel('Tax ID (matricule fiscal)').fill('1234567/a/p/m/000');
    await checkout.getByRole('button', { name: 'Place to order' }).click();
    await checkout.waitForURL('**/placeorder');
    const attend = checkout.getByRole('group', { name: course.name });
    assert.ok(await attend.getByRole('radio', { name: 'Me', exact: true }).isChecked());
    await checkout.getByRole('button', { name: 'Place Order' }).click();
    await checkout.waitForURL(/\/order\/[0-9a-f-]+$/);
    const orderId = new URL(checkout.url()).pathname.split('/').pop() ?? '';
    assert.deepEqual(checkoutErrors, []);
    await checkout.context().close();
    let order = await api<OrderAnswer>('GET', `/orders/${orderId}`, undefined, hr.token);
    assert.deepEqual(order.invoiceTo, { kind: 'company', name: 'Société Ennour SARL', taxId: '1234567APM000' });
    assert.deepEqual(order.orderItems[0]?.learners, [], 'the seats are left unnamed');

    // Later, on the order page (a phone, in English): the three names.
    const staff = ['Amine Ben Salah', 'Rim Jlassi', 'سلمى الطرابلسي'];
    const naming = await pageAs(hr, `/order/${orderId}`, 'en', 375);
    const namingErrors = watchErrors(naming);
    const region = naming.getByRole('region', { name: 'Who will attend?' });
    await region.getByText('No seat is named: all are yours.').waitFor();
    await region.getByRole('button', { name: 'Change the names' }).click();
    await region.getByRole('button', { name: 'Add a name' }).click();
    await region.getByRole('button', { name: 'Add a name' }).click();
    await region.getByRole('button', { name: 'Add a name' }).click();
    for (const [i, name] of staff.entries())
      await region.getByRole('textbox', { name: 'Name' }).nth(i).fill(name);
    await region
      .getByRole('textbox', { name: 'E-mail (optional)' })
      .first()
      .fill(`amine.${run}@example.com`);
    await region.getByRole('button', { name: 'Save the names' }).click();
    await region.getByText('Names saved.').waitFor();
    for (const name of staff) await region.getByText(name).waitFor();
    await noWiderThan(naming, 375);
    assert.deepEqual(namingErrors, []);
    await naming.context().close();
    order = await api<OrderAnswer>('GET', `/orders/${orderId}`, undefined, hr.token);
    assert.deepEqual(
      order.orderItems[0]?.learners.map((l) => l.name),
      staff,
    );

    // The agreement is there from the start, in the buyer's language (French).
    const agreementFr = await pageAs(hr, `/order/${orderId}`, 'fr', 1280);
    const agreementText = letters(
      await downloadPdf(agreementFr, 'Convention de formation (PDF)', 'agreement-fr'),
    );
    await agreementFr.context().close();
    for (const expected of [
      'Convention de formation',
      'Société Ennour SARL',
      '1234567/A/P/M/000',
      course.name,
      'Sonia Trabelsi',
      ...staff,
    ])
      assert.ok(says(agreementText, expected), `agreement (fr) says ${expected}:\n${agreementText}`);
    assert.match(agreementText, /\b21\b/, 'the hours');

    // The centre takes the payment; the session then runs (the admin records its real dates:
    // the last three Tunis days, ended a minute ago).
    await api('PUT', `/orders/${orderId}/pay`, {}, admin.token);
    const now = Date.now();
    const ranFrom = new Date(Date.parse(`${tunisDay(new Date(now))}T08:00:00.000Z`) - 2 * DAY);
    await api(
      'PUT',
      `/sessions/${session._id}`,
      { ...sessionBody, startsAt: ranFrom.toISOString(), endsAt: new Date(now - 60_000).toISOString() },
      admin.token,
    );

    // The admin's roster: one row per learner, the company beside; ticks per learner and day.
    const adminContext = await newContext(browser(), { storage: { userInfo: admin } });
    const roster = await openPage(adminContext, `/admin/session/${session._id}`);
    const rosterErrors = watchErrors(roster);
    const table = roster.getByRole('region', { name: 'Learners and attendance' });
    await table.locator('tbody tr').nth(2).waitFor();
    assert.equal(await table.locator('tbody tr').count(), 3, 'a row per named learner');
    assert.equal(
      await table.locator('tbody tr', { hasText: 'Société Ennour SARL' }).count(),
      3,
      'the company beside each learner',
    );
    const days = (await table.locator('th.roster-table__day').allTextContents()).map((d) => d.trim());
    assert.equal(days.length, 3, 'three days held');
    /** Days present per learner: Amine all three, Rim two, Salma one. */
    const present = [3, 2, 1];
    for (const [i, name] of staff.entries())
      for (const day of days.slice(0, present[i])) {
        const saved = roster.waitForResponse(
          (r) =>
            r.url().endsWith(`/sessions/${session._id}/attendance`) &&
            r.request().method() === 'PUT',
        );
        await table.getByRole('checkbox', { name: `${name} present on ${day}` }).check();
        assert.equal((await saved).status(), 200);
      }
    await roster.getByText('Attendance saved.').waitFor();
    await roster.reload();
    await waitForApp(roster);
    await table.locator('tbody tr').nth(2).waitFor();
    assert.ok(
      await table.getByRole('checkbox', { name: `${staff[1]} present on ${days[1]}` }).isChecked(),
      'a tick stays after a reload',
    );
    assert.ok(
      !(await table.getByRole('checkbox', { name: `${staff[2]} present on ${days[1]}` }).isChecked()),
    );
    await table.getByRole('checkbox', { name: 'Select every paid learner' }).check();
    // One order, three learners: the counts are of learners.
    await roster.getByRole('button', { name: 'Mark 3 learners learned' }).click();
    await roster.getByText('3 learners marked learned; certificates sent.').waitFor();
    assert.equal(
      (await api<OrderAnswer>('GET', `/orders/${orderId}`, undefined, admin.token)).status,
      'learned',
    );
    assert.deepEqual(rosterErrors, []);

    // The roster with learners and companies, in every language and width.
    for (const language of LANGUAGES)
      for (const width of WIDTHS) {
        const look = await pageAs(admin, `/admin/session/${session._id}`, language, width);
        const lookErrors = watchErrors(look);
        await look.locator('#main tbody tr').nth(2).waitFor();
        await noWiderThan(look, width);
        await shot(look, `roster-${language}-${String(width)}`);
        assert.deepEqual(lookErrors, [], `roster ${language} ${String(width)}`);
        await look.context().close();
      }
    await adminContext.close();

    // Three certificates, in the learners' names, on the buyer's profile.
    const certificates = await api<CertificateRow[]>('GET', '/certificates', undefined, hr.token);
    const ours = certificates.filter((c) => c.course === course.name);
    assert.deepEqual(ours.map((c) => c.learner).sort(), [...staff].sort());
    const profile = await pageAs(hr, '/profile', 'en', 375);
    const profileErrors = watchErrors(profile);
    await profile.getByRole('button', { name: 'Show my certificates' }).click();
    for (const name of staff) await profile.getByText(name, { exact: false }).first().waitFor();
    await noWiderThan(profile, 375);
    await shot(profile, 'certificates-profile-en-375');
    assert.deepEqual(profileErrors, []);
    await profile.context().close();

    // Anyone can check Salma's certificate on its public page.
    const salma = ours.find((c) => c.learner === staff[2]);
    assert.ok(salma);
    const visitor = await newContext(browser(), { width: 375, height: 812 });
    const check = await openPage(visitor, `/certificates/${salma._id}`);
    await check.getByText('This certificate is valid.').waitFor();
    await check.getByText(staff[2] ?? '').waitFor();
    await visitor.close();

    // The attendance certificate, in French: one page per learner, days present of days held.
    const documentsFr = await pageAs(hr, `/order/${orderId}`, 'fr', 1280);
    const attendanceFr = letters(
      await downloadPdf(documentsFr, 'Attestation de présence (PDF)', 'attendance-fr'),
    );
    await documentsFr.context().close();
    for (const expected of ['Attestation de présence', 'Société Ennour SARL', course.name, ...staff])
      assert.ok(says(attendanceFr, expected), `attendance (fr) says ${expected}:\n${attendanceFr}`);
    for (const [count, hours] of [
      [3, '21'],
      [2, '14'],
      [1, '7'],
    ] as const) {
      assert.match(attendanceFr, new RegExp(`\\b${count} sur 3\\b`), `${count} of 3 days`);
      assert.match(attendanceFr, new RegExp(`\\b${hours}\\b`), `${hours} hours`);
    }
    assert.equal(attendanceFr.split('\f').filter((p) => p.trim()).length >= 1, true);

    // The buyer switches to Arabic: both documents in Arabic, right to left.
    await api('PUT', '/users/profile', { language: 'ar' }, hr.token);
    const documentsAr = await pageAs(hr, `/order/${orderId}`, 'ar', 1280);
    const agreementAr = letters(
      await downloadPdf(documentsAr, 'اتفاقية التكوين (PDF)', 'agreement-ar'),
    );
    const attendanceAr = letters(
      await downloadPdf(documentsAr, 'شهادة الحضور (PDF)', 'attendance-ar'),
    );
    await documentsAr.context().close();
    for (const [name, text] of [
      ['agreement (ar)', agreementAr],
      ['attendance (ar)', attendanceAr],
    ] as const) {
      for (const expected of ['Société Ennour SARL', course.name, ...staff])
        assert.ok(says(text, expected), `${name} says ${expected}:\n${text}`);
      assert.ok(/[\u0600-\u06ff]{4}/.test(text), `${name} is written in Arabic:\n${text}`);
      assert.ok(!says(text, 'Convention de formation') && !says(text, 'Attestation de présence'), `${name}: no French title`);
    }
    assert.ok(says(agreementAr, '1234567/A/P/M/000'), `agreement (ar): the matricule:\n${agreementAr}`);
    assert.match(agreementAr, /\b21\b/, 'agreement (ar): the hours');
  });
});

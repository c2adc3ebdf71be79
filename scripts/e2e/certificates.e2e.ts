/**
 * Certificates (issue 35): the admin marks a paid order learned in the order screen; the
 * learner downloads the certificate from the profile on a phone; a visitor opens the check page
 * from the certificate's address (the one its QR code and mail hold) in English, French and
 * Arabic at 375 px, with the keyboard; a revoked certificate says so.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import {
  accessibilityViolations,
  browserForFile,
  mailLinkFor,
  newContext,
  openPage,
  waitForApp,
  screenshotter,
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

const shot = screenshotter();

interface CertificateRow {
  _id: string;
  learner: string;
  course: string;
  status: string;
}

/** The texts of the check page in each language. */
const CHECK = {
  en: {
    title: 'Certificate check',
    valid: 'This certificate is valid.',
    learner: 'Awarded to',
    revoked: 'This certificate was revoked on',
  },
  fr: {
    title: 'Vérification de certificat',
    valid: 'Ce certificat est valide.',
    learner: 'Décerné à',
    revoked: 'Ce certificat a été révoqué le',
  },
  ar: {
    title: 'التحقق من شهادة',
    valid: 'هذه الشهادة صالحة.',
    learner: 'مُنحت إلى',
    revoked: 'أُلغيت هذه الشهادة بتاريخ',
  },
} as const;

describe('certificates', () => {
  test('issued when the admin marks the order learned, downloaded from the profile, checked by anyone in each language', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const email = `leila.certificate.${run}@example.com`;
    const learner = await verifiedAccount('Leila Certificate', email, 'learner-pass-1');
    const [course] = await coursesWithSeats(1);
    assert.ok(course, 'a seeded course with a seat left');
    const order = await api<{ _id: string }>(
      'POST',
      '/orders',
      {
        orderItems: [{ course: course._id, qty: 1 }],
        shippingAddress: {
          address: '5 Rue du Lac',
          city: 'Tunis',
          postalCode: '1053',
          country: 'France',
        },
        paymentMethod: 'In Place',
      },
      learner.token,
    );
    await api('PUT', `/orders/${order._id}/pay`, {}, admin.token);
    // Paid but not learned: no certificate yet.
    assert.deepEqual(
      await api<CertificateRow[]>('GET', '/certificates', undefined, learner.token),
      [],
    );

    // The admin marks it learned from the order screen.
    const adminContext = await newContext(browser(), { storage: { userInfo: admin } });
    const adminPage = await openPage(adminContext, `/order/${order._id}`);
    const adminErrors = watchErrors(adminPage);
    await adminPage.getByRole('button', { name: 'LEARNED' }).click();
    await adminPage.getByText(/learned at \d{4}-\d{2}-\d{2}/).waitFor();
    assert.deepEqual(adminErrors, []);
    await adminContext.close();

    // The learner is mailed the check address; it is the address the certificate's QR code holds.
    const checkLink = await mailLinkFor(email, '/certificates/', 15_000);
    const [certificate] = await api<CertificateRow[]>(
      'GET',
      '/certificates',
      undefined,
      learner.token,
    );
    assert.ok(certificate);
    assert.equal(new URL(checkLink).pathname, `/certificates/${certificate._id}`);
    assert.equal(certificate.learner, 'Leila Certificate');

    // On a phone, the learner downloads the PDF from the profile.
    const mine = await newContext(browser(), {
      width: 375,
      height: 812,
      storage: { userInfo: learner },
    });
    const profile = await openPage(mine, '/profile');
    const learnerErrors = watchErrors(profile);
    await profile.getByRole('button', { name: 'Show my certificates' }).click();
    await profile.getByRole('heading', { name: course.name }).waitFor();
    const linkedIn = profile.getByRole('link', { name: /to your LinkedIn profile/ });
    const linkedInUrl = new URL((await linkedIn.getAttribute('href')) ?? '');
    assert.equal(linkedInUrl.searchParams.get('certId'), certificate._id);
    assert.equal(linkedInUrl.searchParams.get('certUrl'), checkLink);
    await shot(profile, 'certificates-profile-375');
    const [download] = await Promise.all([
      profile.waitForEvent('download'),
      profile.getByRole('button', { name: /^Download the certificate of/ }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `certificate-${certificate._id}.pdf`);
    const pdf = await readFile((await download.path()) ?? '');
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.deepEqual(learnerErrors, []);
    await mine.close();

    // A visitor (not signed in) opens the address in each language, on a phone.
    for (const lang of ['en', 'fr', 'ar'] as const) {
      const visitor = await newContext(browser(), { width: 375, height: 812 });
      await visitor.addInitScript(`localStorage.setItem("lang", "${lang}")`);
      const page = await visitor.newPage();
      const errors = watchErrors(page);
      const served = await page.goto(checkLink);
      assert.equal(served?.status(), 200);
      // The served head: no indexing, its own preview.
      assert.match(await served.text(), /<meta name="robots" content="noindex" \/>/);
      assert.match(
        await served.text(),
        /<meta property="og:title" content="Valid certificate: Leila Certificate/,
      );
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: CHECK[lang].title }).waitFor();
      await page.getByText(CHECK[lang].valid).waitFor();
      await page.getByText(CHECK[lang].learner).waitFor();
      await page.getByText('Leila Certificate').waitFor();
      assert.equal(await page.locator('html').getAttribute('dir'), lang === 'ar' ? 'rtl' : 'ltr');
      // Nothing wider than the phone's screen.
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth > window.innerWidth',
      );
      assert.equal(overflow, false, `${lang}: the page scrolls sideways at 375 px`);
      assert.deepEqual(
        await accessibilityViolations(page, { within: '.certificate-check', seriousOnly: true }),
        [],
      );
      await shot(page, `certificates-check-${lang}-375`);
      assert.deepEqual(errors, []);
      await visitor.close();
    }

    // The admin revokes it from the back office with a reason, with the keyboard.
    const back = await newContext(browser(), { storage: { userInfo: admin } });
    const list = await openPage(back, `/admin/certificates?q=${certificate._id}`);
    const row = list.getByRole('row').filter({ hasText: certificate._id });
    await row.getByRole('button', { name: 'Revoke the certificate of Leila Certificate' }).focus();
    await list.keyboard.press('Enter');
    await list.keyboard.type('Issued by mistake');
    await list.getByRole('button', { name: 'Revoke certificate' }).click();
    await row.getByText('Revoked').waitFor();
    await back.close();

    const visitor = await newContext(browser(), { width: 375, height: 812 });
    const page = await openPage(visitor, new URL(checkLink).pathname);
    await page.getByText(CHECK.en.revoked).waitFor();
    await page.getByText('Issued by mistake').waitFor();
    await shot(page, 'certificates-check-revoked-375');
    await visitor.close();

    // An unknown address: the not-found state.
    const stranger = await newContext(browser(), { width: 375, height: 812 });
    const unknown = await openPage(stranger, '/certificates/AAAAAAAAAAAAAAAAAAAAAAAA');
    await unknown.getByRole('heading', { level: 1, name: 'Certificate not found' }).waitFor();
    await stranger.close();
  });
});

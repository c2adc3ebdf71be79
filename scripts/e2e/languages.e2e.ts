/**
 * Issue 18 in real Chromium: the shop in Arabic (right to left) from home to the order page,
 * the choice kept across a reload; in French, a registration whose verification mail is
 * French. Screenshots of the main screens in Arabic and French at 375 and 1280 px go to
 * E2E_SCREENSHOTS (when set) to be looked at.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  browserForFile,
  mailLinkFor,
  newContext,
  openPage,
  waitForApp,
  screenshotter,
} from './browser.js';
import { ADMIN, api, verifiedAccount } from './shop-api.js';

const browser = browserForFile();

const PASSWORD = 'journey-pass-1';
const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

const shot = screenshotter('', { fullPage: false });

/** A verified customer made through the API (the mailed link followed by fetch). */
const verifiedCustomer = async (): Promise<string> =>
  (await verifiedAccount('Nour', uniqueEmail('lang'), PASSWORD)).email;

/** The decoded text of the newest mail to `to` in DATA_DIR/outbox (quoted-printable or base64 parts). */
function mailTextFor(to: string): string {
  const outbox = path.join(process.env['E2E_DATA_DIR'] ?? '', 'outbox');
  assert.ok(existsSync(outbox), 'the shop writes mails to DATA_DIR/outbox');
  for (const name of readdirSync(outbox)
    .filter((n) => n.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = readFileSync(path.join(outbox, name), 'utf8');
    if (!new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw)) continue;
    const qp = raw
      .replace(/=\r?\n/g, '')
      .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
        Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
      );
    const base64 = [
      ...raw.matchAll(
        /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g,
      ),
    ]
      .map((m) => Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'))
      .join('\n');
    const subject = (/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_x, h: string) =>
                  String.fromCharCode(parseInt(h, 16)),
                ),
              'latin1',
            ).toString('utf8'),
      );
    return `Subject: ${subject}\n${qp}\n${base64}`;
  }
  throw new Error(`no mail to ${to}`);
}

async function chooseLanguage(page: Page, label: string, value: 'en' | 'fr' | 'ar'): Promise<void> {
  await page.getByLabel(label, { exact: true }).first().selectOption(value);
  await page.locator(`html[lang="${value}"]`).waitFor();
}

async function direction(page: Page): Promise<{ lang: string | null; dir: string | null }> {
  const html = page.locator('html');
  return { lang: await html.getAttribute('lang'), dir: await html.getAttribute('dir') };
}

describe('the shop in Arabic, right to left', () => {
  for (const width of [1280, 375]) {
    test(`home, catalogue, cart, checkout and the order page in Arabic at ${width} px`, async () => {
      const email = await verifiedCustomer();
      const [course] = await api<{ _id: string; availability: number; nameAr: string }[]>(
        'GET',
        '/courses?limit=10',
      ).then((courses) => courses.filter((c) => c.availability >= 2 && c.nameAr));
      assert.ok(course, 'a demo course with an Arabic name and seats');
      const context = await newContext(browser(), { width, height: width === 375 ? 812 : 900 });
      const page = await openPage(context, '/');

      // The switch is in the header bar, also on the phone layout.
      await chooseLanguage(page, 'Language', 'ar');
      assert.deepEqual(await direction(page), { lang: 'ar', dir: 'rtl' });
      await page.getByRole('heading', { name: 'أحدث الدورات' }).waitFor();
      await shot(page, `ar-${width}-home`);

      await page.goto('/courses');
      await waitForApp(page);
      await page.getByRole('heading', { name: 'كل الدورات', level: 1 }).waitFor();
      await shot(page, `ar-${width}-catalogue`);

      // The choice survives a reload (local storage `lang`).
      await page.reload();
      await waitForApp(page);
      assert.deepEqual(await direction(page), { lang: 'ar', dir: 'rtl' });
      await page.getByRole('heading', { name: 'كل الدورات', level: 1 }).waitFor();

      await page.goto(`/course/${course._id}`);
      await waitForApp(page);
      await page.getByRole('heading', { name: course.nameAr, level: 1 }).waitFor();
      await shot(page, `ar-${width}-course`);

      await page.goto('/login');
      await waitForApp(page);
      await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
      await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      await page.goto(`/cart/${course._id}?qty=1`);
      await waitForApp(page);
      await page.getByRole('heading', { name: 'سلّتك : 1' }).waitFor();
      await shot(page, `ar-${width}-cart`);
      await page.getByRole('button', { name: 'إتمام الطلب' }).click();
      await page.waitForURL('**/shipping');
      await page.getByLabel('العنوان', { exact: true }).fill('12 شارع روما');
      await page.getByLabel('البلد', { exact: true }).selectOption('France');
      await page.getByLabel('المدينة', { exact: true }).fill('Paris');
      await page.getByLabel('الرمز البريدي', { exact: true }).fill('75008');
      await page.getByRole('radio', { name: 'الدفع في المركز' }).check();
      await shot(page, `ar-${width}-checkout`);
      await page.getByRole('button', { name: 'المتابعة إلى الطلب' }).click();
      await page.waitForURL('**/placeorder');
      await page.getByRole('heading', { name: 'تقديم الطلب', level: 1 }).waitFor();
      await shot(page, `ar-${width}-placeorder`);
      await page.getByRole('button', { name: 'تقديم الطلب' }).click();
      await page.waitForURL('**/order/**');
      const orderId = page.url().split('/').pop() ?? '';
      await page.getByRole('heading', { name: `الطلب ${orderId}` }).waitFor();
      await page.getByText('قيد الانتظار').first().waitFor();
      assert.deepEqual(await direction(page), { lang: 'ar', dir: 'rtl' });
      await shot(page, `ar-${width}-order`);

      // Signed in, the switch also saves the language on the account.
      await chooseLanguage(page, 'اللغة', 'fr');
      await page.getByRole('heading', { name: `Commande ${orderId}` }).waitFor();
      const token = (
        JSON.parse((await page.evaluate('localStorage.getItem("userInfo")')) as string) as {
          token: string;
        }
      ).token;
      for (let tries = 0; tries < 20; tries++) {
        const me = await api<{ language: string }>('GET', '/users/profile', undefined, token);
        if (me.language === 'fr') break;
        assert.ok(tries < 19, 'the account’s language became fr');
        await page.waitForTimeout(200);
      }
      await context.close();
    });
  }
});

describe('the shop in French', () => {
  test('a registration in French gets its verification mail in French', async () => {
    const context = await newContext(browser());
    const page = await openPage(context, '/register');
    await chooseLanguage(page, 'Language', 'fr');
    assert.deepEqual(await direction(page), { lang: 'fr', dir: 'ltr' });
    const email = uniqueEmail('francais');
    await page.getByLabel('Nom', { exact: true }).fill('Chloé');
    await page.getByLabel('Adresse e-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('radio', { name: 'Adulte' }).check();
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page
      .getByText('Inscription réussie. Consultez vos e-mails pour vérifier votre compte.')
      .waitFor();

    await mailLinkFor(email, '/verify/');
    const mail = mailTextFor(email);
    assert.match(mail, /Subject: Vérifiez votre adresse e-mail/);
    assert.match(mail, /Bonjour Chloé,/);
    assert.match(mail, /Merci de votre inscription sur Course Shop\./);
    assert.match(mail, /<html lang="fr">/);
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`main screens in French at ${width} px (screenshots)`, async () => {
      const context = await newContext(browser(), {
        width,
        height: width === 375 ? 812 : 900,
        storage: {},
      });
      await context.addInitScript('localStorage.setItem("lang", "fr")');
      const page = await openPage(context, '/');
      assert.deepEqual(await direction(page), { lang: 'fr', dir: 'ltr' });
      await page.getByRole('heading', { name: 'Derniers cours' }).waitFor();
      await shot(page, `fr-${width}-home`);
      await page.goto('/courses');
      await waitForApp(page);
      await page.getByRole('heading', { name: 'Tous les cours', level: 1 }).waitFor();
      await shot(page, `fr-${width}-catalogue`);
      const [course] = await api<{ _id: string; nameFr: string }[]>('GET', '/courses?limit=1');
      assert.ok(course);
      await page.goto(`/course/${course._id}`);
      await waitForApp(page);
      await page.getByRole('heading', { name: course.nameFr, level: 1 }).waitFor();
      await shot(page, `fr-${width}-course`);
      await page.goto(`/cart/${course._id}?qty=1`);
      await waitForApp(page);
      await page.getByRole('heading', { name: 'Votre panier : 1' }).waitFor();
      await shot(page, `fr-${width}-cart`);
      await context.close();
    });
  }

  test('admin lists in Arabic and French (screenshots)', async () => {
    const admin = await api<Record<string, unknown>>('POST', '/users/login', ADMIN);
    for (const [language, width] of [
      ['ar', 1280],
      ['ar', 375],
      ['fr', 1280],
      ['fr', 375],
    ] as const) {
      const context = await newContext(browser(), {
        width,
        height: width === 375 ? 812 : 900,
        storage: { userInfo: admin },
      });
      await context.addInitScript(`localStorage.setItem("lang", "${language}")`);
      const page = await openPage(context, '/admin/courselist');
      await page
        .getByRole('heading', { name: language === 'ar' ? 'الدورات' : 'Cours', level: 1 })
        .waitFor();
      await shot(page, `${language}-${width}-admin-courses`);
      await page.goto('/admin/orderlist');
      await waitForApp(page);
      await page
        .getByRole('heading', { name: language === 'ar' ? 'الطلبات' : 'Commandes', level: 1 })
        .waitFor();
      await shot(page, `${language}-${width}-admin-orders`);
      await context.close();
    }
  });
});

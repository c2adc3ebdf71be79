/**
 * The front desk's week (issue 54), in Arabic, French and English at 375 and 1280 px: two
 * sessions of a course on the same dates in two towns, told apart in the cart's session picker
 * by their place on a phone; an admin cancels an order saying why, and the customer reads the
 * reason on the order in Arabic; the admin's "Cancel session" says what it does and how many
 * seats are taken before anything happens. Screenshots when E2E_SCREENSHOTS names a folder.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newContext, noWiderThan, openPage, screenshotter } from './browser.js';
import {
  ADMIN,
  api,
  DAY,
  TUNIS_ADDRESS,
  cartLineOf,
  placeOrder,
  verifiedAccount,
  watchErrors,
  type CourseRow,
  type SessionRow,
  type UserInfo,
} from './shop-api.js';

const run = Date.now().toString(36);
const browser = browserForFile();
const shot = screenshotter('desk-');
const LANGUAGES = ['ar', 'fr', 'en'] as const;
const WIDTHS = [375, 1280] as const;

/** A context in `lang` at `width`, with local storage set before the app starts. */
async function contextIn(lang: string, width: number, storage: Record<string, unknown>): Promise<BrowserContext> {
  const context = await newContext(browser(), { width, height: 900, storage });
  await context.addInitScript(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
  return context;
}

async function isRtl(page: Page): Promise<boolean> {
  return (await page.locator('html').getAttribute('dir')) === 'rtl';
}

describe('the front desk’s week (issue 54)', () => {
  let admin: UserInfo;
  let customer: UserInfo;
  let course: CourseRow;
  // Each run has its own shop (fresh DATA_DIR): real places, as long as a centre's are.
  const sousse = 'Sousse, Khezama';
  const tunis = 'Tunis, Centre Urbain Nord';
  let inSousse: SessionRow;

  test('two sessions on the same dates in two towns: the cart’s picker shows the place at 375 px', async () => {
    admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const courses = await api<CourseRow[]>('GET', '/courses?limit=50');
    const found = courses.find((c) => c.price > 0 && c.nextSession);
    assert.ok(found, 'a seeded course sold by session');
    course = found;
    const startsAt = new Date(Date.now() + 500 * DAY);
    startsAt.setUTCHours(8, 0, 0, 0);
    const add = (place: string) =>
      api<SessionRow>(
        'POST',
        `/courses/${course._id}/sessions`,
        {
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + DAY + 4 * 3_600_000).toISOString(),
          schedule: 'Sat and Sun 09:00-13:00',
          place,
          capacity: 6,
        },
        admin.token,
      );
    inSousse = await add(sousse);
    await add(tunis);
    customer = await verifiedAccount('Nour Desk', `nour.desk.${run}@example.com`, 'desk-pass-1');
    const line = {
      ...cartLineOf(course, 1),
      availability: inSousse.seatsLeft,
      session: { _id: inSousse._id, startsAt: inSousse.startsAt, endsAt: inSousse.endsAt, schedule: inSousse.schedule, place: sousse },
    };

    for (const lang of LANGUAGES) {
      for (const width of WIDTHS) {
        const context = await contextIn(lang, width, { userInfo: customer, cartItems: [line], shippingAddress: TUNIS_ADDRESS });
        const page = await openPage(context, '/cart');
        const errors = watchErrors(page);
        const picker = page.locator('.cart-line__session-select');
        await picker.waitFor();
        assert.equal(await isRtl(page), lang === 'ar');
        // The place is in the option chosen, and the other town is offered beside it.
        assert.match((await picker.locator('option:checked').textContent()) ?? '', new RegExp(sousse));
        assert.ok(
          (await picker.locator('option').allTextContents()).some((o) => o.includes(tunis)),
          'the other town’s session is offered',
        );
        // The picker spans the line (its own row), and its text is not wider than the box.
        const box = await picker.boundingBox();
        const lineBox = await page.locator('.cart-line').first().boundingBox();
        assert.ok(box && lineBox);
        if (width === 375) assert.ok(box.width >= lineBox.width * 0.85, `the picker spans the line (${box.width} of ${lineBox.width} px)`);
        await shot(page, `cart-${lang}-${width}`);
        await noWiderThan(page, width);
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  });

  test('an admin cancels saying why; the customer reads the reason on the order, in Arabic too', async () => {
    const order = await placeOrder(customer.token, [{ course: course._id, qty: 1, session: inSousse._id }]);
    const context = await contextIn('fr', 1280, { userInfo: admin });
    const page = await openPage(context, `/order/${order._id}`);
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept('Formateur malade, session reportée');
    });
    await page.locator('.admin-order-actions').getByRole('button', { name: 'Annuler la commande' }).click();
    await page.getByText('Motif donné par le centre : Formateur malade, session reportée').waitFor();
    assert.match(asked[0] ?? '', /^prompt: Annuler cette commande \? Ses places seront remises en vente\.\n\nMotif \(facultatif/);
    await shot(page, 'order-cancelled-fr-1280');
    await context.close();
    const read = await api<{ cancelReason: string | null; status: string }>('GET', `/orders/${order._id}`, undefined, customer.token);
    assert.deepEqual(read, { ...read, status: 'cancelled', cancelReason: 'Formateur malade, session reportée' });

    for (const lang of LANGUAGES) {
      for (const width of WIDTHS) {
        const ctx = await contextIn(lang, width, { userInfo: customer });
        const mine = await openPage(ctx, `/order/${order._id}`);
        const words = { ar: 'سبب الإلغاء حسب المركز:', fr: 'Motif donné par le centre :', en: "The centre's reason:" }[lang];
        const note = mine.locator('.message--error', { hasText: words });
        await note.waitFor();
        assert.match((await note.textContent()) ?? '', /Formateur malade, session reportée/);
        await noWiderThan(mine, width);
        await shot(mine, `order-cancelled-${lang}-${width}`);
        await ctx.close();
      }
    }
  });

  test('“Cancel session” says what it does to orders and how many seats are taken before anything happens', async () => {
    for (const [lang, width, cancelWord, taken] of [
      ['fr', 1280, 'Annuler la session', /places? sur 6 (est prise|sont prises)\./],
      ['ar', 375, 'إلغاء', /المقاعد المحجوزة: \d من 6\./],
      ['en', 1280, 'Cancel session', /of 6 seats (is|are) taken\./],
    ] as const) {
      const context = await contextIn(lang, width, { userInfo: admin });
      const page = await openPage(context, `/admin/course/${course._id}/edit`);
      const item = page.locator('.course-sessions__item', { hasText: sousse });
      await item.waitFor();
      await item.locator('.course-sessions__danger').first().click();
      const question = item.locator('.course-sessions__confirm');
      await question.waitFor();
      assert.match((await question.textContent()) ?? '', taken);
      assert.ok(cancelWord.length > 0);
      await shot(page, `cancel-session-${lang}-${width}`);
      // Kept: nothing happened.
      await question.locator('.button--ghost').click();
      await context.close();
    }
    const detail = await api<{ sessions: SessionRow[] }>('GET', `/courses/${course._id}`);
    assert.equal(detail.sessions.find((s) => s._id === inSousse._id)?.status, 'open');
  });
});

/**
 * Coupons (issue 37): the admin creates a promo code in the back office; a customer in French
 * applies it on the place-order screen, sees the discount on its own line, places the order
 * and sees the discount on the order page; the code's use is counted.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserForFile, newContext, openPage } from './browser.js';
import {
  ADMIN,
  api,
  cartLineOf,
  verifiedAccount,
  watchErrors,
  type UserInfo,
  type CourseRow,
  type SessionRow,
} from './shop-api.js';

const run = Date.now().toString(36);

const browser = browserForFile();

describe('coupons', () => {
  test('the admin creates a code; a customer in French applies it at checkout and sees the discount on the order', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const code = `RENTREE${run}`.toUpperCase();

    // The admin creates a 20 % code from the back office.
    const adminContext = await newContext(browser(), { storage: { userInfo: admin } });
    const adminPage = await openPage(adminContext, '/admin/coupons');
    const adminErrors = watchErrors(adminPage);
    await adminPage.getByRole('link', { name: 'New coupon' }).click();
    await adminPage.getByLabel('Code', { exact: true }).fill(code);
    await adminPage.getByLabel('Kind').selectOption('percent');
    await adminPage.getByLabel('Value (%)').fill('20');
    await adminPage.getByLabel('Uses in all (empty: no limit)').fill('10');
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByRole('cell', { name: code }).waitFor();
    assert.deepEqual(adminErrors, []);

    // A customer with a course in the cart (its first open session when it has sessions).
    const email = `salma.coupon.${run}@example.com`;
    const customer = await verifiedAccount('Salma Coupon', email, 'customer-pass-1');
    const courses = await api<CourseRow[]>('GET', '/courses?limit=50');
    const course = courses.find((c) => c.availability >= 1 && c.price > 0);
    assert.ok(course, 'a seeded course with a seat left');
    let session: Pick<SessionRow, '_id' | 'startsAt' | 'endsAt' | 'schedule' | 'place'> | undefined;
    if (course.nextSession) {
      const detail = await api<{ sessions: SessionRow[] }>('GET', `/courses/${course._id}`);
      const open = detail.sessions.find((s) => s.seatsLeft >= 1);
      assert.ok(open, 'a session with a seat left');
      session = {
        _id: open._id,
        startsAt: open.startsAt,
        endsAt: open.endsAt,
        schedule: open.schedule,
        place: open.place,
      };
    }
    const context = await newContext(browser(), {
      storage: {
        userInfo: customer,
        cartItems: [{ ...cartLineOf(course), ...(session ? { session } : {}) }],
        shippingAddress: {
          address: '5 Rue du Lac',
          city: 'Tunis',
          postalCode: '1053',
          country: 'France',
        },
        paymentMethod: 'In Place',
      },
    });
    await context.addInitScript(`localStorage.setItem('lang', 'fr');`);
    const page = await openPage(context, '/placeorder');
    const errors = watchErrors(page);

    // A wrong code first: the refusal says why, in French.
    await page.getByLabel('Code promo').fill('PASUNCODE');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText("Ce code promo n'existe pas.").waitFor();
    // That refusal is a 400 the browser logs; nothing else may go wrong from here on.
    const expected = errors.splice(0).filter((e) => !e.includes('status of 400'));
    assert.deepEqual(expected, []);

    await page.getByLabel('Code promo').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText(`Code ${code} appliqué`).waitFor();
    const summary = page.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    await summary.getByText(`Remise (${code})`).waitFor();

    await page.getByRole('button', { name: 'Passer la commande' }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}/);
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByText(`Remise (${code})`).waitFor();
    assert.deepEqual(errors, []);

    // The server's order carries the code and the discount: 20 % of the course's price.
    const order = await api<{ couponCode: string; discountPrice: number; itemsPrice: number }>(
      'GET',
      `/orders/${orderId}`,
      undefined,
      customer.token,
    );
    assert.equal(order.couponCode, code);
    assert.equal(Math.round(order.discountPrice * 100), Math.round(order.itemsPrice * 20));
    const coupons = await api<{ code: string; uses: number }[]>(
      'GET',
      '/coupons',
      undefined,
      admin.token,
    );
    assert.equal(coupons.find((c) => c.code === code)?.uses, 1);
    await context.close();
    await adminContext.close();
  });
});

/**
 * The El Fatoora reference in the back office (issue 52): a course bought for a company (its
 * matricule fiscal) and paid; the admin records on the order page the reference El Fatoora gave
 * for the invoice; the order page and the order list show it, in ar, fr and en at 375 and 1280 px
 * (nothing wider than the screen, no page error), with screenshots when E2E_SCREENSHOTS names a
 * folder.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserForFile, newContext, noWiderThan, openPage, screenshotter } from './browser.js';
import { ADMIN, api, ownCourse, TUNIS_ADDRESS, verifiedAccount, watchErrors, type UserInfo } from './shop-api.js';

const run = Date.now().toString(36);
const browser = browserForFile();
const shot = screenshotter('ttn-', { fullPage: false });

/** What each language calls the section and its parts (apps/web's admin texts). */
const TEXTS = {
  en: { title: 'El Fatoora reference', invoice: 'Invoice', recordedOn: '(recorded on', list: 'El Fatoora: ' },
  fr: { title: 'Référence El Fatoora', invoice: 'Facture', recordedOn: '(enregistrée le', list: 'El Fatoora : ' },
  ar: { title: 'مرجع منصة الفاتورة (El Fatoora)', invoice: 'الفاتورة', recordedOn: '(سُجّل في', list: 'منصة الفاتورة: ' },
} as const;

interface OrderView {
  _id: string;
  invoiceNumber: string | null;
  invoiceTtn: { reference: string; recordedAt: string } | null;
}

describe('the El Fatoora reference in the back office', () => {
  test('recorded on the order page; shown there and in the order list in every language and width', async () => {
    const admin = await api<UserInfo>('POST', '/users/login', ADMIN);
    const course = await ownCourse(admin.token, {
      name: `Comptabilité ${run}`,
      price: 240,
      availability: 9,
      category: ['Art'],
      description: 'Issue 52 journey: El Fatoora.',
    });
    const buyer = await verifiedAccount('Sami Ttn', `sami.ttn.${run}@example.com`, 'sami-pass-12');
    const placed = await api<{ _id: string }>(
      'POST',
      '/orders',
      {
        orderItems: [{ course: course._id, qty: 1 }],
        shippingAddress: TUNIS_ADDRESS,
        paymentMethod: 'In Place',
        invoiceTo: { kind: 'company', name: 'Société Ennour SARL', taxId: '1234567/A/P/M/000' },
      },
      buyer.token,
    );
    await api('PUT', `/orders/${placed._id}/pay`, {}, admin.token);
    const paid = await api<OrderView>('GET', `/orders/${placed._id}`, undefined, admin.token);
    assert.ok(paid.invoiceNumber, 'the paid order has its invoice');
    assert.equal(paid.invoiceTtn, null, 'no reference yet');
    const reference = `0736202XAM000${run.toUpperCase()}`;

    // Recorded in English at 1280 px: the order page's El Fatoora section.
    {
      const context = await newContext(browser(), { width: 1280, storage: { userInfo: admin } });
      await context.addInitScript(`localStorage.setItem('lang', 'en');`);
      const page = await openPage(context, `/order/${placed._id}`);
      const errors = watchErrors(page);
      const section = page.getByRole('region', { name: TEXTS.en.title });
      await section.getByText('not recorded yet').waitFor();
      assert.match(await section.innerText(), new RegExp(`Invoice ${paid.invoiceNumber}: not recorded yet`));
      // A blank reference is refused on the page, with a word.
      await section.getByRole('button', { name: 'Record the reference' }).click();
      await section.getByRole('alert').waitFor();
      await section.getByLabel('Reference El Fatoora gave').fill(reference);
      await section.getByRole('button', { name: 'Record the reference' }).click();
      await section.getByText(reference).waitFor();
      assert.match(await section.innerText(), /\(recorded on /);
      assert.deepEqual(errors, []);
      await context.close();
    }
    const recorded = await api<OrderView>('GET', `/orders/${placed._id}`, undefined, admin.token);
    assert.equal(recorded.invoiceTtn?.reference, reference, 'the API keeps the reference');

    for (const language of ['ar', 'fr', 'en'] as const)
      for (const width of [375, 1280] as const) {
        const texts = TEXTS[language];
        const context = await newContext(browser(), { width, storage: { userInfo: admin } });
        await context.addInitScript(`localStorage.setItem('lang', '${language}');`);

        const page = await openPage(context, `/order/${placed._id}`);
        const errors = watchErrors(page);
        await page.locator(`html[lang="${language}"]`).waitFor();
        const section = page.getByRole('region', { name: texts.title });
        await section.getByText(reference).waitFor();
        const said = await section.innerText();
        assert.ok(said.includes(`${texts.invoice} ${paid.invoiceNumber}`), `${language}: the invoice's number (${said})`);
        assert.ok(said.includes(texts.recordedOn), `${language}: when it was recorded (${said})`);
        await section.scrollIntoViewIfNeeded();
        await noWiderThan(page, width);
        await shot(page, `order-${language}-${String(width)}`);
        assert.deepEqual(errors, [], `order page ${language} ${String(width)}`);
        await page.close();

        const list = await openPage(context, '/admin/orderlist');
        const listErrors = watchErrors(list);
        const row = list.locator('tr', { hasText: placed._id });
        await row.getByText(`${texts.list}${reference}`).waitFor();
        await row.scrollIntoViewIfNeeded();
        await noWiderThan(list, width);
        await shot(list, `list-${language}-${String(width)}`);
        assert.deepEqual(listErrors, [], `order list ${language} ${String(width)}`);
        await context.close();
      }
  });
});

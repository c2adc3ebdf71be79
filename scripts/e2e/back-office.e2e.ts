/**
 * Back office journey (issue 19): the admin opens the dashboard and sees the charts drawn,
 * filters the orders to the unpaid ones, exports them as CSV, uploads a picture in course edit
 * and sees it on the course page. The new screens have no serious accessibility problem.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  accessibilityViolations,
  atEachWidth,
  browserForFile,
  newContext,
  openPage,
} from './browser.js';
import { ADMIN, api, watchErrors, coursesWithSeats } from './shop-api.js';

const run = Date.now().toString(36);
const SHOTS = process.env['E2E_SCREENSHOTS'];

/**
 * The page's width once it fits `width` or 5 s have passed: the dashboard's charts measure their
 * box again a moment after the window narrows.
 */
async function settledWidth(page: Page, width: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const scroll = Number(await page.evaluate('document.documentElement.scrollWidth'));
    if (scroll <= width || Date.now() > deadline) return scroll;
    await page.waitForTimeout(100);
  }
}

const browser = browserForFile();

/** A real PNG picture (a colour gradient), made here so the journey needs no file on disk. */
function gradientPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      rows.set([(x * 255) / width, (y * 255) / height, 140], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('back office', () => {
  test('dashboard charts, unpaid orders filtered and exported, a picture uploaded and shown', async () => {
    const admin = await api<{ _id: string; name: string; token: string }>(
      'POST',
      '/users/login',
      ADMIN,
    );
    const [course] = await coursesWithSeats(3);
    assert.ok(course, 'a demo course with 3 seats or more');
    // The admin buys too (any signed-in user may): one order paid, one left unpaid "On place".
    const address = {
      address: '5 Rue du Lac',
      city: 'Tunis',
      postalCode: '1053',
      country: 'France',
    };
    const paid = await api<{ _id: string }>(
      'POST',
      '/orders',
      {
        orderItems: [{ course: course._id, qty: 1 }],
        shippingAddress: address,
        paymentMethod: 'Card',
      },
      admin.token,
    );
    await api('PUT', `/orders/${paid._id}/pay`, {}, admin.token);
    const unpaid = await api<{ _id: string }>(
      'POST',
      '/orders',
      {
        orderItems: [{ course: course._id, qty: 1 }],
        shippingAddress: address,
        paymentMethod: 'In Place',
      },
      admin.token,
    );

    const context = await newContext(browser(), { storage: { userInfo: admin } });
    const page = await openPage(context, '/');
    const errors = watchErrors(page);

    // Admin menu: Dashboard comes first.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Admin' }).click();
    const firstLink = nav.locator('.admin-menu__list a').first();
    await firstLink.waitFor();
    assert.equal(await firstLink.innerText(), 'Dashboard');
    await firstLink.click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The charts are drawn (SVG bars), and the figures are there for screen readers too.
    await page.locator('.recharts-surface').first().waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    assert.ok(
      (await page.locator('.dashboard-chart svg.recharts-surface').count()) >= 2,
      'revenue and status charts',
    );
    assert.match(
      await page.getByRole('table', { name: 'Revenue paid per period' }).innerText(),
      /\d+\.\d{2}/,
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });

    // Orders, filtered to the unpaid ones: the filter is in the URL, every row says NO under PAID.
    await nav.getByRole('button', { name: 'Admin' }).click();
    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('combobox', { name: 'Paid' }).selectOption({ label: 'No' });
    await page.waitForURL((url) => url.searchParams.get('paid') === 'false');
    const unpaidRow = page.getByRole('row').filter({ hasText: unpaid._id });
    await unpaidRow.waitFor();
    assert.match(await unpaidRow.innerText(), /On place/);
    // The unfiltered page stays on screen until the filtered one arrives: the paid order then goes.
    await page.getByRole('row').filter({ hasText: paid._id }).waitFor({ state: 'detached' });
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Orders' });
    const paidCells = await table.locator('tbody td[data-label="PAID"]').allInnerTexts();
    assert.ok(
      paidCells.length > 0 && paidCells.every((cell) => cell.trim() === 'NO'),
      paidCells.join(','),
    );

    // Export CSV of that filter: UTF-8 with BOM, the unpaid order in it, the paid one not.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile(await download.path());
    assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    assert.match(text, /^\uFEFFOrder,Placed at,Customer,E-mail,Status,Payment method/);
    assert.ok(text.includes(unpaid._id), 'the unpaid order is exported');
    assert.ok(!text.includes(paid._id), 'the paid order is not');

    // Course edit: upload a picture into the first image box, update, see it on the course page.
    await page.goto(`/admin/course/${course._id}/edit`);
    await page.getByRole('heading', { name: 'Edit Course' }).waitFor();
    await page.getByLabel('Upload picture 1').setInputFiles({
      name: `photo-${run}.png`,
      mimeType: 'image/png',
      buffer: gradientPng(900, 600),
    });
    await page.getByText('Picture 1 uploaded. Update the course to keep it.').waitFor();
    const url = await page.getByLabel('Image 1 URL').inputValue();
    assert.match(url, /^\/api\/images\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. The course’s sessions are below.' }).waitFor();

    await page.goto(`/course/${course._id}`);
    const picture = page.locator('img.gallery__main');
    await picture.waitFor();
    assert.equal(await picture.getAttribute('src'), url);
    assert.match(
      (await picture.getAttribute('srcset')) ?? '',
      /\/api\/images\/[0-9a-f-]{36}\/640 640w/,
    );
    const shown = await picture.evaluate(
      (img) =>
        (img as unknown as { complete: boolean; naturalWidth: number }).complete &&
        (img as unknown as { naturalWidth: number }).naturalWidth,
    );
    assert.ok(Number(shown) > 0, 'the picture is drawn');

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the dashboard and the audit trail read well on a phone and have no serious accessibility problem', async () => {
    const admin = await api<{ token: string }>('POST', '/users/login', ADMIN);
    const context = await newContext(browser(), { storage: { userInfo: admin } });
    for (const pathname of ['/admin', '/admin/audit', '/admin/orderlist?paid=false']) {
      const page = await openPage(context, pathname);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.spinner').first().waitFor({ state: 'detached' });
      if (pathname === '/admin') await page.locator('.recharts-surface').first().waitFor();
      await atEachWidth(page, async (width) => {
        const pageWidth = await settledWidth(page, width);
        if (SHOTS)
          await page.screenshot({
            path: `${SHOTS}/${pathname.split('?')[0]!.replace(/\W+/g, '-')}-${width}.png`,
            fullPage: true,
          });
        // The widest elements, to say what overflows.
        const wide = await page.evaluate(
          `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > ${width} + 1).slice(-5).map((e) => e.tagName + '.' + e.className).join(' | ')`,
        );
        assert.ok(
          pageWidth <= width,
          `${pathname} is ${pageWidth}px wide at ${width}: ${String(wide)}`,
        );
        assert.deepEqual(
          await accessibilityViolations(page, { seriousOnly: true }),
          [],
          `${pathname} at ${width} px`,
        );
      });
      await page.close();
    }
    await context.close();
  });
});

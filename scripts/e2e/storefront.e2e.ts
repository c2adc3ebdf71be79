import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  accessibilityViolations,
  atEachWidth,
  baseUrl,
  browserForFile,
  newContext,
  openPage,
  waitForApp,
} from './browser.js';

const browser = browserForFile();

async function fresh(pathname: string, width = 1280): Promise<Page> {
  const context = await newContext(browser(), { width });
  return openPage(context, pathname);
}

async function close(page: Page): Promise<void> {
  await page.context().close();
}

/**
 * Runs an action that changes the catalogue query and waits until the list for the new query
 * is on screen (its GET /api/courses answered and the cards rendered), so no old card is read.
 */
async function listAfter(
  page: Page,
  action: () => Promise<unknown>,
  param: string,
  value: string,
): Promise<void> {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/courses' && url.searchParams.get(param) === value;
  });
  await action();
  await answered;
  await page.locator('.spinner').first().waitFor({ state: 'detached' });
  await page.locator('.course-card').first().waitFor();
}

/** Prices of the cards on screen, in the order shown. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.course-card__price').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
}

async function firstCourseId(
  query: string,
): Promise<{ _id: string; name: string; availability: number }> {
  const answer = await fetch(`${baseUrl()}/api/courses?${query}`);
  const courses = (await answer.json()) as {
    _id: string;
    name: string;
    availability: number;
    nextSession: unknown;
  }[];
  // A course sold without dated sessions: the sessions journey covers the others.
  const course = courses.find((c) => c.availability >= 2 && !c.nextSession);
  assert.ok(course, 'the demo catalogue has a course with at least 2 seats');
  return course;
}

describe('storefront', () => {
  test('shows the start loader for about 3 seconds, then the home page', async () => {
    const context = await newContext(browser());
    // The page notes on its own clock (from the navigation's start) when React's loader took the
    // HTML's copy's place (the app is up) and when the last loader left. On a busy host this
    // test's own first look at the page can come after the loader's 3 s (it once timed out
    // waiting), and the app itself can take longer than 3 s to come up (9.6 s once, with CI's
    // other suites beside the journeys): the loader then stays until the app is there.
    await context.addInitScript(`addEventListener('DOMContentLoaded', () => {
      window.__loaderShown = document.querySelector('.start-loader') !== null;
      new MutationObserver((_, observer) => {
        if (window.__appAt === undefined && !document.getElementById('start-loader')) {
          window.__appAt = performance.now();
        }
        if (document.querySelector('.start-loader')) return;
        window.__loaderGoneAt = performance.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });`);
    const page = await context.newPage();
    // Not until the load event: on a busy host the pictures can hold it past the loader's end.
    await page.goto('/', { waitUntil: 'commit' });
    await waitForApp(page);
    const [shown, appAt, goneAt] = (await page.evaluate(
      '[window.__loaderShown, window.__appAt, window.__loaderGoneAt]',
    )) as [boolean, number, number];
    assert.equal(shown, true, 'the served page starts with the loader');
    // About 3 s: never less, and no longer than the app needs to come up (a timer's lateness on a
    // busy host allowed for).
    const due = Math.max(3000, appAt);
    assert.ok(
      goneAt >= 2500 && goneAt < due + 2000,
      `loader shown for ${Math.round(goneAt)} ms (app up at ${Math.round(appAt)} ms)`,
    );
    await page.getByRole('heading', { name: 'Latest Offerings' }).waitFor();
    for (const title of ['Programming', 'Language', 'Art']) {
      const link = page.getByRole('link', { name: title, exact: true }).first();
      assert.equal(await link.getAttribute('href'), `/courses/?cg=${title}`);
    }
    assert.ok((await page.locator('.course-card').count()) > 0, 'home lists courses');
    // The slider moves on by itself (6000 ms) and with the arrows. The pointer over it pauses it;
    // on a slow host it may already have moved on before then, so the arrows are checked from
    // whichever slide is showing.
    const titles = ['Latest Offerings', 'Special Discounts', 'Unlock Creativity', 'Return to Learning'];
    await page.locator('.slider').hover();
    const shownTitle = await page.locator('.slider__slide--active .slider__title').textContent();
    const at = titles.indexOf(shownTitle ?? '');
    assert.ok(at >= 0, `a known slide is showing (${shownTitle})`);
    await page.getByRole('button', { name: 'Next slide' }).click();
    const next = titles[(at + 1) % titles.length];
    await page.locator('.slider__slide--active', { hasText: next }).waitFor();
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await page.locator('.slider__slide--active', { hasText: titles[at] }).waitFor();
    // Navigating within the app does not show the loader again.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await page.getByRole('heading', { name: 'About us' }).waitFor();
    assert.equal(await page.locator('.start-loader').count(), 0);
    await context.close();
  });

  test('searches from the header: blank does nothing, Enter opens /search/{keyword}', async () => {
    const page = await fresh('/about');
    const search = page.getByPlaceholder('Search here ...').first();
    await search.fill('   ');
    await search.press('Enter');
    assert.equal(new URL(page.url()).pathname, '/about');
    await search.fill('python');
    await listAfter(page, () => search.press('Enter'), 'keyword', 'python');
    await page.waitForURL('**/search/python');
    await page.getByRole('heading', { name: '*python* Search Courses' }).waitFor();
    const names = await page.locator('.course-card__title').allTextContents();
    assert.ok(
      names.length > 0 && names.every((n) => /python/i.test(n)),
      `results: ${names.join(', ')}`,
    );
    // The second search area ('Tap For Search').
    await page.getByRole('button', { name: 'Open the search' }).click();
    const overlay = page.getByPlaceholder('Tap For Search');
    await overlay.fill('watercolour');
    await overlay.press('Enter');
    await page.waitForURL('**/search/watercolour');
    await page.getByRole('heading', { name: '*watercolour* Search Courses' }).waitFor();
    await page.getByText('Nothing Found !!!').waitFor({ state: 'detached' });
    await page.goto('/search/zzzz-no-such-course');
    await waitForApp(page);
    await page.getByText('Nothing Found !!!').waitFor();
    await close(page);
  });

  test('filters by category in the catalogue and in the kids area', async () => {
    const page = await fresh('/courses');
    await page.getByRole('heading', { name: 'All Courses' }).waitFor();
    const programming = page
      .getByRole('navigation', { name: 'Course categories' })
      .getByRole('link', { name: 'Programming' });
    await listAfter(page, () => programming.click(), 'Cg', 'Programming');
    await page.waitForURL('**/courses/?cg=Programming');
    await page.getByRole('heading', { name: 'Programming Courses' }).waitFor();
    const categories = await page.locator('.course-card__categories').allTextContents();
    assert.ok(
      categories.every((c) => c.includes('Programming')),
      categories.join(' | '),
    );

    // Footer form /courses/?filter=other.
    await listAfter(
      page,
      () => page.getByRole('contentinfo').getByRole('link', { name: 'Other courses' }).click(),
      'filter',
      'other',
    );
    await page.waitForURL('**/courses/?filter=other');
    await page.getByRole('heading', { name: 'other Courses' }).waitFor();
    const other = await page.locator('.course-card__categories').allTextContents();
    assert.ok(
      other.every((c) => c.includes('other')),
      other.join(' | '),
    );

    await page.goto('/courseskids');
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Kids Courses' }).waitFor();
    await page.locator('.course-card').first().waitFor();
    const softSkills = page
      .getByRole('navigation', { name: 'Course categories' })
      .getByRole('link', { name: 'Soft skills' });
    await listAfter(page, () => softSkills.click(), 'Cg', 'Softskills');
    await page.waitForURL('**/courseskids/?cg=Softskills');
    await page.getByRole('heading', { name: 'Soft skills Courses' }).waitFor();
    const kids = await page.locator('.course-card__categories').allTextContents();
    assert.ok(kids.length > 0 && kids.every((c) => c.includes('Soft skills')), kids.join(' | '));
    await close(page);
  });

  test('sorts and filters by price range, kept in the URL', async () => {
    const page = await fresh('/courses');
    await page.locator('.course-card').first().waitFor();
    const filterButton = page
      .locator('.catalogue-toolbar')
      .getByRole('button', { name: 'Filter', exact: true });
    await filterButton.click();
    await listAfter(
      page,
      () => page.getByLabel('Sort by').selectOption({ label: 'Low to high price' }),
      'sort',
      'price_asc',
    );
    await page.waitForURL(/sort=price_asc/);
    const ascending = await cardPrices(page);
    assert.deepEqual(
      ascending,
      [...ascending].sort((a, b) => a - b),
    );

    await page.getByLabel('From', { exact: true }).fill('100');
    await page.getByLabel('To', { exact: true }).fill('300');
    await page.getByLabel('To', { exact: true }).blur();
    await listAfter(
      page,
      () => page.locator('.price-range').getByRole('button', { name: 'Filter' }).click(),
      'to',
      '300',
    );
    await page.waitForURL(/from=100&to=300/);
    const ranged = await cardPrices(page);
    assert.ok(ranged.length > 0 && ranged.every((p) => p >= 100 && p <= 300), ranged.join(', '));
    assert.deepEqual(
      ranged,
      [...ranged].sort((a, b) => a - b),
      'the sort stays while filtering',
    );

    await listAfter(
      page,
      () => page.getByLabel('Sort by').selectOption({ label: 'high to low price' }),
      'sort',
      'price_desc',
    );
    await page.waitForURL(/sort=price_desc/);
    const descending = await cardPrices(page);
    assert.deepEqual(
      descending,
      [...descending].sort((a, b) => b - a),
    );

    // Back restores the previous list.
    await page.goBack();
    await page.waitForURL(/sort=price_asc/);
    // Opening the Search panel closes the Filter panel.
    await page
      .locator('.catalogue-toolbar')
      .getByRole('button', { name: 'Search', exact: true })
      .click();
    assert.equal(await page.getByLabel('Sort by').isVisible(), false);
    await close(page);
  });

  test('adds from a card and from the detail page', async () => {
    const page = await fresh('/courses');
    // A course without dated sessions: a card of a course in sessions sends its add to the cart
    // screen, which picks the first open session (the sessions journey covers that).
    const addable = page
      .locator('.course-card')
      .filter({ has: page.locator('button.course-card__add:not([disabled])') })
      .filter({ hasText: 'Dates on request' });
    const name = (await addable.first().locator('.course-card__title').textContent())?.trim() ?? '';
    const card = page
      .locator('.course-card')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
    const badge = page.getByTestId('cart-badge');
    assert.equal(await badge.textContent(), '0');
    await card.getByRole('button', { name: `Add ${name} to the cart` }).click();
    const added = card.getByRole('button', { name: `${name} is in the cart` });
    await added.waitFor();
    assert.equal(await added.isDisabled(), true);
    assert.equal(await badge.textContent(), '1');
    // Still filled after a reload: the cart is kept in local storage.
    await page.reload();
    await waitForApp(page);
    await page.getByRole('button', { name: `${name} is in the cart` }).waitFor();
    assert.equal(await badge.textContent(), '1');

    const course = await firstCourseId('sort=price_desc&limit=50');
    await page.goto(`/course/${course._id}`);
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: course.name }).waitFor();
    await page.getByLabel('Quantity').selectOption('2');
    // The cart screen adds the line and then replaces its URL with /cart: record every URL.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame())
        visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cart'));
    assert.ok(visited.includes(`/cart/${course._id}?qty=2`), visited.join(', '));
    await page.getByTestId('cart-badge').filter({ hasText: '2' }).waitFor();
    await close(page);
  });

  test('shows sold-out courses as such and reviews sign-in prompt', async () => {
    const answer = await fetch(`${baseUrl()}/api/courses?limit=100`);
    const soldOut = ((await answer.json()) as { _id: string; availability: number }[]).find(
      (c) => c.availability === 0,
    );
    assert.ok(soldOut, 'the demo catalogue has a sold-out course');
    const page = await fresh(`/course/${soldOut._id}`);
    await page.getByText('Sold Out', { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add to Cart' }).isDisabled(), true);
    const prompt = page.getByRole('link', { name: 'Please Sign In To write a review.' });
    assert.equal(
      await prompt.getAttribute('href'),
      `/login?redirect=${encodeURIComponent(`course/${soldOut._id}`)}`,
    );
    await page.goto('/course/no-such-course');
    await waitForApp(page);
    await page.getByText('Course not found').waitFor();
    await close(page);
  });

  test('subscribes to the newsletter from the footer; about embeds the video; contact drafts a mail', async () => {
    const page = await fresh('/about');
    const footer = page.getByRole('contentinfo');
    // The form loads as the footer comes near the screen (newsletter.tsx), as a reader scrolls to it.
    await footer.scrollIntoViewIfNeeded();
    await footer.getByLabel('Your e-mail address').fill(`reader-${Date.now()}@example.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Subscribed', { exact: true }).waitFor();
    const video = page.locator('iframe[title]');
    assert.match(
      (await video.getAttribute('src')) ?? '',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    assert.equal(await video.getAttribute('loading'), 'lazy');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact us' })
      .click();
    await page.getByRole('heading', { name: 'Contact us', level: 1 }).waitFor();
    assert.ok(await page.getByText('support@courseshop.tn').first().isVisible());
    await close(page);
  });

  test('answers unknown routes with the 404 page', async () => {
    const page = await fresh('/no/such/page');
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await close(page);
  });

  test('has no serious or critical accessibility violations on home, catalogue, detail, kids, about, contact and 404', async () => {
    const course = await firstCourseId('limit=10');
    const screens = [
      ['/', '.course-card'],
      ['/courses', '.course-card'],
      [`/course/${course._id}`, '.course-detail'],
      ['/kids', '.course-card'],
      ['/courseskids', '.course-card'],
      ['/about', '.about'],
      ['/contactus', '.contact'],
      ['/no-such-page', '.not-found'],
    ] as const;
    for (const [pathname, ready] of screens) {
      const page = await fresh(pathname, 1280);
      await page.locator(ready).first().waitFor();
      await atEachWidth(page, async (width) =>
        assert.deepEqual(
          await accessibilityViolations(page, { seriousOnly: true }),
          [],
          `${pathname} at ${width} px`,
        ),
      );
      await close(page);
    }
  });
});

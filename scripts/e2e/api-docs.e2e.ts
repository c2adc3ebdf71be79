/**
 * The API reference page (/api/docs) in real Chromium with no network beyond the shop itself:
 * every request to another host is refused and recorded, and the page must still render the
 * operations of /api/openapi.json without a console error (a CSP refusal logs one).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, browserForFile, newContext } from './browser.js';

const browser = browserForFile();

test('the API reference renders offline from assets the shop serves', async () => {
  const context = await newContext(browser());
  const outside: string[] = [];
  const shop = new URL(baseUrl()).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === shop) return route.continue();
    outside.push(url);
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  // The first request of a group's fresh shop: the server writes the OpenAPI document then, and
  // Swagger UI parses 1.4 MB of script and renders every operation, on a host busy with the
  // other suites (a slow CI turn: past 20 s; once the page's load event alone took past 30 s,
  // goto's own limit). So the navigation waits only for the answer to begin, and the heading
  // wait below bounds the whole. A page error says why it never came.
  await page.goto('/api/docs', { waitUntil: 'commit', timeout: 90_000 });
  await page
    .getByRole('heading', { name: /Course shop API/ })
    .waitFor({ timeout: 90_000 })
    .catch((error: unknown) => {
      throw new Error(`no heading; the page logged: ${problems.join(' | ') || 'nothing'}`, {
        cause: error,
      });
    });
  // Operations of the document, as Swagger UI lists them.
  await page
    .locator('.opblock-summary-path', { hasText: '/api/courses/{id}/reviews' })
    .first()
    .waitFor();
  await page
    .locator('.opblock-summary-path', { hasText: '/api/orders/{id}/pay' })
    .first()
    .waitFor();

  // Opening an operation shows its documented answers.
  await page.locator('.opblock-summary', { hasText: '/api/orders/{id}/pay' }).first().click();
  await page.locator('.responses-table .response-col_status', { hasText: '409' }).first().waitFor();

  assert.deepEqual(outside, [], 'requests left the shop');
  assert.deepEqual(problems, [], 'the page logged errors');
  await context.close();
});

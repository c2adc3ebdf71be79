import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; the journeys never download a browser. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Where run.ts started the shop, and its DATA_DIR (mails land in DATA_DIR/outbox). */
export const baseUrl = (): string => {
  const url = process.env['E2E_BASE_URL'];
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through scripts/e2e/run.ts');
  return url;
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * One Chromium for the journey file that calls this at its top: launched before its tests,
 * closed after them. Answers the running browser: `newContext(browser(), …)` in a test.
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser starts in the before hook: ask for it in a test');
    return browser;
  };
}

/**
 * Runs `check` on an open page at each width in turn (1280 px, then 375 px), narrowing the
 * viewport in between rather than opening the page again: the shop's layouts answer to the width
 * in CSS, and a page start costs the 3 s start loader.
 */
export async function atEachWidth(
  page: Page,
  check: (width: number) => Promise<void>,
  widths: readonly number[] = [1280, 375],
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await check(width);
  }
}

/** Nothing on the page scrolls sideways at this width. */
export async function noWiderThan(page: Page, width: number): Promise<void> {
  const scroll = Number(await page.evaluate('document.documentElement.scrollWidth'));
  assert.ok(scroll <= width, `nothing wider than ${width} px (${scroll} px)`);
}

export interface PageOptions {
  /** Viewport width in px (default 1280). */
  width?: number;
  height?: number;
  /** Values for local storage (keys of apps/web/src/lib/storage.ts) set before the app starts. */
  storage?: Record<string, unknown>;
}

/** A fresh context and page; errors the page logs are collected so journeys can assert none. */
export async function newContext(
  browser: Browser,
  options: PageOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  if (options.storage) {
    const entries = Object.entries(options.storage).map(([key, value]) => [
      key,
      JSON.stringify(value),
    ]);
    // A string script: this file is type-checked for Node, without the DOM library.
    await context.addInitScript(
      `for (const [k, v] of ${JSON.stringify(entries)}) localStorage.setItem(k, v);`,
    );
  }
  return context;
}

/** Opens a path and waits until the 3 s start loader is gone. */
export async function openPage(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  // The answer's start only: waitForApp below bounds the page's start (45 s on a loaded CI host;
  // goto's own 30 s for the load event was once too short for the API reference's first page).
  await page.goto(pathname, { waitUntil: 'commit', timeout: 45_000 });
  await waitForApp(page);
  return page;
}

export async function waitForApp(page: Page): Promise<void> {
  // The shell mounts (inert) in the same render as the loader; it is usable once the loader has
  // gone. Locators, not waitForFunction: the shop's CSP forbids the eval that the latter needs.
  // 45 s: in CI three groups' shops, two vitest suites and their browsers share two cores, and a
  // page's first start there once took past 15 s (the loader's own 3 s is what users see).
  await page.locator('.app').waitFor({ state: 'attached', timeout: 45_000 });
  await page.locator('.start-loader').waitFor({ state: 'detached', timeout: 45_000 });
}

/**
 * The first http(s) link containing `contains` in the newest mail to `to` (DATA_DIR/outbox).
 * Mails leave in the background after the answer, and journeys of other files write to the same
 * outbox: this waits up to `timeoutMs`, and picks the mail by its To: line rather than take
 * whatever mail came last.
 */
export async function mailLinkFor(
  to: string,
  contains: string,
  timeoutMs = 10_000,
): Promise<string> {
  const outbox = path.join(process.env['E2E_DATA_DIR'] ?? '', 'outbox');
  const recipient = new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const name of mails) {
      // Quoted-printable soft line breaks and =3D would cut or mangle links.
      const mail = readFileSync(path.join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '=');
      if (!recipient.test(mail)) continue;
      // The link goes on past `contains` (a token follows the path): a bare path is no link.
      const link = mail.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => {
        const at = url.indexOf(contains);
        return at >= 0 && url.length > at + contains.length;
      });
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link containing ${contains} in ${outbox}`);
}

export interface AxeScan {
  /** Limits the scan to the elements this selector matches. */
  within?: string;
  /** Only these axe rules (all by default). */
  rules?: readonly string[];
}

/**
 * Axe violations of the page as it is now, as axe-core reports them. axe-core runs in the page
 * itself (injected once per document): the whole scan takes 0.3–0.7 s, where
 * @axe-core/playwright's builder took 2.3–5.9 s for the same result, opening a blank page for
 * each scan (docs/decisions/0298). Frames are not entered: the only one the shop shows is the
 * about page's video, another site's document.
 */
export async function axeViolations(page: Page, scan: AxeScan = {}): Promise<axe.Result[]> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(axe.source);
  const context = scan.within === undefined ? 'document' : JSON.stringify(scan.within);
  const options: axe.RunOptions = {
    iframes: false,
    resultTypes: ['violations'],
    ...(scan.rules ? { runOnly: { type: 'rule', values: [...scan.rules] } } : {}),
  };
  // A string: this package is compiled without the DOM library; the page runs it.
  const results = (await page.evaluate(
    `axe.run(${context}, ${JSON.stringify(options)})`,
  )) as axe.AxeResults;
  return results.violations;
}

/**
 * Axe violations of the page as `rule: targets` lines, read once animations have ended (see
 * {@link waitForAnimations}); `within` limits the scan to a selector, `seriousOnly` keeps the
 * serious and critical ones.
 */
export async function accessibilityViolations(
  page: Page,
  options: { within?: string; seriousOnly?: boolean } = {},
): Promise<string[]> {
  await waitForAnimations(page);
  const violations = await axeViolations(page, options.within ? { within: options.within } : {});
  return violations
    .filter((v) => !options.seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Waits until every running CSS animation and transition has ended (the 300 ms route fade,
 * hover transitions). Accessibility scans read colours as painted: mid-fade, text is
 * half-transparent and fails the contrast check. Endless animations (a spinner) are not awaited.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  // A string: this package is compiled without the DOM library; the page runs it.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined)),
  ).then(() => true)`);
}

/**
 * A journey's screenshots, saved only when E2E_SCREENSHOTS names a folder (to be looked at):
 * `shot(page, name)` writes `<prefix><name>.png` after `settleMs` for transitions to end.
 */
export function screenshotter(
  prefix = '',
  { fullPage = true, settleMs = 400 }: { fullPage?: boolean; settleMs?: number } = {},
): (page: Page, name: string) => Promise<void> {
  const dir = process.env['E2E_SCREENSHOTS'];
  return async (page, name) => {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    if (settleMs > 0) await page.waitForTimeout(settleMs);
    await page.screenshot({ path: path.join(dir, `${prefix}${name}.png`), fullPage });
  };
}

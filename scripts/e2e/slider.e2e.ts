import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, browserForFile, newContext, openPage } from './browser.js';

const browser = browserForFile();

/**
 * Freezes the slider's running transitions at `atMs` of their run, so a scan reads the slider
 * exactly as painted at that moment of a slide change (the page's finished route fade is left
 * alone).
 */
const FREEZE = (atMs: number) =>
  `document.getAnimations().filter((a) => a.effect?.target?.closest?.('section.slider')).forEach((a) => { a.pause(); a.currentTime = ${atMs}; })`;

for (const [pathname, arrowLabel, width] of [
  ['/', 'Next slide', 1280],
  ['/', 'Next slide', 375],
  ['/kids', 'Next slide', 375],
] as const) {
  test(`slider text keeps its contrast in the middle of a slide change (${pathname}, ${width} px)`, async () => {
    const context = await newContext(browser(), { width });
    const page = await openPage(context, pathname);
    try {
      const slider = page.locator('section.slider');
      const titleBefore = await slider
        .locator('.slider__slide--active .slider__title')
        .textContent();
      await slider.getByRole('button', { name: arrowLabel }).click();
      await page.evaluate(FREEZE(100));
      const titleNow = await slider.locator('.slider__slide--active .slider__title').textContent();
      assert.notEqual(titleNow, titleBefore, 'the arrow moved to the next slide');

      const violations = await axeViolations(page, {
        within: 'section.slider',
        rules: ['color-contrast'],
      });
      assert.deepEqual(
        violations.flatMap((v) =>
          v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
        ),
        [],
      );
      // The shown slide's call to action is drawn fully opaque, not half-way through a fade.
      const opacity = await page.evaluate(
        `(() => { let o = 1; for (let n = document.querySelector('section.slider .slider__slide--active .slider__content'); n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity); return o; })()`,
      );
      assert.equal(opacity, 1);
    } finally {
      await context.close();
    }
  });
}

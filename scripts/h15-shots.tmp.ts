import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:5815';
const [, , ...targets] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const target of targets) {
  const [path, widthText, name, scroll] = target.split('|');
  const width = Number(widthText);
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
  const page = await context.newPage();
  await page.goto(base + path);
  await page.locator('.start-loader').waitFor({ state: 'detached', timeout: 15000 });
  await page.waitForTimeout(1200);
  if (scroll) { await page.mouse.wheel(0, Number(scroll)); await page.waitForTimeout(800); }
  await page.screenshot({ path: `/tmp/h15-shots/${name}.png`, fullPage: !scroll });
  await context.close();
}
await browser.close();

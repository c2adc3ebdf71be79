import { chromium, type Page } from 'playwright-core';
import { readdirSync, readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:5815';
const api = async (method: string, path: string, body?: unknown, token?: string) => {
  const r = await fetch(base + '/api' + path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return r.json() as Promise<any>;
};
const admin = await api('POST', '/users/login', { email: 'admin@example.com', password: 'admin12345' });
await api('POST', '/courses', {}, admin.token);
const email = `shot-${Date.now()}@example.com`;
await api('POST', '/users', { name: 'Amal Ben Salah', email, password: 'shot-pass-123', isKid: false });
await new Promise((r) => setTimeout(r, 1500));
const outbox = '/tmp/h15-shop/data/outbox';
const mail = readdirSync(outbox).map((f) => readFileSync(`${outbox}/${f}`, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/gi, '=')).find((m) => m.includes(email))!;
const token = mail.match(/\/verify\/([A-Za-z0-9_-]+)/)![1];
await api('GET', `/users/verify/${token}`);
const customer = await api('POST', '/users/login', { email, password: 'shot-pass-123' });
const [course] = await api('GET', '/courses?limit=1');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function open(width: number, storage: Record<string, unknown>, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
  const entries = Object.entries(storage).map(([k, v]) => [k, JSON.stringify(v)]);
  await context.addInitScript(`for (const [k, v] of ${JSON.stringify(entries)}) localStorage.setItem(k, v);`);
  const page = await context.newPage();
  await page.goto(base + path);
  await page.locator('.start-loader').waitFor({ state: 'detached', timeout: 15000 });
  await page.waitForTimeout(1000);
  return page;
}
for (const width of [1280, 375]) {
  let page = await open(width, { userInfo: admin }, '/admin/courselist');
  await page.screenshot({ path: `/tmp/h15-shots/admin-courses-${width}.png`, fullPage: false });
  await page.context().close();
  const line = { course: course._id, name: course.name, images: course.images, price: course.price + 10, availability: course.availability, qty: 1 };
  page = await open(width, { userInfo: customer, cartItems: [line], shippingAddress: { address: '5 Rue du Lac', city: 'Tunis', postalCode: '1053', country: 'Tunisie' }, paymentMethod: 'In Place' }, '/placeorder');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('alert').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/h15-shots/price-changed-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: /Place Order at/ }).click();
  await page.waitForURL('**/order/*');
  await page.getByText('Thank you, your order is placed').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/h15-shots/order-placed-${width}.png`, fullPage: false });
  await page.context().close();
  page = await open(width, { userInfo: customer }, '/profile');
  await page.getByRole('button', { name: 'Show my orders' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/h15-shots/my-orders-${width}.png`, fullPage: false });
  await page.context().close();
}
await browser.close();

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { courses } from '../courses/courses.schema.js';
import { createCourse } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/context.js';

const WEB_INDEX = readFileSync(path.join(import.meta.dirname, '../../../../web/index.html'), 'utf8');
const SCRIPT = `console.log(${JSON.stringify('the storefront '.repeat(200))});\n`;
const STYLES = `.course-card{display:flex}\n`.repeat(80);
const TRICKY_NAME = `</script><script>alert("x")</script> & 'Quotes'`;

let ctx: TestContext;
let server: Server;
let webDist: string;
let trickyId: string;

/** A raw GET: the bytes as they travel, so compression is seen as sent (supertest would inflate them). */
function get(urlPath: string, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: { headers: IncomingHttpHeaders; body: Buffer }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

beforeAll(async () => {
  // A built client as vite-plugin-compression2 leaves it: each asset with its .br and .gz.
  webDist = mkdtempSync(path.join(tmpdir(), 'web-client-test-'));
  mkdirSync(path.join(webDist, 'assets'));
  // As the build writes it: the entry, and a chunk of the start's steps named beside it (vite.config.ts).
  writeFileSync(
    path.join(webDist, 'index.html'),
    WEB_INDEX.replace('/src/main.tsx', '/assets/index-abc123.js').replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/shell-1.js">\n</head>',
    ),
  );
  for (const [name, text] of [['index-abc123.js', SCRIPT], ['index-abc123.css', STYLES]] as const) {
    writeFileSync(path.join(webDist, 'assets', name), text);
    writeFileSync(path.join(webDist, 'assets', `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(webDist, 'assets', `${name}.gz`), gzipSync(text));
  }
  // Vite's manifest: the entry and the route modules of the pages the server preloads.
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-abc123.css'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_react-1.js'], css: ['assets/cards-1.css'] },
      '_shell-1.js': { file: 'assets/shell-1.js', imports: ['_react-1.js'] },
      'src/features/catalogue/routes/home.tsx': { file: 'assets/home-1.js', imports: ['index.html', '_cards-1.js'] },
      'src/features/catalogue/routes/catalogue.tsx': { file: 'assets/catalogue-1.js', imports: ['_react-1.js', '_shell-1.js', '_cards-1.js'] },
      'src/features/catalogue/routes/course-detail.tsx': { file: 'assets/course-detail-1.js', imports: ['index.html'], css: ['assets/course-detail-1.css'] },
    }),
  );
  ctx = await createTestContext({ WEB_DIST: webDist });
  const { db } = ctx.database;
  trickyId = (
    await createCourse(db, {
      name: TRICKY_NAME,
      price: 120.5,
      description: `Learn <b>bold</b> things.\nSecond line. ${'Practice every week with real projects. '.repeat(30)}`,
      images: ['/images/courses/tricky-1.svg', '/images/courses/tricky-2.svg'],
    })
  ).id;
  for (let i = 0; i < 20; i += 1) await createCourse(db, { name: `Filler course number ${i} with a long enough name` });
  // As in production: a version read is trusted for 500 ms, so repeated GETs are cache hits.
  const app = createApp({ ...ctx.deps, config: { ...ctx.config, env: 'production' } });
  server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends HTML, a script, a stylesheet and catalogue JSON compressed when asked, and plain when not', async () => {
    const answers = ['/', '/assets/index-abc123.js', '/assets/index-abc123.css', '/api/courses', `/api/courses/${trickyId}`];
    for (const urlPath of answers) {
      const plain = await get(urlPath);
      expect(plain.status, urlPath).toBe(200);
      expect(plain.headers['content-encoding'], urlPath).toBeUndefined();
      expect(plain.headers['vary'], urlPath).toMatch(/Accept-Encoding/i);
      expect(plain.body.length, urlPath).toBeGreaterThan(1024);
      // Twice each: the second catalogue answer comes from the kept bytes (the fast path).
      for (const [asked, expected] of [['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br', 'br'], ['br;q=0, gzip', 'gzip'], ['br', 'br'], ['gzip', 'gzip']]) {
        const compressed = await get(urlPath, { 'Accept-Encoding': asked as string });
        expect(compressed.headers['content-encoding'], `${urlPath} ${asked}`).toBe(expected);
        expect(compressed.headers['vary'], urlPath).toMatch(/Accept-Encoding/i);
        expect(compressed.body.length, urlPath).toBeLessThan(plain.body.length / 2);
        expect(decoded(compressed), urlPath).toBe(decoded(plain));
      }
      const identity = await get(urlPath, { 'Accept-Encoding': 'identity' });
      expect(identity.headers['content-encoding'], urlPath).toBeUndefined();
    }
    expect(JSON.parse(decoded(await get('/api/courses', { 'Accept-Encoding': 'br' })))).toHaveLength(21);
  });

  it('serves hashed assets for a year, immutable, and the page itself revalidated every time', async () => {
    const script = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(decoded(script)).toBe(SCRIPT);
    expect((await get('/assets/index-abc123.css', { 'Accept-Encoding': 'gzip' })).headers['content-type']).toMatch(/text\/css/);
    expect((await get('/courses')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/missing-123.js')).status).toBe(404);
  });
});

describe('pages as served', () => {
  it('preloads an uploaded picture with the srcset and sizes of the page, so one copy is fetched', async () => {
    const picture = '/api/images/0f0e0d0c-0b0a-4908-8706-050403020100';
    const course = await createCourse(ctx.database.db, { name: 'Uploaded picture course', images: [picture] });
    const html = decoded(await get(`/course/${course.id}`, { Accept: 'text/html' }));
    const copies = [320, 640, 1280].map((w) => `${picture}/${w} ${w}w`).join(', ');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${picture}" imagesrcset="${copies}" imagesizes="(min-width: 768px) 50vw, 100vw" fetchpriority="high" />`,
    );
  });

  it('draws the start loader in the HTML itself, before any script', async () => {
    const html = decoded(await get('/kids'));
    const loaderAt = html.indexOf('id="start-loader"');
    expect(loaderAt).toBeGreaterThan(0);
    expect(loaderAt).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).toContain('Loading the course shop…');
    expect(html).toMatch(/<style>[^<]*\.start-loader\{position:fixed/);
  });

  it('answers the page in the browser’s language: <html lang dir> and the loader’s line (issue 18)', async () => {
    const arabic = await get('/courses', { 'Accept-Language': 'ar-TN,ar;q=0.9,fr;q=0.8' });
    const html = decoded(arabic);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('جارٍ تحميل متجر الدورات…');
    expect(arabic.headers['content-language']).toBe('ar');
    expect(arabic.headers['vary']).toMatch(/Accept-Language/i);
    expect(decoded(await get('/', { 'Accept-Language': 'fr-FR' }))).toContain('<html lang="fr" dir="ltr">');
    const english = decoded(await get('/', { 'Accept-Language': 'de-DE' }));
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain('Loading the course shop…');
  });

  it('gives a course page its title, description, canonical link, Open Graph, Twitter card and JSON-LD, escaped', async () => {
    const page = await get(`/course/${trickyId}`, { Accept: 'text/html', 'Accept-Encoding': 'br' });
    expect(page.status).toBe(200);
    const html = decoded(page);
    const escapedName = '&#60;/script&#62;&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;Quotes&#39;';
    expect(html).toContain(`<title>${escapedName} · Course Shop</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapedName} · Course Shop" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${escapedName} · Course Shop" />`);
    expect(html).toContain('<meta property="og:image" content="http://shop.test/images/courses/tricky-1.svg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<link rel="canonical" href="http://shop.test/course/${trickyId}" />`);
    expect(html).toContain('<meta name="description" content="120.50 Tnd · Learn &#60;b&#62;bold&#60;/b&#62; things. Second line. Practice every week');
    expect(html).toContain('<meta property="product:price:amount" content="120.50" />');
    expect(html).toContain('<link rel="preload" as="image" href="/images/courses/tricky-1.svg" fetchpriority="high" />');
    // One title and one description: the built page's own are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // The name never closes a script: the only script ends are the JSON-LD's and the app's.
    expect(html).not.toContain('<script>alert');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(jsonLd).not.toMatch(/[<>]/);
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@type': 'Course',
      name: TRICKY_NAME,
      url: `http://shop.test/course/${trickyId}`,
      image: 'http://shop.test/images/courses/tricky-1.svg',
      offers: { '@type': 'Offer', price: '120.50', priceCurrency: 'TND', availability: 'https://schema.org/InStock' },
    });
  });

  it('renders a course page from the kept catalogue answer, without asking the database again', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Kept Photoshop' });
    expect(decoded(await get(`/course/${course.id}`))).toContain('<title>Kept Photoshop · Course Shop</title>');
    // Behind the cache's back (no trigger bumps the version): a page built from a query would show it.
    await ctx.database.db.execute(sql`alter table courses disable trigger user`);
    try {
      await ctx.database.db.execute(sql`update courses set name = 'Renamed' where id = ${course.id}`);
      expect(decoded(await get(`/course/${course.id}`))).toContain('<title>Kept Photoshop · Course Shop</title>');
      expect(JSON.parse(decoded(await get(`/api/courses/${course.id}`))).name).toBe('Kept Photoshop');
    } finally {
      await ctx.database.db.execute(sql`alter table courses enable trigger user`);
    }
  });

  it('answers a draft course (ADD, not saved) like an unknown one: 404, noindex, no course in the head', async () => {
    const draft = await createCourse(ctx.database.db, { name: 'Unsaved Draft Course', isDraft: true });
    const page = await get(`/course/${draft.id}`, { Accept: 'text/html' });
    expect(page.status).toBe(404);
    const html = decoded(page);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('Unsaved Draft Course');
    expect(decoded(await get('/sitemap.xml'))).not.toContain(draft.id);
    await ctx.database.db.delete(courses).where(sql`${courses.id} = ${draft.id}`);
  });

  it('answers an unknown or malformed course id with the 404 page and status 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const page = await get(`/course/${id}`, { Accept: 'text/html' });
      expect(page.status).toBe(404);
      const html = decoded(page);
      expect(html).toContain('<title>404 Not Found · Course Shop</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('id="root"');
    }
  });

  it('gives /, /courses and /kids their own title and canonical link', async () => {
    const heads = [
      ['/', 'Course Shop · Training courses in Tunisia', 'http://shop.test/'],
      ['/courses', 'All courses · Course Shop', 'http://shop.test/courses'],
      ['/kids', 'Kids courses · Course Shop', 'http://shop.test/kids'],
    ];
    for (const [urlPath, title, canonical] of heads) {
      const html = decoded(await get(urlPath as string));
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    }
  });

  it('never names a foreign host in the canonical link or og:url, whatever slashes the path starts with (issue 31)', async () => {
    const asked = [
      ['//evil.example/x', 'http://shop.test/evil.example/x'],
      ['///evil.example/x', 'http://shop.test/evil.example/x'],
      ['/\\evil.example/x', 'http://shop.test/evil.example/x'],
      ['/%2F%2Fevil.example/x', 'http://shop.test/%2F%2Fevil.example/x'],
    ];
    for (const [urlPath, canonical] of asked) {
      const answer = await get(urlPath as string, { accept: 'text/html' });
      expect(answer.status).toBe(200);
      const html = decoded(answer);
      expect(html).not.toContain('http://evil.example');
      expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    }
  });
});

describe('preloads of the first screen (issue 23)', () => {
  const preloads = (html: string) => html.match(/<link rel="(?:preload|modulepreload)"[^>]*>/g) ?? [];

  it('names the route chunks and styles beyond the entry, at the end of <head>, at low priority', async () => {
    const html = decoded(await get('/courses'));
    const links = preloads(html);
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/catalogue-1.js" fetchpriority="low" />');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/cards-1.js" fetchpriority="low" />');
    expect(links).toContain('<link rel="preload" as="style" href="/assets/cards-1.css" crossorigin fetchpriority="low" />');
    // What index.html loads already (the entry's imports, the start's chunks) is not named again.
    expect(html).not.toContain('/assets/react-1.js');
    expect(html.match(/\/assets\/shell-1\.js/g)).toHaveLength(1);
    // At the end of <head>: after the title, the loader's styles and (in a build) the entry's own links.
    expect(html.indexOf('/assets/catalogue-1.js')).toBeGreaterThan(html.indexOf('</style>'));
    expect(html.indexOf('/assets/catalogue-1.js')).toBeLessThan(html.indexOf('</head>'));
    const home = preloads(decoded(await get('/')));
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js" fetchpriority="low" />');
    expect(home.join()).not.toContain('catalogue-1');
  });

  it('preloads the API answer each page asks for first, as the client asks for it', async () => {
    const heads: [string, string][] = [
      ['/', '/api/courses?sort=date&#38;limit=6'],
      ['/courses', '/api/courses?page=1&#38;limit=24'],
      ['/kids', '/api/courses?keyword=kids&#38;limit=6'],
      [`/course/${trickyId}`, `/api/courses/${trickyId}`],
    ];
    for (const [page, api] of heads) {
      expect(preloads(decoded(await get(page))), page).toContain(`<link rel="preload" as="fetch" href="${api}" crossorigin />`);
    }
    // The course page's thumbnails (2nd and 3rd pictures) come with the HTML too.
    expect(preloads(decoded(await get(`/course/${trickyId}`)))).toContain('<link rel="preload" as="image" href="/images/courses/tricky-2.svg" />');
    // Another selection or page of the catalogue asks for another list: no preload of the first one.
    expect(decoded(await get('/courses?cg=Art'))).not.toContain('as="fetch"');
    expect(decoded(await get('/about'))).not.toContain('as="fetch"');
  });

  it("preloads the catalogue's first card picture from the kept list, the one the API answers first", async () => {
    const list = JSON.parse(decoded(await get('/api/courses?page=1&limit=24'))) as { images: string[] }[];
    const first = list[0]?.images[0];
    expect(first).toBeDefined();
    expect(preloads(decoded(await get('/courses')))).toContain(`<link rel="preload" as="image" href="${first}" fetchpriority="high" />`);
    expect(decoded(await get('/courses?page=2'))).not.toContain('as="image"');
  });
});

describe('robots and sitemap', () => {
  it('answers robots.txt as text naming the sitemap, not the app', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const text = decoded(robots);
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /admin/');
    expect(text).toContain('Disallow: /cancel-email/');
    expect(text).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  it('lists every course in sitemap.xml, and each in the shard of its first hex digit', async () => {
    const sitemap = await get('/sitemap.xml', { 'Accept-Encoding': 'gzip' });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const xml = decoded(sitemap);
    const ids = (await ctx.database.db.select({ id: courses.id }).from(courses)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) expect(xml).toContain(`<loc>http://shop.test/course/${id}</loc>`);
    expect(xml).toContain('<loc>http://shop.test/courses</loc>');
    expect(xml.trim().endsWith('</urlset>')).toBe(true);

    const shard = trickyId[0] as string;
    const part = decoded(await get(`/sitemap-courses-${shard}.xml`));
    for (const id of ids) {
      expect(part.includes(`/course/${id}<`)).toBe(id.startsWith(shard));
    }
    expect((await get('/sitemap-courses-g.xml', { Accept: 'application/xml' })).status).toBe(404);
  });
});

import { once } from 'node:events';
import type { Response } from 'express';
import type { DbOrTx } from '../../db/client.js';
import { escapeHtml } from './escape-html.js';
import { absoluteUrl } from './page-head.js';
import { sitemapBatch } from './web-client.repository.js';

/** Pages listed besides the courses. */
const STATIC_PAGES = ['/', '/courses', '/kids', '/about', '/contactus'];
/** The sitemap protocol allows 50 000 URLs per file; above this many courses /sitemap.xml becomes an index. */
export const SINGLE_SITEMAP_MAX_COURSES = 49_000;
const BATCH = 1000;
const HEX = '0123456789abcdef';
const LOWEST_ID = '00000000-0000-0000-0000-000000000000';

/** Shard `h` (one hex digit) holds the courses whose id starts with it: 16 files of about 6 000 for 100 000 courses. */
export const SHARDS = [...HEX];
const shardBounds = (shard: string) => {
  const next = HEX[HEX.indexOf(shard) + 1];
  return {
    afterId: shard === '0' ? LOWEST_ID : `${shard}0000000-0000-0000-0000-000000000000`,
    ...(next ? { beforeId: `${next}0000000-0000-0000-0000-000000000000` } : {}),
  };
};

/** Writes and waits for the socket when its buffer is full, so 100 000 lines never pile up in memory. */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await once(res, 'drain');
}

function startXml(res: Response): void {
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=3600');
}

/**
 * Streams the courses of a range (all of them, or one shard) as <url> lines, a batch of 1000
 * per query. The id 00000000-… is excluded by `gt`, which no random UUID is.
 */
async function writeCourses(res: Response, db: DbOrTx, appUrl: string, bounds: { afterId: string; beforeId?: string }) {
  let afterId = bounds.afterId;
  for (;;) {
    const batch = await sitemapBatch(db, { ...bounds, afterId, limit: BATCH });
    if (batch.length === 0 || res.destroyed) return;
    const lines = batch.map(
      (course) =>
        `<url><loc>${escapeHtml(absoluteUrl(appUrl, `/course/${course.id}`))}</loc><lastmod>${course.updatedAt.toISOString()}</lastmod></url>\n`,
    );
    await write(res, lines.join(''));
    afterId = (batch[batch.length - 1] as { id: string }).id;
    if (batch.length < BATCH) return;
  }
}

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

/** /sitemap.xml: every page and course, or the index of the shards when the courses do not fit in one file. */
export async function sendSitemap(res: Response, db: DbOrTx, appUrl: string, courseCount: number): Promise<void> {
  startXml(res);
  if (courseCount > SINGLE_SITEMAP_MAX_COURSES) {
    const entries = ['pages', ...SHARDS.map((s) => `courses-${s}`)].map(
      (name) => `<sitemap><loc>${escapeHtml(absoluteUrl(appUrl, `/sitemap-${name}.xml`))}</loc></sitemap>\n`,
    );
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`);
    return;
  }
  await write(res, URLSET_OPEN + pageLines(appUrl));
  await writeCourses(res, db, appUrl, { afterId: LOWEST_ID });
  res.end('</urlset>\n');
}

/** /sitemap-pages.xml and /sitemap-courses-{h}.xml, the parts of the index. */
export async function sendSitemapPart(res: Response, db: DbOrTx, appUrl: string, part: string): Promise<boolean> {
  const shard = /^courses-([0-9a-f])$/.exec(part)?.[1];
  if (part !== 'pages' && !shard) return false;
  startXml(res);
  await write(res, URLSET_OPEN + (shard ? '' : pageLines(appUrl)));
  if (shard) await writeCourses(res, db, appUrl, shardBounds(shard));
  res.end('</urlset>\n');
  return true;
}

const pageLines = (appUrl: string) =>
  STATIC_PAGES.map((page) => `<url><loc>${escapeHtml(absoluteUrl(appUrl, page))}</loc></url>\n`).join('');

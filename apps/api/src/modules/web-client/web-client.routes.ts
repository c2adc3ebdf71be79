import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import {
  COURSE_CARD_IMAGE_SIZES,
  COURSE_IMAGES_MAX,
  courseDetailPath,
  courseListParams,
  courseListPath,
  courseQuerySchema,
  FIRST_SCREEN_LISTS,
  LANGUAGES,
  languageOf,
  type Course,
  type CourseDetail,
  type Language,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { AppError } from '../../errors.js';
import { isId } from '../../http/route.js';
import { COMPRESS_MIN_BYTES } from '../../lib/content-encoding.js';
import { catalogueKey, courseDetailKey, type CatalogueCache, type ReadyAnswer } from '../catalogue/catalogue-cache.js';
import { courseListBuilder, getCourseDetail } from '../catalogue/catalogue.service.js';
import { certificateCheckLimiter } from '../../middleware/rate-limit.js';
import { findPublicCertificate } from '../enrolment/certificates/certificates.service.js';
import { certificateHead, COURSES_HEAD, courseHead, HOME_HEAD, KIDS_HEAD, NOT_FOUND_HEAD, renderHead, type PageHead } from './page-head.js';
import { dataPreload, imagePreload, linkedFiles, readManifest, thumbnailPreloads, routeAssetsOf, routePreloads, type PageRoute } from './page-preloads.js';
import { sendSitemap, sendSitemapPart } from './sitemap.js';

/**
 * Brotli or gzip for every compressible answer the browser accepts (HTML, JSON, SVG, XML),
 * with `Vary: Accept-Encoding`. Answers that arrive already encoded (the built assets, kept
 * catalogue answers) pass through untouched.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: COMPRESS_MIN_BYTES });
}

/** Private pages search engines have nothing to find in. */
const NOT_FOR_ROBOTS = ['/admin/', '/cart', '/login', '/register', '/forgot', '/reset-password', '/profile', '/shipping', '/placeorder', '/order/', '/verify/', '/confirm-email/', '/cancel-email/'];

/** The document of index.html around the part of <head> each page fills in. */
interface Template {
  before: string;
  after: string;
}

/** The start loader's line (index.html) in each language. */
const LOADER_TEXT: Record<Language, string> = {
  en: 'Loading the course shop…',
  fr: 'Chargement de la boutique de cours…',
  ar: 'جارٍ تحميل متجر الدورات…',
};

/** The page in a language: `<html lang dir>` and the start loader's line. */
export function inLanguage(template: Template, language: Language): Template {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return {
    before: template.before.replace(/<html[^>]*>/, `<html lang="${language}" dir="${dir}">`),
    after: template.after.replace(LOADER_TEXT.en, LOADER_TEXT[language]),
  };
}

/** Splits the built index.html at its <title>; its description goes too: each page brings both. */
export function templateOf(html: string): Template {
  const description = /\s*<meta name="description"[^>]*>/;
  if (!description.test(html)) throw new Error('index.html has no description meta tag');
  const rest = html.replace(description, '');
  const title = /<title>[^<]*<\/title>/.exec(rest);
  if (!title) throw new Error('index.html has no <title>');
  return { before: rest.slice(0, title.index), after: rest.slice(title.index + title[0].length) };
}

/**
 * The built web client: hashed assets precompressed at build time (.br/.gz beside each file,
 * vite-plugin-compression2) and cached for a year; robots.txt and sitemap.xml; and every page
 * as index.html with its own head (title, description, canonical, Open Graph, Twitter card,
 * JSON-LD), a course's read from the catalogue cache. Nothing when the client is not built.
 */
export function webClientRouter(deps: AppContext, catalogue: CatalogueCache): Router | undefined {
  const { webDist, appUrl } = deps.config;
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) return undefined;
  const html = readFileSync(indexHtml, 'utf8');
  const template = templateOf(html);
  const { db } = deps.database;
  const router = Router();

  router.use(
    '/assets',
    expressStaticGzip(path.join(webDist, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
    }),
  );
  router.use(
    expressStaticGzip(webDist, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { index: false, maxAge: '1h' },
    }),
  );

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(['User-agent: *', 'Allow: /', ...NOT_FOR_ROBOTS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n'));
  });
  router.get('/sitemap.xml', async (_req, res) => {
    await sendSitemap(res, db, appUrl, (await catalogue.version()).courses);
  });
  router.get('/sitemap-:part.xml', async (req, res, next) => {
    if (!(await sendSitemapPart(res, db, appUrl, String(req.params['part'])))) next();
  });

  const byLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, inLanguage(template, language)])) as Record<
    Language,
    Template
  >;
  const sendPage = (req: Request, res: Response, head: PageHead, status = 200, preloads: string[] = []) => {
    // The browser's language (a first visit's choice, issue 18); the client then applies a stored one.
    const language = languageOf(req.get('accept-language'));
    const page = byLanguage[language];
    res.status(status).type('html').setHeader('Cache-Control', 'no-cache');
    res.vary('Accept-Language').setHeader('Content-Language', language);
    // After the entry's own script and preloads (end of <head>): the route's files come second.
    const extra = preloads.length > 0 ? `  ${preloads.join('\n    ')}\n  ` : '';
    res.send(page.before + renderHead(head, appUrl) + page.after.replace('</head>', `${extra}</head>`));
  };

  // Each page's route chunks and styles, the API answer of its first screen and its largest
  // picture go out with the HTML (issue 23, page-preloads.ts).
  const routeAssets = routeAssetsOf(readManifest(webDist), linkedFiles(html));
  const routeOf = (page: PageRoute) => routePreloads(routeAssets[page]);
  const catalogueQuery = courseQuerySchema.parse(courseListParams(FIRST_SCREEN_LISTS.catalogue));
  /** The first card's picture of /courses, from the same kept answer as the API's (no query on a cache hit). */
  // Per kept answer (the same object until the catalogue changes): the list is parsed once, not per page request.
  const pictureOf = new WeakMap<ReadyAnswer, string | undefined>();
  const firstCataloguePicture = async (): Promise<string | undefined> => {
    try {
      const answer = await catalogue.answer(catalogueKey(catalogueQuery), courseListBuilder(deps, catalogueQuery));
      if (!pictureOf.has(answer))
        pictureOf.set(answer, (JSON.parse(answer.body.toString('utf8')) as Course[])[0]?.images[0]);
      return pictureOf.get(answer);
    } catch (err) {
      // The database is away: the page still goes out, the app finds the picture later.
      deps.logger.warn({ cause: (err as Error).message }, 'catalogue page head: the first list could not be read');
      return undefined;
    }
  };
  const listPagePreloads = async (pagePath: string, hasQuery: boolean): Promise<string[]> => {
    if (pagePath === '/') return [...routeOf('home'), ...(hasQuery ? [] : [dataPreload(courseListPath(FIRST_SCREEN_LISTS.home))])];
    if (pagePath === '/kids') return [...routeOf('kids'), ...(hasQuery ? [] : [dataPreload(courseListPath(FIRST_SCREEN_LISTS.kids))])];
    if (pagePath === '/courses' || pagePath.startsWith('/courses/') || pagePath.startsWith('/search/')) {
      if (pagePath !== '/courses' || hasQuery) return routeOf('catalogue');
      // The first card's picture is the catalogue's largest paint: fetched with the HTML, so it
      // is there when the cards first paint (measured: docs/decisions/0107).
      const picture = await firstCataloguePicture();
      return [
        ...routeOf('catalogue'),
        dataPreload(courseListPath(FIRST_SCREEN_LISTS.catalogue)),
        ...(picture ? [imagePreload(picture, COURSE_CARD_IMAGE_SIZES)] : []),
      ];
    }
    return [];
  };

  router.get('/course/:id', async (req, res) => {
    if (!req.accepts('html')) throw new AppError(404, 'Not Found');
    const id = String(req.params['id']);
    if (!isId(id)) {
      sendPage(req, res, NOT_FOUND_HEAD, 404);
      return;
    }
    try {
      // The same kept answer as GET /api/courses/{id}: no query when the course was asked for before.
      const answer = await catalogue.answer(courseDetailKey(id), async () => ({ body: await getCourseDetail(deps, id) }));
      const course = JSON.parse(answer.body.toString('utf8')) as CourseDetail;
      sendPage(req, res, courseHead(course, appUrl), 200, [
        ...routeOf('course'),
        dataPreload(courseDetailPath(course._id)),
        ...thumbnailPreloads(course.images, COURSE_IMAGES_MAX),
      ]);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      sendPage(req, res, NOT_FOUND_HEAD, 404);
    }
  });
  // A certificate's public check page (issue 35): its own share preview, noindex; rate-limited
  // per address like the API's check, so the page is no way around the limit.
  router.get('/certificates/:id', certificateCheckLimiter(deps), async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const certificate = await findPublicCertificate(deps, String(req.params['id']));
    // Issue 54: the title and preview in the page's language (the one its <html lang> is served in).
    const language = languageOf(req.get('accept-language'));
    sendPage(req, res, certificate ? certificateHead(certificate, language) : NOT_FOUND_HEAD, certificate ? 200 : 404);
  });
  const heads: Record<string, PageHead> = { '/': HOME_HEAD, '/courses': COURSES_HEAD, '/kids': KIDS_HEAD };
  router.get('/{*splat}', async (req, res, next) => {
    if (!req.accepts('html')) return next();
    const pagePath = req.path.replace(/(.)\/$/, '$1');
    const hasQuery = req.originalUrl.includes('?');
    sendPage(req, res, heads[pagePath] ?? { ...HOME_HEAD, path: req.path }, 200, await listPagePreloads(pagePath, hasQuery));
  });
  return router;
}

import { COURSE_PAGE_IMAGE_SIZES, type Certificate, type CourseDetail, type Language } from '@shop/shared';
import { escapeHtml } from './escape-html.js';
import { imagePreload } from './page-preloads.js';

/**
 * The <head> lines of a page of the shop as served to browsers, link previews (Facebook,
 * WhatsApp, X) and search engines: title, description, canonical link, Open Graph and Twitter
 * card, and for a course its JSON-LD `Course` with an `offers` price in TND.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (under APP_URL). */
  path: string;
  /** Absolute or site-relative image; made absolute under APP_URL. */
  image?: string;
  /** Anything else for the head, already escaped (JSON-LD, image preload). */
  extra?: string;
  /** Search engines are told to leave the page out (the 404 page). */
  noindex?: boolean;
}

export const SITE_NAME = 'Course Shop';
const SITE_DESCRIPTION =
  'Courses in languages, programming, art and cabin crew, and a kids area — training centre in Tunisia.';
const DESCRIPTION_MAX = 160;

/**
 * JSON inside <script>: `<`, `>` and `&` as \u escapes so no `</script>` or `<!--` can appear,
 * and the two line separators JavaScript once refused.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The first sentence-ish part of a text, on one line, at most 160 characters. */
export function summaryOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= DESCRIPTION_MAX ? line : `${line.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

export function absoluteUrl(appUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, `${appUrl}/`).href;
}

/**
 * The shop's own address of a page path as asked for: always under APP_URL. A request path
 * may start with several slashes or backslashes (`//evil.example/x`), which a URL parser reads
 * as another host; they are collapsed to one, so the page's canonical link and `og:url` can
 * never name a foreign host. Anything that still leaves APP_URL's origin gives the home page.
 */
export function pageUrl(appUrl: string, requestPath: string): string {
  const base = `${appUrl}/`;
  const url = new URL(`/${requestPath.replace(/^[/\\]+/, '')}`, base);
  return url.origin === new URL(base).origin ? url.href : new URL('/', base).href;
}

/** Money as the catalogue shows it (two decimals), the amount of the offer. */
const amountOf = (price: number) => price.toFixed(2);

export const HOME_HEAD: PageHead = { title: `${SITE_NAME} · Training courses in Tunisia`, description: SITE_DESCRIPTION, path: '/' };
export const COURSES_HEAD: PageHead = {
  title: `All courses · ${SITE_NAME}`,
  description: 'Every course of the centre: English, French, programming, art and cabin crew, with prices in Tnd.',
  path: '/courses',
};
export const KIDS_HEAD: PageHead = {
  title: `Kids courses · ${SITE_NAME}`,
  description: 'Courses for children: programming, languages and soft skills, in a space of their own.',
  path: '/kids',
};
export const NOT_FOUND_HEAD: PageHead = { title: `404 Not Found · ${SITE_NAME}`, description: SITE_DESCRIPTION, path: '/', noindex: true };

/** The head of /course/{id}: name, description, first image and price in Tnd, and its JSON-LD. */
export function courseHead(course: CourseDetail, appUrl: string): PageHead {
  const path = `/course/${course._id}`;
  const url = absoluteUrl(appUrl, path);
  const image = course.images[0];
  const price = amountOf(course.price);
  const description = summaryOf(`${price} Tnd · ${course.description || course.category.join(', ')}`);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.name,
    description: summaryOf(course.description || course.name),
    url,
    ...(image ? { image: absoluteUrl(appUrl, image) } : {}),
    provider: { '@type': 'Organization', name: SITE_NAME, sameAs: appUrl },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      price,
      priceCurrency: 'TND',
      availability: course.availability > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
    },
    ...(course.numReviews > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: course.rating, reviewCount: course.numReviews } }
      : {}),
  };
  const extra = [
    `<meta property="product:price:amount" content="${price}" />`,
    '<meta property="product:price:currency" content="TND" />',
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
    // The course's main picture is the page's largest paint: fetched with the HTML, not after the script and the API call.
    ...(image ? [imagePreload(image, COURSE_PAGE_IMAGE_SIZES)] : []),
  ].join('\n    ');
  return { title: `${course.name} · ${SITE_NAME}`, description, path, ...(image ? { image } : {}), extra };
}

/** The tags for a page's <head>, every value escaped. */
export function renderHead(head: PageHead, appUrl: string): string {
  const url = pageUrl(appUrl, head.path);
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const image = head.image ? escapeHtml(absoluteUrl(appUrl, head.image)) : undefined;
  const lines = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${head.path.startsWith('/course/') ? 'product' : 'website'}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${image}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(image ? [`<meta name="twitter:image" content="${image}" />`] : []),
    ...(head.extra ? [head.extra] : []),
  ];
  return lines.join('\n    ');
}

const CERTIFICATE_DAY: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Tunis', dateStyle: 'long' }),
  fr: new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Tunis', dateStyle: 'long' }),
  ar: new Intl.DateTimeFormat('ar-TN', { timeZone: 'Africa/Tunis', dateStyle: 'long', numberingSystem: 'latn' }),
};

/** The check page's words in each language (issue 54: its title was English whatever the page's language). */
const CERTIFICATE_HEAD_TEXTS: Record<
  Language,
  { valid: string; revoked: string; issued: (course: string, learner: string, by: string, day: string) => string }
> = {
  en: {
    valid: 'Valid certificate',
    revoked: 'Revoked certificate',
    issued: (course, learner, by, day) => `${course}. Issued to ${learner}${by ? ` by ${by}` : ''} on ${day}.`,
  },
  fr: {
    valid: 'Certificat valide',
    revoked: 'Certificat révoqué',
    issued: (course, learner, by, day) => `${course}. Délivré à ${learner}${by ? ` par ${by}` : ''} le ${day}.`,
  },
  ar: {
    valid: 'شهادة صالحة',
    revoked: 'شهادة ملغاة',
    issued: (course, learner, by, day) => `${course}. مُنحت إلى ${learner}${by ? ` من ${by}` : ''} بتاريخ ${day}.`,
  },
};

/** A certificate's courses in a language as issued (the main text when none was kept). */
export function certificateCourseText(certificate: Pick<Certificate, 'course' | 'courseFr' | 'courseAr'>, language: Language): string {
  const translated = language === 'fr' ? certificate.courseFr : language === 'ar' ? certificate.courseAr : '';
  return translated?.trim() || certificate.course;
}

/**
 * The head of a certificate's public check page /certificates/{id} (issue 35): its own share
 * preview (learner, course, centre, date, and whether it is still valid), and never indexed;
 * in the page's language, the course as issued in it (issue 54).
 */
export function certificateHead(certificate: Certificate, language: Language = 'en'): PageHead {
  const words = CERTIFICATE_HEAD_TEXTS[language];
  const issued = CERTIFICATE_DAY[language].format(new Date(certificate.issuedAt));
  const state = certificate.status === 'valid' ? words.valid : words.revoked;
  const course = certificateCourseText(certificate, language);
  return {
    title: `${state}: ${certificate.learner} · ${SITE_NAME}`,
    description: summaryOf(words.issued(course, certificate.learner, certificate.centre, issued)),
    path: `/certificates/${certificate._id}`,
    noindex: true,
  };
}

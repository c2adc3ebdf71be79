import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { srcsetOfImageUrl } from '@shop/shared';
import { escapeHtml } from './escape-html.js';

/**
 * What a storefront page needs beyond the entry script, named in its served head so the browser
 * fetches it with the HTML instead of after the script ran (issue 23): the route's own chunks and
 * styles (from Vite's manifest), the API answer its first screen shows, and that screen's largest
 * picture. Without them each is one more round trip after the one before (HTML, entry, route
 * chunk, API list, picture) on a phone's connection.
 */

/** One entry of Vite's `.vite/manifest.json` (the fields used here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The route modules of the pages the server names (apps/web/src/features/catalogue/routes.tsx). */
export const PAGE_ROUTE_MODULES = {
  home: 'src/features/catalogue/routes/home.tsx',
  catalogue: 'src/features/catalogue/routes/catalogue.tsx',
  course: 'src/features/catalogue/routes/course-detail.tsx',
  kids: 'src/features/catalogue/routes/kids-home.tsx',
} as const;
export type PageRoute = keyof typeof PAGE_ROUTE_MODULES;

/** The scripts and styles of a route chunk that index.html does not already load. */
export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

/** Reads the build's manifest; no preloads (an empty map) when the build has none. */
export function readManifest(webDist: string): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Every chunk `key` imports statically, itself included, in load order. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [
    ...(manifest[key].imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen)),
    key,
  ];
}

/** The files index.html already loads: its module scripts, modulepreload links and stylesheets. */
export function linkedFiles(html: string): Set<string> {
  const files = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/gi) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url?.startsWith('/assets/')) files.add(url);
  }
  return files;
}

/**
 * For each page, the route's chunks and styles beyond what index.html loads (the entry and the
 * start's steps, `linked`) and the entry imports.
 */
export function routeAssetsOf(manifest: Manifest, linked: ReadonlySet<string> = new Set()): Partial<Record<PageRoute, RouteAssets>> {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set(entry ? staticClosure(manifest, entry) : []);
  const assets: Partial<Record<PageRoute, RouteAssets>> = {};
  for (const [page, module] of Object.entries(PAGE_ROUTE_MODULES) as [PageRoute, string][]) {
    if (!manifest[module]) continue;
    const chunks = staticClosure(manifest, module).filter((key) => !loaded.has(key) && !linked.has(`/${manifest[key]!.file}`));
    assets[page] = {
      scripts: chunks.map((key) => `/${manifest[key]!.file}`),
      styles: [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))].map(
        (file) => `/${file}`,
      ),
    };
  }
  return assets;
}

/**
 * `<link>`s of a route's chunks (modulepreload, as index.html names the entry's) and styles
 * (preloaded, not applied: Vite's loader adds the stylesheet from the cache when the route
 * loads). At low priority: they load beside the entry without taking its bandwidth first, and
 * the start loader's first paint never waits for them.
 */
export function routePreloads(assets: RouteAssets | undefined): string[] {
  if (!assets) return [];
  return [
    ...assets.styles.map(
      (href) =>
        `<link rel="preload" as="style" href="${escapeHtml(href)}" crossorigin fetchpriority="low" />`,
    ),
    ...assets.scripts.map(
      (href) =>
        `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" fetchpriority="low" />`,
    ),
  ];
}

/**
 * The API answer a page shows first, fetched with the HTML. `crossorigin` makes it a CORS,
 * same-origin-credentials request: what the client's `fetch` is, so the browser hands the
 * preloaded answer to it instead of asking again.
 */
export function dataPreload(apiPath: string): string {
  return `<link rel="preload" as="fetch" href="${escapeHtml(apiPath)}" crossorigin />`;
}

/**
 * A page's largest picture, fetched with the HTML at high priority. An uploaded picture is
 * preloaded with the same `srcset` and `sizes` as the page's <img>, so the browser fetches the
 * one copy it will show, not the widest one as well.
 */
export function imagePreload(image: string, sizes: string): string {
  const srcset = srcsetOfImageUrl(image);
  const responsive = srcset
    ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image)}"${responsive} fetchpriority="high" />`;
}

/**
 * The course page's gallery thumbnails (the 2nd and 3rd pictures; the 1st is the main picture,
 * preloaded with the page's head): on the first screen under the main picture, even at 375 px,
 * so they come with the HTML too, at the browser's usual image priority.
 */
export function thumbnailPreloads(images: readonly string[], max: number): string[] {
  if (images.length < 2) return [];
  return images.slice(1, max).map((image) => `<link rel="preload" as="image" href="${escapeHtml(image)}" />`);
}

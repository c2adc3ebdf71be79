/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The modules main.tsx imports one after the other at start, in that order, each evaluated in a
 * task of its own (two are libraries: Redux Toolkit and React Router).
 */
const START_STEPS = [
  '/src/lib/i18n/index.ts',
  '/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs',
  '/src/lib/api/base.ts',
  '/src/app/store.ts',
  '/react-router/dist/development/index.mjs',
  '/src/app/router.tsx',
  '/src/app/render.tsx',
];

/**
 * Names the chunks of the start's steps (main.tsx) in index.html as modulepreload links, beside
 * the entry's own: the browser fetches them with the HTML instead of after the entry ran, and
 * `pnpm bench:web` counts them as initial JavaScript. Only their evaluation is spread over tasks.
 */
function preloadStartChunks(): Plugin {
  return {
    name: 'shop:preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, into: Set<string>): Set<string> => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
          return into;
        };
        const linked = new Set<string>();
        for (const entry of chunks.filter((c) => c.isEntry)) closure(entry.fileName, linked);
        const steps = START_STEPS.map((module) => {
          // A step module shared with other chunks lives in a common chunk, not a chunk of its own.
          const step = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!step) throw new Error(`${module} (START_STEPS) is in no chunk of the build`);
          return step;
        });
        // A step's chunk that imports a later step's chunk evaluates it too: the two steps would
        // be one task again (a module that left its start-* group, or a new import between them).
        steps.forEach((step, i) => {
          const later = steps.slice(i + 1).filter((next) => next !== step && step.imports.includes(next.fileName));
          if (later.length > 0) {
            throw new Error(
              `${START_STEPS[i]} (START_STEPS) is in ${step.fileName}, which imports ${later.map((c) => c.fileName).join(', ')}, ` +
                'the chunk of a later step: their evaluations would be one task (vite.config.ts, the start-* groups)',
            );
          }
        });
        const files = new Set<string>();
        for (const step of steps) for (const file of closure(step.fileName, new Set())) if (!linked.has(file)) files.add(file);
        // Their styles apply from the start, as the entry's do (Vite's loader finds them there).
        const linkedCss = new Set([...linked].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
        const styles = new Set([...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
        return [
          ...[...styles].filter((file) => !linkedCss.has(file)).map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

const apiTarget = process.env['VITE_API_PROXY'] ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [
    react(),
    preloadStartChunks(),
    // Brotli and gzip copies of every script, stylesheet and SVG, made once here at the best
    // levels; the API serves them as files (modules/web-client). index.html is not among
    // them: the server fills in each page's head and compresses it per answer.
    compression({ include: /\.(js|css|svg)$/, threshold: 1024, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/images': apiTarget },
  },
  build: {
    target: 'es2022',
    // Vite prints every chunk with its gzipped size; the budget is enforced by `pnpm bench:web`.
    reportCompressedSize: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the server preloads each page's route chunks and styles from it
    // (modules/web-client), so they load beside the entry instead of after it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files for the storefront's first load (issue 23). Left to itself the
        // bundler made a file of every module two chunks share: the start and each catalogue
        // page loaded 25-30 files of 0.2-3 KB, most under 1 KB. On a phone each is a request
        // over one of six connections at a mobile round trip, and all of them came before the
        // start loader's first paint. Grouped, a page loads 16-20 (measured: docs/decisions/0115).
        // Only modules the storefront's start or its catalogue pages load anyway are grouped,
        // and not what they import (includeDependenciesRecursively: false): no library moves,
        // and the route modules the server names (PAGE_ROUTE_MODULES) keep their own chunks.
        codeSplitting: {
          groups: [
            // The start's steps (main.tsx), one chunk each, so that each step evaluates only its
            // own: left to itself, the bundler made 26 start files of the steps' dynamic imports.
            {
              // i18next, react-i18next's set-up and the English catalogue.
              name: 'start-i18n',
              includeDependenciesRecursively: false,
              test: /\/(node_modules\/(i18next\/|react-i18next\/dist\/es\/(initReactI18next|i18nInstance|defaults|unescape)\.js)|src\/lib\/i18n\/(index|en\/[a-z-]+)\.ts|packages\/shared\/src\/messages\.ts)/,
            },
            {
              // React (its body runs on first use), Redux, Immer, Redux Toolkit, React Redux and
              // react-i18next's hook, and the session helpers they need.
              name: 'start-state',
              includeDependenciesRecursively: false,
              test: /\/(node_modules\/(react\/|redux\/|immer\/|redux-thunk\/|@reduxjs\/toolkit\/dist\/redux-toolkit|use-sync-external-store\/|react-redux\/|react-i18next\/dist\/es\/(context|useTranslation|utils)\.js)|src\/lib\/(storage|api\/session)\.ts)/,
            },
            {
              // RTK Query and the API slice with the endpoints every page has.
              name: 'start-api',
              includeDependenciesRecursively: false,
              test: /\/(node_modules\/(reselect\/|@standard-schema\/|@reduxjs\/toolkit\/dist\/query\/)|src\/(lib\/api\/(base|page|tags|users)|stores\/(user-slice|hooks))\.ts)/,
            },
            {
              // React Router (its package's only build is the one in dist/development).
              name: 'start-router',
              includeDependenciesRecursively: false,
              test: /\/node_modules\/react-router\//,
            },
            {
              // The route table and the shell: layout, header, footer, guards, start loader.
              name: 'start-shell',
              includeDependenciesRecursively: false,
              test: /\/src\/(app\/(router|layout|not-found|route-error)|components\/(layout\/(?!newsletter-form)[a-z-]+|guards|ui\/spinner)|lib\/lazy-route|features\/[a-z]+\/routes)\.(tsx?|css)$/,
            },
            {
              // React DOM, its scheduler and the first render.
              name: 'start-render',
              includeDependenciesRecursively: false,
              test: /\/(node_modules\/(react-dom\/|scheduler\/)|src\/(app\/(render|provider)|stores\/cart-sync)\.tsx?$)/,
            },
            {
              // Shared by the shell and the catalogue's pages: paths, icons, the cart slice,
              // money and category texts, the course picture, stars, the courses API, and the
              // store module (the start's store step: one file less).
              name: 'storefront-common',
              includeDependenciesRecursively: false,
              test: /\/(src\/(app\/store|config\/paths|components\/ui\/(icons|stars|course-image|query-error)|stores\/cart-slice|lib\/(format|seats|api\/(errors|courses)|i18n\/(messages|course-text|category)))|packages\/shared\/src\/(constants|categories|images|money|first-screen))\.tsx?$/,
            },
            {
              // The course lists of home, /courses and /kids: cards, grid, toolbar, pagination.
              name: 'catalogue-ui',
              includeDependenciesRecursively: false,
              test: /\/src\/(features\/catalogue\/(components\/(catalogue-page|catalogue-toolbar|category-cards|course-card|course-grid-skeleton|course-results|kids-theme)|lib\/catalogue-query)|components\/ui\/(number-input|pagination|slider))\.(tsx?|css)$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Real-timer tests (2 s and 3 s redirects) must survive a loaded 2-core CI machine.
    testTimeout: 20_000,
  },
});

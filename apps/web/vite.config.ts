/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { codeSplitting } from './build/chunks.js';
import { preloadStart } from './build/preload-start.js';

const apiTarget = process.env['VITE_API_PROXY'] ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [
    react(),
    preloadStart(),
    // Brotli and gzip copies of every script, stylesheet and SVG, made once here at the best
    // levels; the API serves them as files (modules/web-client). index.html is not among
    // them: the server fills in each page's head and compresses it per answer.
    compression({
      include: /\.(js|css|svg)$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
    }),
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
        // What the start loads in two files, the rest left to the bundler: build/chunks.ts.
        codeSplitting,
        // A module's body runs when it is first imported, not when its file loads: the start's
        // steps (main.tsx) stay separate tasks however the modules are grouped into files.
        strictExecutionOrder: true,
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // A test may wait several times for what a user would see (10 s each, src/testing/setup.ts):
    // on a loaded 2-core CI machine a lazy route can take seconds to appear.
    testTimeout: 40_000,
    // A worker runs its files one after another in one module graph and one jsdom: React, the
    // router, RTK Query and i18next load once per worker instead of once per file. So no file
    // replaces a module (`vi.mock`, refused by ESLint); a file spies on an export instead.
    isolate: false,
  },
});

/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env['VITE_API_PROXY'] ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [react()],
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

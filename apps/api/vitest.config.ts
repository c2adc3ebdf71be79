import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // One migrated database (on PGlite kept between runs until the migrations change: decision
    // 0387); each file starts from a copy of it.
    globalSetup: ['src/test/global-setup.ts'],
    // Each file opens its own database; two at a time fits a 2-core machine. Worker threads
    // rather than processes: 10 % less CPU for the same suite (docs/decisions/0289).
    pool: 'threads',
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the app, Drizzle, PGlite's
    // WebAssembly and the migrated template are loaded once per worker instead of once per file:
    // 40 % less CPU for the suite (docs/decisions/0120). So no file replaces a module (`vi.mock`,
    // refused by ESLint); a file spies on an export, restored after each test (src/test/setup.ts).
    isolate: false,
    // A CI host can run three times slower than a laptop (measured: a 15 s race test there).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a test waits for in the background (a mail, a webhook's effect): 1 s by default.
    expect: { poll: { timeout: 10_000 } },
  },
});

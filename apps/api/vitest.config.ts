import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that replace one of the app's modules (`vi.mock`): they need a module graph of their
 * own, so they run isolated. Every other file builds its own app and database through
 * `src/test/context.ts` and shares nothing through modules but caches.
 */
const OWN_MODULE_GRAPH = ['src/modules/orders/orders.reprice.test.ts'];

const OWN_PROJECT = 'api (own module graph)';

/**
 * Vitest's order (longest first, by the last run's durations), with the files of their own
 * module graph first: each starts a worker and imports the app anew (about 5 s), which the
 * last run's test durations do not count, so they used to start last, on one core, after all
 * the others had ended.
 */
class OwnModuleGraphFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const own = (file: TestSpecification) => file.project.name === OWN_PROJECT;
    return [...sorted.filter(own), ...sorted.filter((file) => !own(file))];
  }
}

const common = {
  setupFiles: ['src/test/setup.ts'],
  // One migrated database (on PGlite kept between runs until the migrations change: decision
  // 0387); each file starts from a copy of it.
  globalSetup: ['src/test/global-setup.ts'],
  // A CI host can run three times slower than a laptop (measured: a 15 s race test there).
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // What a test waits for in the background (a mail, a webhook's effect): 1 s by default.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    // Each file opens its own database; two at a time fits a 2-core machine. Worker threads
    // rather than processes: 10 % less CPU for the same suite (docs/decisions/0289).
    pool: 'threads',
    maxWorkers: 2,
    sequence: { sequencer: OwnModuleGraphFirst },
    projects: [
      {
        test: {
          ...common,
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: OWN_MODULE_GRAPH,
          // A worker runs its files one after another in one module graph: the app, Drizzle,
          // PGlite's WebAssembly and the migrated template are loaded once per worker instead of
          // once per file: 40 % less CPU for the suite (docs/decisions/0120).
          isolate: false,
        },
      },
      {
        test: { ...common, name: OWN_PROJECT, include: OWN_MODULE_GRAPH },
      },
    ],
  },
});

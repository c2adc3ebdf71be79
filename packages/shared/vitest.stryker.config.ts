import { defineConfig } from 'vitest/config';

/** The calculator's tests only, for Stryker (issue 52): every mutant of money.ts is tried against these. */
export default defineConfig({
  // Property tests run under Stryker's coverage instrumentation beside the other CI steps on a
  // shared host: 5 s (vitest's default) is not a limit of the calculator's, only of the machine.
  test: { include: ['src/money*.test.ts'], testTimeout: 60_000 },
});

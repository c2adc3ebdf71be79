import { defineConfig } from 'vitest/config';

/** The calculator's tests only, for Stryker (issue 52): every mutant of money.ts is tried against these. */
export default defineConfig({
  test: { include: ['src/money*.test.ts'] },
});

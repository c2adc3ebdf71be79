import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
// The i18next instance, in English (the shop's original texts), as the app starts it.
import { i18n, setLanguage } from '@/lib/i18n';

// findBy*/waitFor wait for what a user would see; on a loaded 2-core CI machine a lazy route can
// take longer than the default second to appear, which is slowness, not a broken behaviour.
configure({ asyncUtilTimeout: 10_000 });

// A console.error during a test is a bug (React warnings included): fail the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  });
});

// Files share their worker's modules and globals (isolate: false): a test's fake clock, spies,
// DOM and language end with it (a French test left the next file's labels in French).
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  if (i18n.language !== 'en') await setLanguage('en');
});

import { afterEach, vi } from 'vitest';
import { takeContractViolations } from './contract.js';

// Files share their worker's modules (isolate: false): a spy ends with its test.
afterEach(() => {
  vi.restoreAllMocks();
});

// Every API test: the answers it received must match the OpenAPI document (test/contract.ts).
afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(`Answers that break the OpenAPI document:\n${violations.join('\n')}`);
});

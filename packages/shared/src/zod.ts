import { config, z } from 'zod';

/**
 * The one zod of the shared schemas. In a browser the shop runs under a CSP without
 * 'unsafe-eval', so zod must not probe `new Function` for its compiled parsers: Chrome reports
 * each probe as a CSP issue (Lighthouse's best-practices audit fails on it). This must run
 * before the first object schema is made, which is why every shared schema imports `z` from
 * here (and package.json names this file under `sideEffects`, or bundlers would drop the call,
 * tracing `z` straight to zod). The API keeps zod's compiled (faster) parsers.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') config({ jitless: true });

export { z };

import type { ComponentType } from 'react';

/** A route's script that has not arrived after 120000 ms counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A route's `lazy` that loads one component from a module, giving up after the chunk time-out.
 * The failure surfaces in the route's error element (a reload prompt) instead of an endless spinner.
 */
export function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Failed to fetch dynamically imported module: timed out')), timeoutMs);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: pick(module) };
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Resolves in a later task of the event loop: the work after the `await` runs as a task of its
 * own, so the browser can paint and answer input in between. `scheduler.yield()` where the
 * browser has it (the rest goes before other waiting tasks), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Servers the scripts start as child processes (the e2e shop, the benchmark's API and ceilings). */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

export { freePort } from '../apps/api/src/test/ports.js';

/** The repository's root folder. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Polls `url` until it answers 2xx. Fails when the child exits first or after `timeoutMs`;
 * `output` (the child's recent log, if kept) is added to the error.
 */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const log = () => (output() ? `:\n${output()}` : '');
  while (Date.now() < deadline) {
    if (hasExited(child))
      throw new Error(
        `${url} exited (${child.exitCode ?? child.signalCode}) before answering${log()}`,
      );
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${log()}`);
}

/** Ended by itself (exit code) or by a signal (signal code): no 'exit' event will come any more. */
function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL if the child is still there after 10 s; resolves once it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (hasExited(child)) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

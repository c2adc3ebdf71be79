/** A job run on a timer by every instance (the hold expiry, the payment checks). */
export interface Sweeper {
  /** Runs the job now (unless it is running) and resolves when it is done. */
  sweepNow(): Promise<void>;
  /** Stops the ticks and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `intervalMs` (and once at start when `runAtStart`), never twice at once on
 * this instance; a failure is reported to `onError` and the next tick tries again. The timer
 * does not keep the process alive.
 */
export function startSweeper(
  job: () => Promise<unknown>,
  onError: (err: unknown) => void,
  intervalMs: number,
  { runAtStart = false }: { runAtStart?: boolean } = {},
): Sweeper {
  let running: Promise<void> | undefined;
  const sweepNow = (): Promise<void> => {
    running ??= job()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void sweepNow(), intervalMs);
  timer.unref();
  if (runAtStart) void sweepNow();
  return {
    sweepNow,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

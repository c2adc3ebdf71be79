import { describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-route';

const Screen = () => null;

describe('lazyRoute', () => {
  it('resolves to the picked component', async () => {
    const load = lazyRoute(() => Promise.resolve({ Screen }), (m) => m.Screen);
    await expect(load()).resolves.toEqual({ Component: Screen });
  });

  it('fails as a chunk-load error once the time-out passes', async () => {
    vi.useFakeTimers();
    const load = lazyRoute(() => new Promise<{ Screen: typeof Screen }>(() => undefined), (m) => m.Screen, 120_000);
    const result = load();
    const settled = expect(result).rejects.toThrow(/dynamically imported module/);
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
  });
});

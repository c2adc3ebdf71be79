import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

describe('afterNextPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves at the second animation frame, after the first has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let done = false;
    const painted = afterNextPaint().then(() => {
      done = true;
    });
    const nextFrame = async () => {
      frames.shift()?.(performance.now());
      await Promise.resolve();
    };
    await nextFrame();
    expect(done).toBe(false);
    await nextFrame();
    await painted;
    expect(done).toBe(true);
  });

  it('resolves at once in a hidden tab, which paints no frames', async () => {
    const requestFrame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', requestFrame);
    const hidden = { visibilityState: 'hidden' } as Document;
    await afterNextPaint(hidden);
    expect(requestFrame).not.toHaveBeenCalled();
  });
});

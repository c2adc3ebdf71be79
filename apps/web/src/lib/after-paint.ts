/**
 * Resolves once the browser has painted a frame: at the second animation frame from now (the
 * first comes before that frame's paint). A hidden tab paints no frames: there it resolves at once.
 */
export function afterNextPaint(doc: Document = document): Promise<void> {
  if (doc.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** A spinner for the first 3 seconds, counted from the navigation's start (the loader is in the served HTML). */
export const START_LOADER_MS = 3000;

/** What is left of the start loader's 3 s when the app starts (the bundle loaded under the HTML's copy meanwhile). */
export function startLoaderLeftMs(): number {
  return Math.max(0, START_LOADER_MS - performance.now());
}

let loaderShowing = false;
const loaderListeners = new Set<() => void>();

/**
 * The shell says when its start loader covers the page and when it really went away: its timer
 * can fire late on a busy phone, so pages that must stay readable for a while after the loader
 * (the verify page) count from this, not from the nominal 3 s.
 */
export function setStartLoaderShowing(showing: boolean, notify = true): void {
  if (loaderShowing === showing) return;
  loaderShowing = showing;
  if (notify) loaderListeners.forEach((listener) => listener());
}

/** Whether the start loader covers the page now (false outside the shell, e.g. in tests). */
export function useStartLoaderShowing(): boolean {
  return useSyncExternalStore(
    (listener) => {
      loaderListeners.add(listener);
      return () => loaderListeners.delete(listener);
    },
    () => loaderShowing,
    () => false,
  );
}

/** The spin period of the ring (index.html's styles): the app's copy goes on where the HTML's was. */
const RING_TURN_MS = 900;

/**
 * The loader as React draws it, with the markup and classes of the copy in index.html (whose
 * inline styles draw both). It replaces that copy before the browser paints, so nothing moves.
 */
export function StartLoader() {
  const { t } = useTranslation();
  const [ringPhaseMs] = useState(() => Math.round(performance.now() % RING_TURN_MS));
  useLayoutEffect(() => {
    document.getElementById('start-loader')?.remove();
  }, []);
  return (
    <div className="start-loader" role="status" aria-live="polite">
      <div className="start-loader__mark" aria-hidden="true">
        <span className="start-loader__ring" style={{ animationDelay: `-${ringPhaseMs}ms` }} />
        <span className="start-loader__logo">CS</span>
      </div>
      <p className="start-loader__text">{t('common.startLoading')}</p>
    </div>
  );
}

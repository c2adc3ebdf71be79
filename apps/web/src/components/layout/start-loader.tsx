import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §2: a spinner for the first 3 seconds, counted from the navigation's start (the loader is in the served HTML). */
export const START_LOADER_MS = 3000;

/** What is left of the start loader's 3 s when the app starts (the bundle loaded under the HTML's copy meanwhile). */
export function startLoaderLeftMs(): number {
  return Math.max(0, START_LOADER_MS - performance.now());
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

import { text } from '@/lib/i18n';
import './start-loader.css';

/** SPEC §2: a spinner for the first 3 seconds after the app starts. */
export const START_LOADER_MS = 3000;

export function StartLoader() {
  return (
    <div className="start-loader" role="status" aria-live="polite">
      <div className="start-loader__mark" aria-hidden="true">
        <span className="start-loader__ring" />
        <span className="start-loader__logo">CS</span>
      </div>
      <p className="start-loader__text">{text.common.startLoading}</p>
    </div>
  );
}

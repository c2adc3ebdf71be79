import { memo, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import {
  setStartLoaderShowing,
  StartLoader,
  startLoaderLeftMs,
} from '@/components/layout/start-loader';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from 'react-i18next';

import './layout.css';

/**
 * Shell around every route: start loader (the first 3 s after navigation), header, routes with a 300 ms fade,
 * footer. The shell renders under the loader (inert) so the first page's code and data load
 * during those seconds instead of after them.
 */
export function AppLayout() {
  const [starting, setStarting] = useState(() => {
    // Set before the first page renders (no one listens yet): that page sees the loader up.
    setStartLoaderShowing(true, false);
    return true;
  });

  useEffect(() => {
    setStartLoaderShowing(true);
    const timer = window.setTimeout(() => {
      setStarting(false);
      setStartLoaderShowing(false);
    }, startLoaderLeftMs());
    return () => {
      window.clearTimeout(timer);
      setStartLoaderShowing(false);
    };
  }, []);

  return (
    <>
      {starting && <StartLoader />}
      <div className="app" inert={starting}>
        <Shell />
      </div>
    </>
  );
}

/**
 * The shell's content, memoised: the loader going (AppLayout's state) re-renders none of it, so
 * the page is not rendered again as the loader leaves (on a phone that was several long tasks
 * at the 3 s mark, issue 23).
 */
const Shell = memo(function Shell() {
  const { t } = useTranslation();
  const location = useLocation();

  // Every route change starts at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname, location.search]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        {/* Keyed on the path: a new page mounts and plays the fade; filter changes do not. */}
        <div key={location.pathname} className="route-fade">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Footer />
    </>
  );
});

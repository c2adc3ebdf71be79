import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslation } from 'react-i18next';

import { NotFound } from './not-found';
import './not-found.css';

/** A lazy route whose file is gone: the shop was redeployed since this tab loaded it. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
      error.message,
    )
  );
}

/** Shown inside the shell (header and footer stay) when a route fails to load or render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const stale = isChunkLoadError(error);
  return (
    <section className="not-found container" aria-labelledby="route-error-title" role="alert">
      <h1 id="route-error-title" className="not-found__title">
        {t('common.routeError.title')}
      </h1>
      <p className="not-found__hint">
        {stale ? t('common.routeError.staleApp') : t('common.routeError.unexpected')}
      </p>
      <div className="not-found__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common.routeError.reload')}
        </button>
        <Link className="button button--ghost" to={paths.home} reloadDocument>
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}

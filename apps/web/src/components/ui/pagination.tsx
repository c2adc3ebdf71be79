import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

import './pagination.css';

interface Props {
  /** The navigation's accessible name ("Pages", "Users pages"). */
  label: string;
  page: number;
  /** Total count of the list (the server's X-Total-Count). */
  total: number;
  pageSize: number;
  /** "81–100 of 200" beside the links; with it the bar shows even when everything fits one page. */
  range?: (from: number, to: number, total: number) => string;
  /** Smaller links spread beside the range (admin lists) instead of a centred row (catalogue). */
  compact?: boolean;
  /** Keep the URL's other search params (catalogue filters); otherwise the link holds ?page only. */
  keepOtherParams?: boolean;
}

/** Pages to offer: the first, the last, and the current one with its neighbours; gaps are null. */
export function visiblePages(page: number, count: number): (number | null)[] {
  const wanted = new Set([1, count, page - 1, page, page + 1].filter((n) => n >= 1 && n <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const pages: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) pages.push(null);
    pages.push(n);
  });
  return pages;
}

/** Page links; the page lives in the URL's ?page so back/forward and shared links work. */
export function Pagination({
  label,
  page,
  total,
  pageSize,
  range,
  compact,
  keepOtherParams,
}: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const count = Math.ceil(total / pageSize);
  if (count <= 1 && !range) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const href = (n: number) => {
    const params = new URLSearchParams(keepOtherParams ? location.search : '');
    if (n > 1) params.set('page', String(n));
    else params.delete('page');
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : '' };
  };
  const disabled = (words: string) => (
    <span className="pagination__link pagination__link--disabled" aria-disabled="true">
      {words}
    </span>
  );

  return (
    <nav
      className={`pagination ${compact ? 'pagination--compact' : 'pagination--roomy'}`}
      aria-label={label}
    >
      {range && <p className="pagination__range">{range(first, last, total)}</p>}
      {count > 1 && (
        <ul className="pagination__list">
          <li>
            {page > 1 ? (
              <Link className="pagination__link" to={href(page - 1)} rel="prev">
                {t('common.pagination.previous')}
              </Link>
            ) : (
              disabled(t('common.pagination.previous'))
            )}
          </li>
          {visiblePages(page, count).map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="pagination__gap">
                …
              </li>
            ) : (
              <li key={n}>
                <Link
                  className="pagination__link"
                  to={href(n)}
                  aria-label={t('common.pagination.page', { n })}
                  aria-current={n === page ? 'page' : undefined}
                >
                  {n}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < count ? (
              <Link className="pagination__link" to={href(page + 1)} rel="next">
                {t('common.pagination.next')}
              </Link>
            ) : (
              disabled(t('common.pagination.next'))
            )}
          </li>
        </ul>
      )}
    </nav>
  );
}

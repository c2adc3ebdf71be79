import { Link, useLocation } from 'react-router';
import { text } from '@/lib/i18n';
import './pagination.css';

const t = text.common.pagination;

/** Page numbers to show: first, last, and the current one with its neighbours. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

/** Links that keep every other search param, so back/forward and shared links work. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const location = useLocation();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;

  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n <= 1) params.delete('page');
    else params.set('page', String(n));
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : '' };
  };

  return (
    <nav className="pagination" aria-label={t.label}>
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link className="pagination__link" to={href(page - 1)} rel="prev">
              {t.previous}
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-disabled="true">
              {t.previous}
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link className="pagination__link" to={href(n)} aria-label={t.page(n)} aria-current={n === page ? 'page' : undefined}>
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link className="pagination__link" to={href(page + 1)} rel="next">
              {t.next}
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-disabled="true">
              {t.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

import { Link } from 'react-router';
import { text } from '@/lib/i18n';
import { ADMIN_PAGE_SIZE, pageCount } from '../hooks/use-page';
import './admin-list.css';

interface Props {
  /** What is paged, for the navigation's accessible name ("Users pages"). */
  label: string;
  page: number;
  /** X-Total-Count of the list. */
  total: number;
  pageSize?: number;
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

/** Page links driven by the server's total; the page lives in the URL's ?page. */
export function Pagination({ label, page, total, pageSize = ADMIN_PAGE_SIZE }: Props) {
  const count = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const t = text.admin.pagination;
  const href = (n: number) => ({ search: n === 1 ? '' : `?page=${n}` });

  return (
    <nav className="admin-pagination" aria-label={t.label(label)}>
      <p className="admin-pagination__range">{t.range(first, last, total)}</p>
      {count > 1 && (
        <ul className="admin-pagination__pages">
          <li>
            {page > 1 ? (
              <Link className="admin-pagination__link" to={href(page - 1)} rel="prev">
                {t.previous}
              </Link>
            ) : (
              <span className="admin-pagination__disabled" aria-disabled="true">
                {t.previous}
              </span>
            )}
          </li>
          {visiblePages(page, count).map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="admin-pagination__gap">
                …
              </li>
            ) : (
              <li key={n}>
                <Link
                  className="admin-pagination__link"
                  to={href(n)}
                  aria-label={t.page(n)}
                  aria-current={n === page ? 'page' : undefined}
                >
                  {n}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < count ? (
              <Link className="admin-pagination__link" to={href(page + 1)} rel="next">
                {t.next}
              </Link>
            ) : (
              <span className="admin-pagination__disabled" aria-disabled="true">
                {t.next}
              </span>
            )}
          </li>
        </ul>
      )}
    </nav>
  );
}

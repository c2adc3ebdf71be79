import { useId } from 'react';
import { categoryKey, matchCategory } from '@shop/shared';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { categoryLabel } from '@/lib/i18n/category';
import { catalogueQuery, type Selection } from '../lib/catalogue-query';
import { CatalogueToolbar } from './catalogue-toolbar';
import { CourseResults } from './course-results';
import './catalogue-page.css';
import './kids-theme.css';

export interface CategoryLink {
  label: string;
  /** Query value of ?cg=; undefined for "All". */
  value?: string;
}

interface CataloguePageProps {
  basePath: string;
  categories: CategoryLink[];
  searchPath: (keyword: string) => string;
  defaultKeyword?: string;
  variant?: 'default' | 'kids';
}

/** The catalogue's title: 'All Courses', 'Programming Courses', '*keyword* Search Courses'. */
export function headingFor(
  t: TFunction,
  selection: Selection,
  variant: 'default' | 'kids' = 'default',
): string {
  const all = variant === 'kids' ? t('catalogue.heading.kidsAll') : t('catalogue.heading.all');
  switch (selection.kind) {
    case 'all':
      return all;
    case 'keyword':
      return selection.isDefault
        ? all
        : t('catalogue.heading.search', { keyword: selection.value });
    case 'category':
    case 'filter':
      return t('catalogue.heading.category', { category: categoryLabel(t, selection.value) });
  }
}

function isCurrent(link: CategoryLink, selection: Selection): boolean {
  if (link.value === undefined)
    return selection.kind === 'all' || (selection.kind === 'keyword' && selection.isDefault);
  return (
    (selection.kind === 'category' || selection.kind === 'filter') &&
    categoryKey(matchCategory(selection.value) ?? selection.value) ===
      categoryKey(matchCategory(link.value) ?? link.value)
  );
}

/** The catalogue screen shared by /courses, /search/{keyword} and /courseskids. */
export function CataloguePage({
  basePath,
  categories,
  searchPath,
  defaultKeyword,
  variant = 'default',
}: CataloguePageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { selection, view, args } = catalogueQuery(location, defaultKeyword);
  const headingId = useId();

  return (
    <div className={`catalogue catalogue--${variant}${variant === 'kids' ? ' kids-theme' : ''}`}>
      <div className="catalogue__hero">
        <div className="container">
          <h1 id={headingId} className="catalogue__title">
            {headingFor(t, selection, variant)}
          </h1>
          <nav aria-label={t('catalogue.categories.label')}>
            <ul className="catalogue__categories">
              {categories.map((link) => (
                <li key={link.label}>
                  <Link
                    className="catalogue__category"
                    to={link.value ? `${basePath}/?cg=${encodeURIComponent(link.value)}` : basePath}
                    aria-current={isCurrent(link, selection) ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="container catalogue__body">
        <CatalogueToolbar view={view} searchPath={searchPath} variant={variant} />
        <CourseResults args={args} paginate labelledBy={headingId} cardHeading="h2" />
      </div>
    </div>
  );
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '@/stores/hooks';
import { paths } from '@/config/paths';
import { CataloguePage, type CategoryLink } from '../components/catalogue-page';
const CATEGORIES = (t: TFunction): CategoryLink[] => [
  { label: t('catalogue.categories.all') },
  { label: t('catalogue.categories.english'), value: 'English' },
  { label: t('catalogue.categories.francais'), value: 'Francais' },
  { label: t('catalogue.categories.programming'), value: 'Programming' },
  { label: t('catalogue.categories.crew'), value: 'CREW' },
  { label: t('catalogue.categories.art'), value: 'ART' },
];

/** /courses, /courses/?cg=…, /courses/?filter=… and /search/{keyword}. */
export function Catalogue() {
  const { t } = useTranslation();
  const isKid = useAppSelector((s) => !!s.user.userInfo?.isKid);
  const { pathname } = useLocation();
  // Kid accounts are kept in the kids area (docs/product.md#who-does-what) (the /courses list only; searches stay).
  if (isKid && pathname.startsWith(paths.courses))
    return <Navigate to={paths.kidsCourses} replace />;
  return (
    <CataloguePage basePath={paths.courses} categories={CATEGORIES(t)} searchPath={paths.search} />
  );
}

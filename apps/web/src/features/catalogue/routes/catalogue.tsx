import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '@/app/store';
import { paths } from '@/config/paths';
import { text } from '@/lib/i18n';
import { CataloguePage, type CategoryLink } from '../components/catalogue-page';

const c = text.catalogue.categories;
const CATEGORIES: CategoryLink[] = [
  { label: c.all },
  { label: c.english, value: 'English' },
  { label: c.francais, value: 'Francais' },
  { label: c.programming, value: 'Programming' },
  { label: c.crew, value: 'CREW' },
  { label: c.art, value: 'ART' },
];

/** /courses, /courses/?cg=…, /courses/?filter=… and /search/{keyword}. */
export function Catalogue() {
  const isKid = useAppSelector((s) => !!s.user.userInfo?.isKid);
  const { pathname } = useLocation();
  // SPEC §6: kid accounts are kept in the kids area (the /courses list only; searches stay).
  if (isKid && pathname.startsWith(paths.courses)) return <Navigate to={paths.kidsCourses} replace />;
  return <CataloguePage basePath={paths.courses} categories={CATEGORIES} searchPath={paths.search} />;
}

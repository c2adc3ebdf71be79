import { KIDS_KEYWORD } from '@shop/shared';
import { paths } from '@/config/paths';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CataloguePage, type CategoryLink } from '../components/catalogue-page';

/** The kids list keyword defaults to 'kids' (shared: the server preloads the kids home's list). */
export { KIDS_KEYWORD };
const KIDS_CATEGORIES = (t: TFunction): CategoryLink[] => [
  { label: t('catalogue.categories.kidsLanguage'), value: 'LanguageKids' },
  { label: t('catalogue.categories.kidsProgramming'), value: 'ProgrammingKids' },
  { label: t('catalogue.categories.kidsSoftSkills'), value: 'Softskills' },
];

export function KidsCatalogue() {
  const { t } = useTranslation();
  return (
    <CataloguePage
      basePath={paths.kidsCourses}
      categories={KIDS_CATEGORIES(t)}
      searchPath={paths.kidsSearch}
      defaultKeyword={KIDS_KEYWORD}
      variant="kids"
    />
  );
}

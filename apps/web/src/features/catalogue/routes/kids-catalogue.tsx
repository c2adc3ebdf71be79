import { paths } from '@/config/paths';
import { text } from '@/lib/i18n';
import { CataloguePage, type CategoryLink } from '../components/catalogue-page';

/** SPEC §2: the kids list keyword defaults to 'kids'. */
export const KIDS_KEYWORD = 'kids';

const c = text.catalogue.categories;
const KIDS_CATEGORIES: CategoryLink[] = [
  { label: c.kidsLanguage, value: 'LanguageKids' },
  { label: c.kidsProgramming, value: 'ProgrammingKids' },
  { label: c.kidsSoftSkills, value: 'Softskills' },
];

export function KidsCatalogue() {
  return (
    <CataloguePage
      basePath={paths.kidsCourses}
      categories={KIDS_CATEGORIES}
      searchPath={paths.kidsSearch}
      defaultKeyword={KIDS_KEYWORD}
      variant="kids"
    />
  );
}

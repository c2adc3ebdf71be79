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

/** Kids searches stay in the kids area: /courseskids/{keyword}. */
const kidsSearch = (keyword: string) => `${paths.kidsCourses}/${encodeURIComponent(keyword)}`;

export function KidsCatalogue() {
  return (
    <CataloguePage
      basePath={paths.kidsCourses}
      categories={KIDS_CATEGORIES}
      searchPath={kidsSearch}
      defaultKeyword={KIDS_KEYWORD}
      variant="kids"
    />
  );
}

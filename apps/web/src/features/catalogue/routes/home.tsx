import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { useAppSelector } from '@/stores/hooks';
import { CodeIcon, LanguageIcon, PaletteIcon, SmileIcon } from '@/components/ui/icons';
import { Slider } from '@/components/ui/slider';
import { paths } from '@/config/paths';
import { FIRST_SCREEN_LISTS } from '@shop/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CategoryCards } from '../components/category-cards';
import { CourseResults } from '../components/course-results';
import './home.css';

/** The home slider moves every 6000 ms (docs/product.md#screens). */
export const HOME_SLIDE_MS = 6000;
const ART = [CodeIcon, SmileIcon, PaletteIcon, LanguageIcon];
const CARD_ICONS = [CodeIcon, LanguageIcon, PaletteIcon];
/** The `cg` value of each category card (links /courses/?cg=Programming, Language, Art: docs/product.md#screens). */
const CARD_CATEGORIES = ['Programming', 'Language', 'Art'];

const slides = (t: TFunction) =>
  t('catalogue.home.slides', { returnObjects: true }).map((slide, index) => {
    const Icon = ART[index] ?? CodeIcon;
    return { ...slide, art: <Icon /> };
  });
const cards = (t: TFunction) =>
  t('catalogue.home.categoryCards', { returnObjects: true }).map((card, index) => ({
    ...card,
    // The link names the category in the shop's own words, whatever the language on screen.
    to: paths.coursesByCategory(CARD_CATEGORIES[index] ?? card.title),
    Icon: CARD_ICONS[index] ?? CodeIcon,
  }));

export function Home() {
  const { t } = useTranslation();
  const isKid = useAppSelector((s) => !!s.user.userInfo?.isKid);
  const categoriesId = useId();
  const latestId = useId();
  if (isKid) return <Navigate to={paths.kids} replace />;

  return (
    <>
      <h1 className="visually-hidden">{t('common.brand')}</h1>
      <Slider
        slides={slides(t)}
        intervalMs={HOME_SLIDE_MS}
        ctaLabel={t('catalogue.home.learnNow')}
        ctaTo={paths.courses}
      />
      <section className="home__section container" aria-labelledby={categoriesId}>
        <h2 id={categoriesId} className="section-title">
          {t('catalogue.home.categoriesTitle')}
        </h2>
        <CategoryCards cards={cards(t)} />
      </section>
      <section className="home__section container" aria-labelledby={latestId}>
        <div className="home__section-head">
          <h2 id={latestId} className="section-title">
            {t('catalogue.home.latestTitle')}
          </h2>
          <Link className="button button--ghost button--small" to={paths.courses}>
            {t('catalogue.home.seeAll')}
          </Link>
        </div>
        <CourseResults args={FIRST_SCREEN_LISTS.home} labelledBy={latestId} />
      </section>
    </>
  );
}

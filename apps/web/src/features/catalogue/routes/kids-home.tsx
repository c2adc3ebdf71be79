import { useId } from 'react';
import { Link } from 'react-router';
import { CodeIcon, LanguageIcon, PaletteIcon, SmileIcon } from '@/components/ui/icons';
import { Slider } from '@/components/ui/slider';
import { paths } from '@/config/paths';
import { FIRST_SCREEN_LISTS } from '@shop/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CategoryCards } from '../components/category-cards';
import { CourseResults } from '../components/course-results';
import '../components/kids-theme.css';
import './home.css';

/** The kids slider moves every 12000 ms (docs/product.md#screens). */
export const KIDS_SLIDE_MS = 12000;
const ART = [PaletteIcon, CodeIcon, LanguageIcon, SmileIcon];
const CARD_ICONS = [CodeIcon, LanguageIcon, SmileIcon];

const slides = (t: TFunction) =>
  t('catalogue.kids.slides', { returnObjects: true }).map((slide, index) => {
    const Icon = ART[index] ?? SmileIcon;
    return { ...slide, art: <Icon /> };
  });
const cards = (t: TFunction) =>
  t('catalogue.kids.cards', { returnObjects: true }).map((card, index) => ({
    title: card.title,
    text: card.text,
    to: `${paths.kidsCourses}/?cg=${card.category}`,
    Icon: CARD_ICONS[index] ?? SmileIcon,
  }));

export function KidsHome() {
  const { t } = useTranslation();
  const cardsId = useId();
  const listId = useId();
  return (
    <div className="kids-home kids-theme">
      <h1 className="visually-hidden">{t('catalogue.kids.headingAll')}</h1>
      <Slider
        slides={slides(t)}
        intervalMs={KIDS_SLIDE_MS}
        ctaLabel={t('catalogue.kids.learnNow')}
        ctaTo={paths.kidsCourses}
        variant="kids"
      />
      <section className="home__section container" aria-labelledby={cardsId}>
        <h2 id={cardsId} className="section-title">
          {t('catalogue.kids.cardsTitle')}
        </h2>
        <CategoryCards cards={cards(t)} variant="kids" />
      </section>
      <section className="home__section container" aria-labelledby={listId}>
        <div className="home__section-head">
          <h2 id={listId} className="section-title">
            {t('catalogue.kids.catalogueTitle')}
          </h2>
          <Link className="button button--kids button--small" to={paths.kidsCourses}>
            {t('catalogue.kids.seeAll')}
          </Link>
        </div>
        <CourseResults args={FIRST_SCREEN_LISTS.kids} labelledBy={listId} />
      </section>
    </div>
  );
}

import { useId } from 'react';
import { Link } from 'react-router';
import { CodeIcon, LanguageIcon, PaletteIcon, SmileIcon } from '@/components/ui/icons';
import { Slider } from '@/components/ui/slider';
import { paths } from '@/config/paths';
import { text } from '@/lib/i18n';
import { CategoryCards } from '../components/category-cards';
import { CourseResults } from '../components/course-results';
import { KIDS_KEYWORD } from './kids-catalogue';
import '../components/kids-theme.css';
import './home.css';

/** SPEC §9: the kids slider moves every 12000 ms. */
export const KIDS_SLIDE_MS = 12000;

const t = text.catalogue.kids;
const ART = [PaletteIcon, CodeIcon, LanguageIcon, SmileIcon];
const CARD_ICONS = [CodeIcon, LanguageIcon, SmileIcon];

const slides = t.slides.map((slide, index) => {
  const Icon = ART[index] ?? SmileIcon;
  return { ...slide, art: <Icon /> };
});
const cards = t.cards.map((card, index) => ({
  title: card.title,
  text: card.text,
  to: `${paths.kidsCourses}/?cg=${card.category}`,
  Icon: CARD_ICONS[index] ?? SmileIcon,
}));

export function KidsHome() {
  const cardsId = useId();
  const listId = useId();
  return (
    <div className="kids-home kids-theme">
      <h1 className="visually-hidden">{text.catalogue.kids.headingAll}</h1>
      <Slider slides={slides} intervalMs={KIDS_SLIDE_MS} ctaLabel={t.learnNow} ctaTo={paths.kidsCourses} variant="kids" />
      <section className="home__section container" aria-labelledby={cardsId}>
        <h2 id={cardsId} className="section-title">
          {t.cardsTitle}
        </h2>
        <CategoryCards cards={cards} variant="kids" />
      </section>
      <section className="home__section container" aria-labelledby={listId}>
        <div className="home__section-head">
          <h2 id={listId} className="section-title">
            {t.catalogueTitle}
          </h2>
          <Link className="button button--kids button--small" to={paths.kidsCourses}>
            {t.seeAll}
          </Link>
        </div>
        <CourseResults args={{ keyword: KIDS_KEYWORD, limit: 6 }} labelledBy={listId} />
      </section>
    </div>
  );
}

import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/ui/icons';
import { useTranslation } from 'react-i18next';

import './category-cards.css';

export interface CategoryCard {
  title: string;
  text: string;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** Three big category tiles (home: Programming, Language, Art; kids: Programming, Language, Soft Skills). */
export function CategoryCards({
  cards,
  variant = 'default',
}: {
  cards: CategoryCard[];
  variant?: 'default' | 'kids';
}) {
  const { t } = useTranslation();
  return (
    <ul className={`category-cards category-cards--${variant}`}>
      {cards.map(({ title, text: blurb, to, Icon }, index) => (
        <li key={title} className={`category-card category-card--${index + 1}`}>
          <span className="category-card__icon" aria-hidden="true">
            <Icon />
          </span>
          <h3 className="category-card__title">
            <Link className="category-card__link" to={to}>
              {title}
            </Link>
          </h3>
          <p className="category-card__text">{blurb}</p>
          <span className="category-card__more" aria-hidden="true">
            {t('catalogue.home.explore', { title })}
            <span className="flip-rtl">
              <ArrowRightIcon />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

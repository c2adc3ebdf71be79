import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import './stars.css';

export type StarFill = 'full' | 'half' | 'empty';

/** Star n is full at rating >= n, half at rating >= n - 0.5, otherwise empty. */
export function starFills(rating: number): StarFill[] {
  return [1, 2, 3, 4, 5].map((n) => (rating >= n ? 'full' : rating >= n - 0.5 ? 'half' : 'empty'));
}

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z';

/** Five stars on the 0-5 scale in half steps; read out as one label, e.g. "Rated 3.5 out of 5". */
export function Stars({ value, text: caption }: { value: number; text?: string }) {
  const { t } = useTranslation();
  const gradientId = useId();
  const rounded = Math.round(value * 10) / 10;
  return (
    <span className="stars">
      <span
        className="stars__icons"
        role="img"
        aria-label={t('common.stars.rated', { value: rounded })}
      >
        {starFills(value).map((fill, index) => (
          <svg
            key={index}
            className={`stars__star stars__star--${fill}`}
            viewBox="0 0 24 24"
            aria-hidden="true"
            data-fill={fill}
          >
            {fill === 'half' && (
              <defs>
                <linearGradient id={gradientId}>
                  <stop offset="50%" stopColor="var(--color-star)" />
                  <stop offset="50%" stopColor="transparent" />
                </linearGradient>
              </defs>
            )}
            <path
              d={STAR}
              fill={
                fill === 'full'
                  ? 'var(--color-star)'
                  : fill === 'half'
                    ? `url(#${gradientId})`
                    : 'none'
              }
              stroke="var(--color-star)"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
        ))}
      </span>
      {caption && <span className="stars__text">{caption}</span>}
    </span>
  );
}
